/**
 * Paid work in one place (docs/architecture.md#paid-work): the balance a paid answer carries is the
 * one its debit left (or its refund), and stale work is swept by the server's one sweeper, not by reads.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { StreamLine } from '@shared/schemas/icebreak';
import { startSweeping } from '../../server/src/app';
import { systemClock } from '../../server/src/clock';
import { enrichPending } from '../../server/src/db/schema';
import { createCreditsService, workRow } from '../../server/src/features/credits/credits-service';
import { enrichReference } from '../../server/src/features/enrich/enrich-pending-repository';
import { GenerationError, type TextGenerator } from '../../server/src/features/generation/text-generator';
import { createHistoryRepository, icebreakReference } from '../../server/src/features/icebreak/history-repository';
import { createOfflineGenerator } from '../../server/src/features/generation/offline-generator';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp, type TestApp } from '../helpers/test-app';

const DESCRIPTION = 'Priya Raman is VP of Sales at Globex in Toronto. She enjoys chess and trail running.';
const lead = { id: 'paid-work-lead-1', First_Name: 'Priya', Last_Name: 'Raman', Company: 'Globex', Designation: 'VP of Sales' };

describe('the balance a paid answer carries', () => {
  let app: TestApp;
  /** Descriptions containing this fail in the writer (after the charge). */
  const FAIL = 'FAIL-THE-WRITER';

  beforeAll(async () => {
    const offline = createOfflineGenerator();
    const generator: TextGenerator = {
      ...offline,
      kind: offline.kind,
      icebreak(input, signal) {
        if (input.description.includes(FAIL)) {
          return (async function* () {
            yield { section: 0, content: 'A start, ' };
            throw new GenerationError('upstream fell over');
          })();
        }
        return offline.icebreak(input, signal);
      },
      linkedinDm: (input, signal) => offline.linkedinDm(input, signal),
      coldCallScript: (input, signal) => offline.coldCallScript(input, signal),
    };
    app = await startTestApp({ deps: { generator } });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function analyse(user: TestUser, profileUrl: string): Promise<StreamLine[]> {
    return collectLines(await app.client(user).search({ profileUrl, email: user.email }));
  }

  it('the final line of a paid Icebreak answer carries the balance after its charge; a stored answer carries none', async () => {
    const user = await app.signUp('Balance Bea');
    const paid = await analyse(user, DESCRIPTION);
    expect(paid.at(-1)).toMatchObject({ done: true, errorMessage: null, balance: FREE_MONTHLY_CREDITS - 1 });
    // Only the final line says it.
    expect(paid.slice(0, -1).every((l) => l.balance === undefined)).toBe(true);
    const second = await analyse(user, `${DESCRIPTION} She runs marathons.`);
    expect(second.at(-1)).toMatchObject({ done: true, balance: FREE_MONTHLY_CREDITS - 2 });
    expect((await app.client(user).getCredits(user.email)).credits).toBe(FREE_MONTHLY_CREDITS - 2);

    // Shown again from storage: nothing charged, nothing to tell.
    const stored = await analyse(user, DESCRIPTION);
    expect(stored.at(-1)).toMatchObject({ done: true, stored: true });
    expect(stored.at(-1)!.balance).toBeUndefined();
  });

  it('a failed analysis: the final error line carries the balance after the refund', async () => {
    const user = await app.signUp('Refund Rita');
    const lines = await analyse(user, `${DESCRIPTION} ${FAIL}`);
    expect(lines.at(-1)).toMatchObject({ done: true, balance: FREE_MONTHLY_CREDITS });
    expect(lines.at(-1)!.errorMessage).toBeTruthy();
    expect((await app.client(user).getCredits(user.email)).credits).toBe(FREE_MONTHLY_CREDITS);
  });

  it("Enrich's credits are the balance its own charge left", async () => {
    const user = await app.signUp('Enrich Erin');
    const first = await app.client(user).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'] });
    expect(first).toMatchObject({ creditsCharged: 2, credits: FREE_MONTHLY_CREDITS - 2 });
    const again = await app.client(user).enrich({ lead, outputs: ['linkedin_dm'], regenerate: true });
    expect(again).toMatchObject({ creditsCharged: 1, credits: FREE_MONTHLY_CREDITS - 3 });
    expect((await app.client(user).getCredits(user.email)).credits).toBe(FREE_MONTHLY_CREDITS - 3);
  });

  it('a refused charge says the balance in its 402, before any line', async () => {
    const user = await app.signUp('Broke Bo');
    const [row] = await app.database.raw.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email.toLowerCase()]);
    const credits = createCreditsService(app.database.db, systemClock);
    await app.database.db.transaction((tx) => credits.setAllowance(tx, row!.id, 1, 'adjustment', 'test'));
    await expect(app.client(user).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'] })).rejects.toThrow(
      `402: ${JSON.stringify({ message: MESSAGES.notEnoughCredits(2, 1), code: 'insufficient_credits' })}`,
    );
  });
});

describe.each(databaseTargets())('the server sweeps stale paid work on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;

  beforeAll(async () => {
    database = await target.open();
    app = await startTestApp({ database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** What a process leaves behind when it dies mid-work: an Icebreak item and an Enrich request, each with its debit. */
  async function leftByADeadProcess(userId: string) {
    const credits = createCreditsService(database.db, systemClock);
    const history = createHistoryRepository(database.db, systemClock, credits);
    const itemId = randomUUID();
    const pendingId = randomUUID();
    const item = {
      id: itemId,
      userId,
      description: DESCRIPTION,
      goal: 'g',
      firstName: 'Priya',
      lastName: 'Raman',
      generator: 'offline' as const,
    };
    expect((await credits.chargeFor(userId, 1, icebreakReference(itemId), history.asChargedWork(item))).ok).toBe(true);
    const pending = workRow(enrichPending, { id: pendingId, userId, leadId: lead.id, createdAt: new Date() });
    expect((await credits.chargeFor(userId, 2, enrichReference(pendingId), pending)).ok).toBe(true);
    await database.raw.query(`UPDATE icebreak_history SET updated_at = now() - interval '1 hour' WHERE id = $1`, [itemId]);
    await database.raw.query(`UPDATE enrich_pending SET created_at = now() - interval '1 hour' WHERE id = $1`, [pendingId]);
    return { itemId, pendingId, credits };
  }

  it('a history read no longer sweeps; the sweeper the server starts refunds both kinds, once', async () => {
    const user = await app.signUp('Sweep Sam');
    const [row] = await database.raw.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email.toLowerCase()]);
    const { itemId, pendingId, credits } = await leftByADeadProcess(row!.id);

    // Reads only read.
    const listed = await app.client(user).getHistory(user.email);
    expect(listed.find((h) => h._id === itemId)?.status).toBe('processing');
    expect(await credits.balance(row!.id)).toBe(FREE_MONTHLY_CREDITS - 3);

    // The server's sweeper sweeps at once when started.
    const sweeping = startSweeping(app.express);
    const until = Date.now() + 10_000;
    while ((await credits.balance(row!.id)) !== FREE_MONTHLY_CREDITS && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await sweeping.stop();
    expect(await credits.balance(row!.id)).toBe(FREE_MONTHLY_CREDITS);
    expect(await credits.ledgerSum(row!.id)).toBe(FREE_MONTHLY_CREDITS);
    expect((await app.client(user).getHistory(user.email)).find((h) => h._id === itemId)?.status).toBe('Failed');
    const left = await database.raw.query('SELECT id FROM enrich_pending WHERE id = $1', [pendingId]);
    expect(left).toHaveLength(0);
    const refunds = await database.raw.query<{ n: string }>(
      `SELECT count(*) AS n FROM credit_ledger WHERE user_id = $1 AND reason = 'refund'`,
      [row!.id],
    );
    expect(Number(refunds[0]!.n)).toBe(2);
  });
});
