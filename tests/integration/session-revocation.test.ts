/**
 * Issue 28 item 3: a deleted account's ID token is refused at once on every process, and nothing
 * re-creates its user row (real server processes, the Auth emulator).
 * - PostgreSQL: two processes on one database; the other process had the token in its cache.
 * - PGlite (one process per data folder): the process started after the deletion never saw the
 *   token (cache miss): verifyIdToken(…, checkRevoked) and the revocation row refuse it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { processDatabaseTargets } from '../helpers/databases';
import { creditLedger, revokedSessions, users } from '../../server/src/db/schema';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

function targets() {
  return processDatabaseTargets('revocation-');
}

function call(server: ServerProcess, user: TestUser, method: string, route: string, body?: unknown) {
  return fetch(`${server.url}${route}`, {
    method,
    headers: { Authorization: `Bearer ${user.idToken}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe.each(targets())('a deleted account on $name', (target) => {
  const running: ServerProcess[] = [];
  // Migrated before any process starts (so two processes never race on a fresh schema).
  beforeAll(async () => {
    await (await target.open()).close();
  });
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await target.dispose();
  });
  async function start() {
    const s = await startServerProcess({ ...target.env, REMINDERS_ENABLED: 'false' });
    running.push(s);
    return s;
  }
  async function stop(s: ServerProcess) {
    s.child.kill('SIGTERM');
    await s.exited;
  }

  it('its token is refused at once by the other process, which neither re-creates the user nor charges', async () => {
    const a = await start();
    const user = await createTestUser({ verified: true });
    expect(
      (await call(a, user, 'POST', '/api/users', { name: 'Gone Gina', email: user.email, firebaseUid: user.uid })).status,
    ).toBeLessThan(300);

    let b: ServerProcess;
    if (target.concurrent) {
      b = await start();
      // The other process has verified (and cached) this very token.
      expect((await call(b, user, 'GET', `/api/user/${user.uid}`)).status).toBe(200);
    } else {
      b = a;
    }

    expect((await call(a, user, 'DELETE', '/api/user', { email: user.email })).status).toBe(200);
    if (!target.concurrent) {
      // PGlite: the next process on the folder starts after the deletion (its cache never saw the token).
      await stop(a);
      b = await start();
    }

    for (const [method, route, body] of [
      ['GET', `/api/user/${user.uid}`],
      ['GET', `/api/user-credits/${encodeURIComponent(user.email)}`],
      ['POST', '/api/users', { name: 'Gone Gina', email: user.email, firebaseUid: user.uid }],
      ['POST', '/api/user', { firebaseUid: user.uid, email: user.email }],
      ['POST', '/api/search', { profileUrl: 'Jane Doe, CTO at Acme.', email: user.email }],
    ] as const) {
      const res = await call(b, user, method, route, body);
      expect(res.status, `${method} ${route}`).toBe(401);
    }
    // A second request on the same process (its cache now warm, were it not refused) is refused too.
    expect((await call(b, user, 'GET', `/api/user/${user.uid}`)).status).toBe(401);

    if (!target.concurrent) await stop(b);
    const db = await target.open();
    try {
      expect(await db.db.select().from(users).where(eq(users.firebaseUid, user.uid))).toEqual([]);
      expect(await db.db.select().from(users).where(eq(users.email, user.email))).toEqual([]);
      const [revoked] = await db.db.select().from(revokedSessions).where(eq(revokedSessions.firebaseUid, user.uid));
      expect(revoked).toBeDefined();
      // Only the sign-up grant of the deleted account, anonymised: no new grant, no debit.
      const ledger = await db.db.select().from(creditLedger);
      expect(ledger.map((r) => [r.reason, r.userId, r.deletedAccount !== null])).toEqual([['signup', null, true]]);
    } finally {
      await db.close();
    }
  }, 180_000);
});
