import { and, eq, gte, sql } from 'drizzle-orm';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { periodOf, type Clock } from '../../clock';
import type { Db, Executor } from '../../db/database';
import { creditLedger, users } from '../../db/schema';

export type LedgerReason =
  | 'signup'
  | 'monthly_reset'
  | 'plan_allowance'
  | 'debit'
  | 'refund'
  | 'adjustment';

export type DebitResult =
  | { ok: true; ledgerId: number; balance: number }
  | { ok: false; balance: number; reason: 'insufficient' | 'no_user' };

export interface RefundResult {
  refunded: boolean;
  balance: number;
}

/**
 * The one way balances change (DESIGN §4): every change is a ledger row written in the same
 * transaction, debits are a single guarded UPDATE, a refund row is unique per debit.
 */
export function createCreditsService(db: Db, clock: Clock) {
  /** Lock the user row and apply the free tier's lazy monthly reset. Returns the balance. */
  async function lockAndReset(tx: Executor, userId: string): Promise<number | null> {
    const [row] = await tx
      .select({ credits: users.credits, plan: users.plan, period: users.creditsPeriod })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) return null;
    const period = periodOf(clock.now());
    if (row.plan !== 'free' || row.period === period) return row.credits;
    await tx.update(users).set({ credits: FREE_MONTHLY_CREDITS, creditsPeriod: period, updatedAt: clock.now() }).where(eq(users.id, userId));
    await tx.insert(creditLedger).values({
      userId,
      delta: FREE_MONTHLY_CREDITS - row.credits,
      balanceAfter: FREE_MONTHLY_CREDITS,
      reason: 'monthly_reset',
      reference: period,
    });
    return FREE_MONTHLY_CREDITS;
  }

  return {
    /** The balance after any due monthly reset; null when the user does not exist. */
    async balance(userId: string): Promise<number | null> {
      return db.transaction((tx) => lockAndReset(tx, userId));
    },

    /** Take n credits, or none: refused when the balance is below n. */
    async debit(userId: string, n: number, reference?: string): Promise<DebitResult> {
      if (!Number.isInteger(n) || n <= 0) throw new Error(`debit amount must be a positive integer, got ${n}`);
      return db.transaction(async (tx) => {
        const before = await lockAndReset(tx, userId);
        if (before === null) return { ok: false as const, balance: 0, reason: 'no_user' as const };
        const [updated] = await tx
          .update(users)
          .set({ credits: sql`${users.credits} - ${n}`, updatedAt: clock.now() })
          .where(and(eq(users.id, userId), gte(users.credits, n)))
          .returning({ credits: users.credits });
        if (!updated) return { ok: false as const, balance: before, reason: 'insufficient' as const };
        const [entry] = await tx
          .insert(creditLedger)
          .values({ userId, delta: -n, balanceAfter: updated.credits, reason: 'debit', reference: reference ?? null })
          .returning({ id: creditLedger.id });
        return { ok: true as const, ledgerId: entry!.id, balance: updated.credits };
      });
    },

    /** Give back a debit. Applying it again changes nothing (the refund row is unique per debit). */
    async refund(debitLedgerId: number, reference?: string): Promise<RefundResult> {
      return db.transaction(async (tx) => {
        const [debit] = await tx.select().from(creditLedger).where(eq(creditLedger.id, debitLedgerId));
        if (!debit || debit.reason !== 'debit') throw new Error(`ledger row ${debitLedgerId} is not a debit`);
        const current = await lockAndReset(tx, debit.userId);
        const inserted = await tx
          .insert(creditLedger)
          .values({
            userId: debit.userId,
            delta: -debit.delta,
            balanceAfter: (current ?? 0) - debit.delta,
            reason: 'refund',
            reference: reference ?? debit.reference,
            refundOf: debit.id,
          })
          .onConflictDoNothing({ target: creditLedger.refundOf })
          .returning({ id: creditLedger.id });
        if (!inserted.length) return { refunded: false, balance: current ?? 0 };
        const [updated] = await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${-debit.delta}`, updatedAt: clock.now() })
          .where(eq(users.id, debit.userId))
          .returning({ credits: users.credits });
        return { refunded: true, balance: updated!.credits };
      });
    },

    /**
     * Set the balance to an allowance (plan renewal, return to free: no rollover). Runs in the
     * caller's transaction so billing can record its event in the same commit.
     */
    async setAllowance(tx: Executor, userId: string, credits: number, reason: LedgerReason, reference: string | null) {
      const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw new Error(`no user ${userId}`);
      await tx
        .update(users)
        .set({ credits, creditsPeriod: periodOf(clock.now()), updatedAt: clock.now() })
        .where(eq(users.id, userId));
      await tx.insert(creditLedger).values({ userId, delta: credits - row.credits, balanceAfter: credits, reason, reference });
      return credits;
    },

    /** Sum of the user's ledger: equals the balance when the books are right. */
    async ledgerSum(userId: string): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId));
      return Number(row?.sum ?? 0);
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
