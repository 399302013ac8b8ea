/**
 * Issue 28 item 5: a huge upstream answer with no sections is refused (not Ready, not billed); another
 * user's history item is a 404 like a missing one; the admin test-send log masks the address; the
 * public health check keeps dependency errors to the log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { PORTAL_MESSAGES } from '@shared/messages';
import { icebreakHistory, users } from '../../server/src/db/schema';
import { createOpenAiGenerator } from '../../server/src/features/generation/openai-generator';
import { HISTORY_NOT_FOUND } from '../../server/src/features/icebreak/icebreak-routes';
import { databaseTargets } from '../helpers/databases';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';

describe.each(databaseTargets())('a 20 MB upstream answer with no sections, on $name', (target) => {
  let fake: FakeOpenAi;
  let db: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    db = await target.open();
    app = await startTestApp({
      database: db,
      deps: { generator: createOpenAiGenerator({ baseUrl: fake.url, model: 'fake-model', idleTimeoutMs: 30_000, retryBaseMs: 10 }) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
    await fake?.close();
  });

  it('is not stored Ready nor billed: the stream ends with a clear error, the credit is refunded', async () => {
    const user = await app.signUp('Huge Hal');
    const line = `${'w'.repeat(999)}\n`;
    fake.enqueue({ chunks: Array.from({ length: 20_000 }, () => line), chunkDelayMs: 0 });
    const lines = await collectLines(
      await app.client(user).searchPost({ profileUrl: 'Jane Doe, CTO at Acme in Berlin', email: user.email }),
    );
    expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: PORTAL_MESSAGES.noInsightsGenerated });
    const [row] = await db.db.select().from(users).where(eq(users.email, user.email));
    const items = await db.db.select().from(icebreakHistory).where(eq(icebreakHistory.userId, row!.id));
    expect(items.map((i) => i.status)).toEqual(['Failed']);
    expect(JSON.stringify(items[0]!.insightsText).length).toBeLessThan(2000);
    expect((await app.client(user).getCredits(user.email)).credits).toBe(FREE_MONTHLY_CREDITS);
  }, 60_000);
});

describe.each(databaseTargets())('existence, logs and health on $name', (target) => {
  let db: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;
  let admin: TestUser;
  const logged: string[] = [];
  beforeAll(async () => {
    db = await target.open();
    admin = await createTestUser({ verified: true });
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    app = await startTestApp({ database: db, env: { ADMIN_EMAILS: admin.email }, deps: { logger: pino({ level: 'info' }, sink) } });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  it("another user's Icebreak history item answers 404 exactly like a missing one", async () => {
    const a = await app.signUp('Owner Olive');
    const b = await app.signUp('Prying Pete');
    await collectLines(await app.client(a).searchPost({ profileUrl: 'Zoe Park runs design at Initech.', email: a.email }));
    const [item] = await app.client(a).getHistory(a.email);
    const other = await app.fetch(`/api/icebreak/insights/${item!._id}?email=${encodeURIComponent(b.email)}`, { user: b });
    const missing = await app.fetch(`/api/icebreak/insights/00000000-0000-0000-0000-000000000000?email=${encodeURIComponent(b.email)}`, {
      user: b,
    });
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    const [otherBody, missingBody] = [await other.json(), await missing.json()];
    expect(otherBody).toEqual(missingBody);
    expect(otherBody).toMatchObject({ message: HISTORY_NOT_FOUND });
  });

  it('the admin "test reminder sent" log line masks the recipient address', async () => {
    await app.register(admin, 'Ada Admin');
    const recipient = `someone.private-${Date.now()}@example.org`;
    const res = await app.fetch('/api/reminders/instant-test', {
      user: admin,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: recipient }),
    });
    expect(res.status).toBe(200);
    const sentLine = logged.find((l) => l.includes('test reminder sent'));
    expect(sentLine).toBeDefined();
    expect(sentLine).toContain('s***@example.org');
    expect(logged.join('')).not.toContain(recipient);
  });

  it('the public health check answers a generic status; the error details go to the log', async () => {
    const down = await startTestApp({
      database: db,
      deps: {
        logger: pino({ level: 'info' }, new Writable({ write: (c: Buffer, _e, done) => (logged.push(c.toString()), done()) })),
        verifier: {
          verify: () => Promise.reject(new Error('down')),
          ping: () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:443')),
        },
      },
    });
    try {
      const res = await down.fetch('/api/health');
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ status: 'degraded', database: { ok: true }, identity: { ok: false } });
      expect(text).not.toContain('ECONNREFUSED');
      expect(logged.join('')).toContain('ECONNREFUSED 10.1.2.3');
    } finally {
      await down.close();
    }
  });

  it('authenticated JSON carries Cache-Control: no-store; every response a Permissions-Policy (microphone for our own pages only)', async () => {
    const user = await app.signUp('Header Hana');
    for (const route of [
      `/api/user/${user.uid}`,
      `/api/user-credits/${encodeURIComponent(user.email)}`,
      '/api/credits/usage',
      '/api/calls',
    ]) {
      const res = await app.fetch(route, { user });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control'), route).toBe('no-store');
    }
    for (const route of ['/api/health', '/api/config', '/no-such-page']) {
      const res = await app.fetch(route);
      expect(res.headers.get('permissions-policy'), route).toBe('camera=(), geolocation=(), microphone=(self), payment=(), usb=()');
    }
  });
});
