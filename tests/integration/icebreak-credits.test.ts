import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { systemClock } from '../../server/src/clock';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { createHistoryRepository, icebreakReference } from '../../server/src/features/icebreak/history-repository';
import { DEFAULT_STALE_AFTER_MS } from '../../server/src/features/icebreak/icebreak-routes';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';

const DESCRIPTION = 'Priya Raman is VP of Sales at Globex in Toronto. She enjoys chess and trail running.';

describe.each(databaseTargets())('Icebreak credits on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;

  beforeAll(async () => {
    database = await target.open();
    // Rate limits are not what this test is about: 30 requests at once from one user and one IP.
    app = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_IP_PER_MINUTE: '10000' } });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  async function newUser(): Promise<{ user: TestUser; id: string }> {
    const user = await app.signUp('Tester');
    const [row] = await database.raw.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email.toLowerCase()]);
    return { user, id: row!.id };
  }

  it('30 concurrent analyses with 20 credits: 20 charged, 10 refused, balance 0, ledger consistent', async () => {
    const { user, id } = await newUser();
    const results = await Promise.all(
      // Thirty different descriptions: the same input twice would be answered from storage (docs/decisions/0012-charged-once-per-answer.md).
      Array.from({ length: 30 }, async (_, i) => {
        const res = await app.fetch(
          `/api/search?${new URLSearchParams({ profileUrl: `${DESCRIPTION} Note ${i + 1}.`, email: user.email })}`,
          { user },
        );
        return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
      }),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.type).toMatch(/application\/json/);
      expect(JSON.parse(r.body)).toEqual({ message: MESSAGES.noCredits, code: 'insufficient_credits' });
    }
    for (const r of ok) {
      expect(r.type).toMatch(/application\/x-ndjson/);
      const lines = r.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { errorMessage?: string | null; done?: boolean });
      expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: null });
    }
    const credits = createCreditsService(database.db, systemClock);
    expect(await credits.balance(id)).toBe(0);
    expect(await credits.ledgerSum(id)).toBe(0);
    const debits = await database.raw.query<{ n: string }>(
      `SELECT count(*) AS n FROM credit_ledger WHERE user_id = $1 AND reason = 'debit'`,
      [id],
    );
    expect(Number(debits[0]!.n)).toBe(20);
    const history = await app.client(user).getHistory(user.email);
    expect(history).toHaveLength(20); // refused requests leave no history item
    expect(history.every((h) => h.status === 'Ready')).toBe(true);
    expect(await app.client(user).getCredits(user.email)).toEqual({ credits: 0 });
  });

  it('0 credits → 402 with the message before any streaming, nothing charged', async () => {
    const { user, id } = await newUser();
    const credits = createCreditsService(database.db, systemClock);
    await database.db.transaction((tx) => credits.setAllowance(tx, id, 0, 'adjustment', 'test'));
    await expect(app.client(user).searchPost({ profileUrl: DESCRIPTION, email: user.email })).rejects.toThrow(
      `402: ${JSON.stringify({ message: MESSAGES.noCredits, code: 'insufficient_credits' })}`,
    );
    expect(await credits.ledgerSum(id)).toBe(0);
    expect(await app.client(user).getHistory(user.email)).toEqual([]);
  });

  it('an item a crashed process left processing becomes Failed and is refunded, once, by any process', async () => {
    const { user, id } = await newUser();
    const credits = createCreditsService(database.db, systemClock);
    const history = createHistoryRepository(database.db, systemClock, credits);
    // What a process leaves behind when it dies mid-analysis: the item and its debit.
    const itemId = randomUUID();
    await history.create({
      id: itemId,
      userId: id,
      description: DESCRIPTION,
      goal: 'build rapport',
      firstName: 'Priya',
      lastName: 'Raman',
      generator: 'offline',
    });
    const debit = await credits.debit(id, 1, icebreakReference(itemId));
    expect(debit.ok).toBe(true);
    await database.raw.query(`UPDATE icebreak_history SET updated_at = now() - interval '1 hour' WHERE id = $1`, [itemId]);
    expect(DEFAULT_STALE_AFTER_MS).toBeLessThan(60 * 60 * 1000);
    // A fresh processing item of the same user is left alone.
    const freshId = randomUUID();
    await history.create({
      id: freshId,
      userId: id,
      description: DESCRIPTION,
      goal: 'g',
      firstName: '',
      lastName: '',
      generator: 'offline',
    });

    // Two server processes sweep at the same moment: one refund in all.
    const [a, b] = await Promise.all([history.sweepStale(DEFAULT_STALE_AFTER_MS), history.sweepStale(DEFAULT_STALE_AFTER_MS)]);
    expect(a + b).toBe(1);
    const listed = await app.client(user).getHistory(user.email); // the lazy sweep runs here too
    expect(listed.find((h) => h._id === itemId)?.status).toBe('Failed');
    expect(listed.find((h) => h._id === freshId)?.status).toBe('processing');
    expect(await credits.balance(id)).toBe(FREE_MONTHLY_CREDITS);
    expect(await credits.ledgerSum(id)).toBe(FREE_MONTHLY_CREDITS);
    const insights = await app.client(user).getInsights(itemId, user.email);
    expect(insights.success).toBe(false);
    expect(insights.fallbackText).toContain('did not finish');
  });

  it('a sweep that dies mid-way (its refund fails): the next sweep still refunds the debit, exactly once', async () => {
    const { id } = await newUser();
    const credits = createCreditsService(database.db, systemClock);
    const itemId = randomUUID();
    const history = createHistoryRepository(database.db, systemClock, credits);
    await history.create({
      id: itemId,
      userId: id,
      description: DESCRIPTION,
      goal: 'build rapport',
      firstName: 'Priya',
      lastName: 'Raman',
      generator: 'offline',
    });
    const debit = await credits.debit(id, 1, icebreakReference(itemId));
    expect(debit.ok).toBe(true);
    await database.raw.query(`UPDATE icebreak_history SET updated_at = now() - interval '1 hour' WHERE id = $1`, [itemId]);
    // The first sweeping process stops at its refund (as if killed there).
    const dying = createHistoryRepository(database.db, systemClock, {
      ...credits,
      refund: () => Promise.reject(new Error('process killed')),
    });
    await expect(dying.sweepStale(DEFAULT_STALE_AFTER_MS)).rejects.toThrow('process killed');
    // Another process sweeps later: the debit is refunded and the item failed, once.
    expect(await history.sweepStale(DEFAULT_STALE_AFTER_MS)).toBe(1);
    expect(await history.sweepStale(DEFAULT_STALE_AFTER_MS)).toBe(0);
    expect(await history.countProcessing(id)).toBe(0);
    expect(await credits.balance(id)).toBe(FREE_MONTHLY_CREDITS);
    expect(await credits.ledgerSum(id)).toBe(FREE_MONTHLY_CREDITS);
  });
});
