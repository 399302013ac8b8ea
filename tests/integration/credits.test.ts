import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import type { Clock } from '../../server/src/clock';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { createUsersRepository } from '../../server/src/features/users/users-repository';
import { creditLedger, users } from '../../server/src/db/schema';
import { databaseTargets } from '../helpers/databases';

/** A clock the test moves by hand. */
function manualClock(iso: string): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  return { now: () => now, set: (v) => (now = new Date(v)) };
}

describe.each(databaseTargets())('credits on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  const START = '2026-11-15T12:00:00Z';
  const clock = manualClock(START);
  let credits: ReturnType<typeof createCreditsService>;
  let repo: ReturnType<typeof createUsersRepository>;
  let n = 0;

  async function newUser() {
    n += 1;
    const outcome = await repo.createIfMissing({
      firebaseUid: `uid-${n}-${Date.now()}`,
      email: `u${n}-${Date.now()}@example.com`,
      name: null,
    });
    if (!('user' in outcome)) throw new Error('user not created');
    return outcome.user.id;
  }

  beforeAll(async () => {
    database = await target.open();
    credits = createCreditsService(database.db, clock);
    repo = createUsersRepository(database.db, clock);
  });
  afterAll(() => database.dispose());
  // Tests move the shared clock: put it back even when one fails half-way, so the next starts on time.
  afterEach(() => clock.set(START));

  it('a new user starts with 20, recorded in the ledger', async () => {
    const id = await newUser();
    expect(await credits.balance(id)).toBe(FREE_MONTHLY_CREDITS);
    expect(await credits.ledgerSum(id)).toBe(FREE_MONTHLY_CREDITS);
  });

  it('50 concurrent debits of 1 against 20 → exactly 20 succeed, balance 0, ledger sums to it', async () => {
    const id = await newUser();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => credits.debit(id, 1, `req-${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect(results.filter((r) => !r.ok && r.reason === 'insufficient')).toHaveLength(30);
    expect(await credits.balance(id)).toBe(0);
    expect(await credits.ledgerSum(id)).toBe(0);
    const debits = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, id));
    expect(debits.filter((d) => d.reason === 'debit')).toHaveLength(20);
  });

  it('a debit larger than the balance takes nothing', async () => {
    const id = await newUser();
    const r = await credits.debit(id, 21);
    expect(r).toEqual({ ok: false, balance: 20, reason: 'insufficient' });
    expect(await credits.balance(id)).toBe(20);
    expect(await credits.ledgerSum(id)).toBe(20);
  });

  it('a refund applied twice (also at once) changes the balance once', async () => {
    const id = await newUser();
    const debit = await credits.debit(id, 3, 'analysis-1');
    if (!debit.ok) throw new Error('debit refused');
    expect(debit.balance).toBe(17);
    const [first, second] = await Promise.all([credits.refund(debit.ledgerId), credits.refund(debit.ledgerId)]);
    expect([first.refunded, second.refunded].sort()).toEqual([false, true]);
    const third = await credits.refund(debit.ledgerId);
    expect(third).toEqual({ refunded: false, balance: 20 });
    expect(await credits.balance(id)).toBe(20);
    expect(await credits.ledgerSum(id)).toBe(20);
  });

  it('a free user whose last reset was last month has 20 again on first read (no rollover)', async () => {
    const id = await newUser();
    await credits.debit(id, 15);
    expect(await credits.balance(id)).toBe(5);
    clock.set('2026-12-01T00:00:01Z');
    expect(await credits.balance(id)).toBe(20);
    expect(await credits.ledgerSum(id)).toBe(20);
    // The reset happens once per month, not on every read.
    await credits.debit(id, 2);
    expect(await credits.balance(id)).toBe(18);
  });

  it('concurrent first reads and debits in a new month reset once, then debit from the fresh 20', async () => {
    const id = await newUser();
    await credits.debit(id, 18);
    clock.set('2026-12-02T08:00:00Z');
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    const reads = await Promise.all([
      ...Array.from({ length: 5 }, () => credits.balance(id)),
      ...Array.from({ length: 5 }, () => credits.balanceOf(row!)),
    ]);
    const debit = await credits.debit(id, 1, 'december');
    expect(reads.every((r) => r === 20)).toBe(true);
    expect(debit).toMatchObject({ ok: true, balance: 19 });
    const resets = (await database.db.select().from(creditLedger).where(eq(creditLedger.userId, id))).filter(
      (e) => e.reason === 'monthly_reset',
    );
    expect(resets).toHaveLength(1);
    expect(resets[0]!.delta).toBe(18);
    expect(await credits.ledgerSum(id)).toBe(19);
  });

  it('a debit that finds the reset due applies it first (no read before)', async () => {
    const id = await newUser();
    await credits.debit(id, 20);
    clock.set('2027-02-01T00:00:00Z');
    const results = await Promise.all(Array.from({ length: 25 }, () => credits.debit(id, 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect(await credits.balance(id)).toBe(0);
    expect(await credits.ledgerSum(id)).toBe(0);
  });

  it('a paid plan is not reset by the free tier rule, and setAllowance sets (not adds)', async () => {
    const id = await newUser();
    await database.db.update(users).set({ plan: 'starter' }).where(eq(users.id, id));
    await database.db.transaction((tx) => credits.setAllowance(tx, id, 200, 'plan_allowance', 'evt_1'));
    await credits.debit(id, 50);
    clock.set('2027-01-10T00:00:00Z');
    expect(await credits.balance(id)).toBe(150);
    await database.db.transaction((tx) => credits.setAllowance(tx, id, 200, 'plan_allowance', 'evt_2'));
    expect(await credits.balance(id)).toBe(200);
    expect(await credits.ledgerSum(id)).toBe(200);
  });

  it('a debit for a missing user is refused', async () => {
    expect(await credits.debit('no-such-user', 1)).toEqual({ ok: false, balance: 0, reason: 'no_user' });
    expect(await credits.balance('no-such-user')).toBeNull();
  });
});
