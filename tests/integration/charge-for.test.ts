import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import type { Clock } from '../../server/src/clock';
import { createCreditsService, workRow } from '../../server/src/features/credits/credits-service';
import { createUsersRepository } from '../../server/src/features/users/users-repository';
import { enrichPending, icebreakHistory, users } from '../../server/src/db/schema';
import { databaseTargets } from '../helpers/databases';

/** chargeFor: the paid work's row and its debit commit together, or neither does. */
describe.each(databaseTargets())('credits.chargeFor on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  const now = new Date('2026-11-15T12:00:00Z');
  const clock: Clock = { now: () => now };
  let credits: ReturnType<typeof createCreditsService>;
  let n = 0;

  async function userWith(balance: number) {
    n += 1;
    const outcome = await createUsersRepository(database.db, clock).createIfMissing({
      firebaseUid: `charge-${n}-${Date.now()}`,
      email: `charge-${n}-${Date.now()}@example.com`,
      name: null,
    });
    if (!('user' in outcome)) throw new Error('user not created');
    const id = outcome.user.id;
    await database.db.transaction((tx) => credits.setAllowance(tx, id, balance, 'adjustment', 'test'));
    return id;
  }
  const record = (userId: string, id: string) => workRow(enrichPending, { id, userId, leadId: 'lead-1', createdAt: now });
  const pendingRow = async (id: string) => (await database.db.select().from(enrichPending).where(eq(enrichPending.id, id)))[0];

  beforeAll(async () => {
    database = await target.open();
    credits = createCreditsService(database.db, clock);
  });
  afterAll(() => database.dispose());

  it('writes the row and takes the credits in one commit', async () => {
    const userId = await userWith(5);
    const result = await credits.chargeFor(userId, 2, 'charge:a', record(userId, 'row-a'));
    expect(result).toMatchObject({ ok: true, balance: 3 });
    expect(await pendingRow('row-a')).toMatchObject({ userId });
    expect(await credits.balance(userId)).toBe(3);
    expect(await credits.ledgerSum(userId)).toBe(3);
  });

  it('a refused debit leaves no row and no ledger entry', async () => {
    const userId = await userWith(1);
    expect(await credits.chargeFor(userId, 2, 'charge:b', record(userId, 'row-b'))).toEqual({
      ok: false,
      balance: 1,
      reason: 'insufficient',
    });
    expect(await pendingRow('row-b')).toBeUndefined();
    expect(await credits.balance(userId)).toBe(1);
    expect(await credits.ledgerSum(userId)).toBe(1);
  });

  it('a row that cannot be written charges nothing', async () => {
    const userId = await userWith(5);
    await credits.chargeFor(userId, 1, 'charge:c', record(userId, 'row-c'));
    // The same id again: the insert fails, so the debit after it must not stay.
    await expect(credits.chargeFor(userId, 1, 'charge:c2', record(userId, 'row-c'))).rejects.toThrow();
    expect(await credits.balance(userId)).toBe(4);
    expect(await credits.ledgerSum(userId)).toBe(4);
  });

  it("a free tier's monthly reset due at the charge happens inside it", async () => {
    const userId = await userWith(0);
    await database.db.update(users).set({ plan: 'free', creditsPeriod: '2026-10' }).where(eq(users.id, userId));
    const result = await credits.chargeFor(userId, 1, 'charge:d', record(userId, 'row-d'));
    expect(result).toMatchObject({ ok: true, balance: FREE_MONTHLY_CREDITS - 1 });
    expect(await pendingRow('row-d')).toBeDefined();
    expect(await credits.ledgerSum(userId)).toBe(FREE_MONTHLY_CREDITS - 1);
  });

  it("the work row keeps each value's type and gets its columns' defaults", async () => {
    const userId = await userWith(2);
    const createdAt = new Date('2026-11-15T12:34:56.789Z');
    const work = workRow(icebreakHistory, {
      id: 'typed-row',
      userId,
      status: 'processing',
      description: "O'Brien; -- DROP TABLE users",
      goal: 'build rapport',
      generator: 'openai',
      inputHash: 'abc',
      variant: 3,
      newsFound: true,
      createdAt,
      updatedAt: createdAt,
    });
    expect(await credits.chargeFor(userId, 1, 'charge:typed', work)).toMatchObject({ ok: true, balance: 1 });
    const [row] = await database.db.select().from(icebreakHistory).where(eq(icebreakHistory.id, 'typed-row'));
    expect(row).toMatchObject({
      userId,
      description: "O'Brien; -- DROP TABLE users",
      variant: 3,
      createdAt,
      firstName: '',
      insightsText: [],
      errorMessage: null,
      newsFound: true,
    });
  });

  it('concurrent charges never take more than the balance, and every charged row is there', async () => {
    const userId = await userWith(3);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => credits.chargeFor(userId, 1, `charge:e${i}`, record(userId, `row-e${i}`))),
    );
    const charged = results.flatMap((r, i) => (r.ok ? [i] : []));
    expect(charged).toHaveLength(3);
    for (let i = 0; i < 8; i++) expect(Boolean(await pendingRow(`row-e${i}`))).toBe(charged.includes(i));
    expect(await credits.balance(userId)).toBe(0);
    expect(await credits.ledgerSum(userId)).toBe(0);
  });
});
