/**
 * 50 members spend one team pool at once through two server processes (OS processes) on one
 * PostgreSQL database (PGlite serves one process: its pool is tested in team-credits.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@shared/api/client';
import { CREDIT_COSTS, FREE_MONTHLY_CREDITS } from '@shared/constants';
import type { StreamLine } from '@shared/schemas';
import { systemClock } from '../../server/src/clock';
import type { Database } from '../../server/src/db/database';
import { teamMembers } from '../../server/src/db/schema';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { processDatabaseTargets } from '../helpers/databases';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

const MEMBERS = 50;
const POOL = 30;

const targets = processDatabaseTargets('pool-processes-');
const target = targets.find((t) => t.concurrent);

describe.runIf(target)('one team pool, 50 members, two server processes (PostgreSQL)', () => {
  const processes: ServerProcess[] = [];
  let database: Database;

  beforeAll(async () => {
    // Migrated before the processes start (two processes never race on a fresh schema).
    database = await target!.open();
    // A burst of 50 on a 2-core machine that runs other test files too: the test is about the pool's
    // accounting, so requests wait for a connection as long as they need (startServerProcess's long pool wait; a
    // short wait is a 503, errors.test.ts).
    for (let i = 0; i < 2; i++) processes.push(await startServerProcess({ ...target!.env, REMINDERS_ENABLED: 'false' }));
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await database?.close();
    for (const t of targets) await t.dispose();
  });

  const clientOf = (server: ServerProcess, user: TestUser) => createApiClient({ baseUrl: server.url, getToken: async () => user.idToken });

  it('the pool pays exactly 30 analyses, never goes below 0, and its ledger equals it; the rest are paid by the members', async () => {
    const people = await Promise.all(Array.from({ length: MEMBERS + 1 }, () => createTestUser({ verified: true })));
    const [owner, ...members] = people as [TestUser, ...TestUser[]];
    const ids = new Map<TestUser, string>();
    for (const [i, user] of people.entries()) {
      const out = await clientOf(processes[i % 2]!, user).registerUser({ name: `Rep ${i}`, email: user.email, firebaseUid: user.uid });
      const [row] = await database.raw.query<{ id: string }>('SELECT id FROM users WHERE firebase_uid = $1', [out.user.firebaseUid]);
      ids.set(user, row!.id);
    }
    const teamId = (await clientOf(processes[0]!, owner).createTeam({ name: 'Busy floor' })).team!.id;
    // Members join by invitation in teams-invites.test.ts; here they are put in directly.
    await database.db.insert(teamMembers).values(members.map((m) => ({ teamId, userId: ids.get(m)!, role: 'member' as const })));
    const credits = createCreditsService(database.db, systemClock);
    await database.db.transaction((tx) => credits.setTeamAllowance(tx, teamId, ids.get(owner)!, POOL, 'adjustment', 'test'));

    // Every member at once, alternating between the two processes.
    const lasts = await Promise.all(
      members.map(async (m, i) => {
        const lines: StreamLine[] = [];
        const profileUrl = `Priya Raman is VP of Sales at Globex in Toronto. She enjoys chess. Note ${i}.`;
        for await (const line of await clientOf(processes[i % 2]!, m).search({ profileUrl, email: m.email })) lines.push(line);
        return lines.at(-1)!;
      }),
    ).catch((err: unknown) => {
      // A failed request says why in its process's log: show the errors with the failure.
      const errors = processes.flatMap((p) => p.logs.filter((l) => /"level":(40|50|60)/.test(l)));
      throw new Error(`${String(err)}\nserver errors:\n${errors.join('')}`);
    });
    expect(lasts.every((l) => l.done && l.errorMessage === null)).toBe(true);

    const [pool] = await database.raw.query<{ credits: number }>('SELECT credits FROM teams WHERE id = $1', [teamId]);
    expect(pool!.credits).toBe(0);
    expect(await credits.teamLedgerSum(teamId)).toBe(0);
    const [charged] = await database.raw.query<{ n: string }>(
      `SELECT count(*) AS n FROM credit_ledger WHERE team_id = $1 AND reason = 'debit'`,
      [teamId],
    );
    expect(Number(charged!.n)).toBe(POOL / CREDIT_COSTS.icebreak);
    // Each answer carries the member's own balance: untouched when the pool paid, one analysis less when it did not.
    const balances = lasts.map((l) => l.balance);
    expect(balances.filter((b) => b === FREE_MONTHLY_CREDITS)).toHaveLength(POOL / CREDIT_COSTS.icebreak);
    expect(balances.filter((b) => b === FREE_MONTHLY_CREDITS - CREDIT_COSTS.icebreak)).toHaveLength(MEMBERS - POOL / CREDIT_COSTS.icebreak);
    for (const m of members) expect(await credits.ledgerSum(ids.get(m)!)).toBe(await credits.balance(ids.get(m)!));
  }, 240_000);
});
