/**
 * Crash recovery and shutdown (docs/architecture.md#crash-recovery-and-shutdown) with real server processes (`server/src/main.ts`, as `npm start` runs it):
 * - kill -9 during Enrich and Icebreak requests: after the sweep every debit without a delivered
 *   result is refunded exactly once and every ledger equals its balance. On PostgreSQL two
 *   processes share the database and the survivor sweeps; on PGlite (one process per data folder)
 *   the restarted process sweeps.
 * - SIGTERM with three open streams: each client gets an error line, three refunds, exit within 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { processDatabaseTargets } from '../helpers/databases';
import { createApiClient } from '@shared/api/client';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { Lead } from '@shared/schemas/enrich';
import type { StreamLine } from '@shared/schemas/icebreak';
import { openDatabase, type Database } from '../../server/src/db/database';
import { creditLedger, enrichPending, icebreakHistory, users } from '../../server/src/db/schema';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { DEFAULT_CHUNKS, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';

const DESCRIPTION = 'Jane Doe is the CTO at Acme Robotics in Berlin.';
const lead = (i: number): Lead => ({ id: `crash-lead-${i}`, First_Name: 'Jane', Last_Name: 'Doe', Company: 'Acme', Designation: 'CTO' });
const DM = JSON.stringify({
  connectionNote: 'Hi Jane, fellow robotics person here.',
  message: 'Hi Jane,\nI saw Acme is growing in Berlin.',
});
const SCRIPT = JSON.stringify({
  opener: 'Hi Jane, this is Sam.',
  reason: 'Acme is growing.',
  value: 'We cut picking time.',
  discoveryQuestions: ['How do you pick today?'],
  objectionHandling: [{ objection: 'No time', response: 'Two minutes?' }],
  close: 'Thursday at 10?',
});

/** Whether the writer's request is an Enrich one (JSON answer) or an Icebreak one (sections). */
function answerFor(body: FakeOpenAi['requests'][number]['body'], hold: boolean) {
  const prompt = (body.messages ?? []).map((m) => m.content).join('\n');
  const chunks = prompt.includes('"connectionNote"') ? [DM] : prompt.includes('"discoveryQuestions"') ? [SCRIPT] : DEFAULT_CHUNKS;
  // Held before the last piece: the request is in flight until released (or until its process dies).
  return hold ? { chunks: chunks.length > 1 ? chunks : [chunks[0]!.slice(0, 5), chunks[0]!.slice(5)], holdAfter: 1 } : { chunks };
}

const clientOf = (url: string, user: TestUser) => createApiClient({ baseUrl: url, getToken: async () => user.idToken });

async function eventually(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Debits of a user, each with its refunds, and whether the books balance. */
async function audit(database: Database, email: string) {
  const { db } = database;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const rows = await db.select().from(creditLedger).where(eq(creditLedger.userId, user!.id));
  const debits = rows.filter((r) => r.reason === 'debit');
  const refundsOf = (id: number) => rows.filter((r) => r.reason === 'refund' && r.refundOf === id).length;
  const processing = await db
    .select()
    .from(icebreakHistory)
    .where(and(eq(icebreakHistory.userId, user!.id), eq(icebreakHistory.status, 'processing')));
  const pending = await db.select().from(enrichPending).where(eq(enrichPending.userId, user!.id));
  const ledger = rows.reduce((sum, r) => sum + r.delta, 0);
  return { user: user!, debits, refundsOf, processing: processing.length, pending: pending.length, ledger, balance: user!.credits };
}

const HOW_IT_SWEEPS = { pglite: 'the restarted process sweeps', postgres: 'two processes; the survivor sweeps' };
function targets() {
  return processDatabaseTargets('crash-pglite-').map((t) => ({ ...t, name: `${t.name} (${HOW_IT_SWEEPS[t.name]})` }));
}

/**
 * Short limits so the sweep comes within seconds (a stale item is one older than 13 s), long enough
 * that no held request meets its deadline before the kill: with 4.5 s, a loaded CI machine (the
 * server warming its grammar checker as the 15 requests trickle in) ended a stream before it.
 */
const FAST = { LLM_TIMEOUT_MS: '12000', LLM_DEADLINE_MS: '12500', STALE_WORK_AFTER_MS: '13000' };

describe.each(targets())('kill -9 during Enrich and Icebreak on $name', (target) => {
  let fake: FakeOpenAi;
  let database: Database | undefined;
  const processes: ServerProcess[] = [];
  let holding = true;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.setRouter((body) => answerFor(body, holding));
    // Migrated before any process starts (so two processes never race on a fresh schema).
    await (await target.open()).close();
  });
  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await database?.close();
    await fake?.close();
    await target.dispose();
  });

  it('every debit without a delivered result is refunded exactly once; ledger = balance', async () => {
    const env = { ...target.env, ...FAST, LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test' };
    const victim = await startServerProcess(env);
    processes.push(victim);
    const survivor = target.concurrent ? await startServerProcess(env) : undefined;
    if (survivor) processes.push(survivor);

    const user = await createTestUser({ verified: true });
    const onVictim = clientOf(victim.url, user);
    await onVictim.registerUser({ name: 'Crash Carla', email: user.email, firebaseUid: user.uid });

    // 5 Enrich requests (2 credits each) and 5 Icebreak streams (1 credit each), all held upstream.
    const enriches = Array.from({ length: 5 }, (_, i) =>
      onVictim.enrich({ lead: lead(i), outputs: ['linkedin_dm', 'cold_call_script'] }).catch((e: unknown) => e),
    );
    const streams = await Promise.all(Array.from({ length: 5 }, () => onVictim.searchPost({ profileUrl: DESCRIPTION, email: user.email })));
    const reading = streams.map(async (lines) => {
      const got: StreamLine[] = [];
      try {
        for await (const line of lines) got.push(line);
      } catch {
        // the process died mid-stream
      }
      return got;
    });
    await fake.waitForRequests(15);
    const before = await (async () => {
      const db = await (target.concurrent ? target.open() : Promise.resolve(undefined));
      if (!db) return undefined;
      try {
        return await audit(db, user.email);
      } finally {
        await db.close();
      }
    })();
    if (before) expect(before.balance).toBe(FREE_MONTHLY_CREDITS - 15);

    victim.child.kill('SIGKILL');
    await victim.exited;
    holding = false;
    fake.release();
    const outcomes = await Promise.all(enriches);
    expect(outcomes.every((o) => o instanceof Error)).toBe(true);
    for (const lines of await Promise.all(reading)) expect(lines.some((l) => l.done)).toBe(false);

    // PGlite: the next process on the same data sweeps; PostgreSQL: the survivor does, on its timer.
    const sweeper = survivor ?? (await startServerProcess(env));
    if (!survivor) processes.push(sweeper);
    // A request that completes after the crash: delivered results are never refunded.
    const onSweeper = clientOf(sweeper.url, user);
    const delivered = await onSweeper.enrich({ lead: lead(99), outputs: ['linkedin_dm'] });
    expect(delivered.creditsCharged).toBe(1);

    // The sweep shows in the balance the sweeper serves: 20 − 15 debited + 15 refunded − 1 delivered.
    await eventually(
      async () => (await onSweeper.getCredits(user.email)).credits === FREE_MONTHLY_CREDITS - 1,
      60_000,
      'the balance to show the 15 credits refunded',
    );
    // PGlite: one process at a time on a data folder, so the sweeper stops before the books are read.
    if (!target.concurrent) {
      sweeper.child.kill('SIGTERM');
      await sweeper.exited;
    }
    database = await target.open();
    const db = database;
    await eventually(
      async () => {
        const a = await audit(db, user.email);
        return a.processing === 0 && a.pending === 0 && a.debits.filter((d) => a.refundsOf(d.id) === 1).length === 10;
      },
      60_000,
      'the sweep to refund the 10 debits of the killed process',
    );
    const books = await audit(db, user.email);
    // 10 debits of the killed process, each refunded once; the delivered one kept.
    expect(books.debits).toHaveLength(11);
    const refunded = books.debits.filter((d) => books.refundsOf(d.id) === 1);
    expect(refunded.map((d) => d.delta).sort((x, y) => x - y)).toEqual([-2, -2, -2, -2, -2, -1, -1, -1, -1, -1]);
    expect(books.debits.filter((d) => books.refundsOf(d.id) === 0).map((d) => d.delta)).toEqual([-1]);
    expect(books.debits.every((d) => books.refundsOf(d.id) <= 1)).toBe(true);
    expect(books.balance).toBe(FREE_MONTHLY_CREDITS - 1);
    expect(books.ledger).toBe(books.balance);
    const failed = await db.db.select().from(icebreakHistory).where(eq(icebreakHistory.userId, books.user.id));
    expect(failed.filter((h) => h.status === 'Failed')).toHaveLength(5);
    // Another sweep changes nothing (exactly once).
    await new Promise((r) => setTimeout(r, 3000));
    const again = await audit(db, user.email);
    expect(again.ledger).toBe(books.ledger);
    expect(again.balance).toBe(books.balance);
    expect(
      (
        await db.db
          .select()
          .from(creditLedger)
          .where(inArray(creditLedger.userId, [books.user.id]))
      ).length,
    ).toBe(
      books.debits.length + refunded.length + 1, // + the sign-up grant
    );
  }, 180_000);
});

describe('SIGTERM with three open streams', () => {
  let fake: FakeOpenAi;
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sigterm-pglite-'));

  beforeAll(async () => {
    fake = await startFakeOpenAi({ default: { chunks: DEFAULT_CHUNKS, holdAfter: 2 } });
    // Migrated before the process starts, as above (from the suite's template: no initdb in the child).
    await (await openDatabase({ dataDir })).close();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('each client gets an error line, three refunds, the process exits within 10 s', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test' });
    const user = await createTestUser({ verified: true });
    const client = clientOf(server.url, user);
    await client.registerUser({ name: 'Term Tina', email: user.email, firebaseUid: user.uid });
    const streams = await Promise.all(Array.from({ length: 3 }, () => client.search({ profileUrl: DESCRIPTION, email: user.email })));
    const reading = streams.map(async (lines) => {
      const got: StreamLine[] = [];
      for await (const line of lines) got.push(line);
      return got;
    });
    await fake.waitForRequests(3);

    const sentAt = Date.now();
    server.child.kill('SIGTERM');
    const results = await Promise.all(reading);
    const { code } = await server.exited;
    const exitMs = Date.now() - sentAt;
    console.log(`SIGTERM → exit in ${exitMs} ms`);
    expect(exitMs).toBeLessThan(10_000);
    expect(code).toBe(0);
    for (const lines of results) {
      expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: MESSAGES.serverRestarting });
      expect(lines.some((l) => l.content)).toBe(true);
    }

    const db = await openDatabase({ dataDir });
    try {
      const books = await audit(db, user.email);
      expect(books.debits).toHaveLength(3);
      expect(books.debits.map((d) => books.refundsOf(d.id))).toEqual([1, 1, 1]);
      expect(books.balance).toBe(FREE_MONTHLY_CREDITS);
      expect(books.ledger).toBe(FREE_MONTHLY_CREDITS);
      expect(books.processing).toBe(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});
