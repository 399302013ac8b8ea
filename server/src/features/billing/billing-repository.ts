import { and, eq, isNull } from 'drizzle-orm';
import { FREE_MONTHLY_CREDITS, planForPrice } from '@shared/constants';
import type { SubscriptionStatus } from '@shared/schemas';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/database';
import { stripeEvents, users } from '../../db/schema';
import type { CreditsService } from '../credits';
import type { UserRow } from '../users';
import { planPriceIds } from './stripe-client';
import type { SubscriptionSnapshot } from './subscription-snapshot';

const fromUnix = (s: number | null) => (s === null ? null : new Date(s * 1000));
const toUnix = (d: Date | null) => (d === null ? null : Math.floor(d.getTime() / 1000));

/** The stored subscription in the shape of the sync answer (docs/product.md#records). */
export function subscriptionStatusOf(row: UserRow): SubscriptionStatus {
  return {
    status: row.subscriptionStatus,
    priceId: row.subscriptionPriceId,
    credit_renewal_date: toUnix(row.subscriptionPeriodEnd),
    cancellationDate: row.subscriptionCancelAt ? row.subscriptionCancelAt.toISOString() : null,
  };
}

/** Billing's reads and writes of the users table and the processed-events table. */
export function createBillingRepository(db: Db, credits: CreditsService, config: Config, clock: Clock) {
  async function lockUser(tx: Executor, userId: string): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
    return row;
  }

  return {
    async byId(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async byCustomer(customerId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
      return row;
    },

    /**
     * Store the user's Stripe customer unless one is already stored; returns the one stored.
     * A customer id already linked to another user is never moved (unique column).
     */
    async linkCustomer(tx: Executor, userId: string, customerId: string): Promise<string | null> {
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
      if (owner && owner.id !== userId) return null;
      await tx
        .update(users)
        .set({ stripeCustomerId: customerId, updatedAt: clock.now() })
        .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
      const [row] = await tx.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
      return row?.customer ?? null;
    },

    async isRecorded(eventId: string): Promise<boolean> {
      const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));
      return Boolean(row);
    },

    /** Forget a customer Stripe no longer knows (only if it is still the stored one). */
    async unlinkCustomer(tx: Executor, userId: string, customerId: string): Promise<void> {
      await tx
        .update(users)
        .set({ stripeCustomerId: null, updatedAt: clock.now() })
        .where(and(eq(users.id, userId), eq(users.stripeCustomerId, customerId)));
    },

    /**
     * Record a Stripe event as processed, inside the transaction that applies it. False when it
     * was already recorded (a redelivery, or a concurrent delivery that committed first).
     */
    async recordEvent(tx: Executor, event: { id: string; type: string }): Promise<boolean> {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, processedAt: clock.now() })
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id });
      return inserted.length > 0;
    },

    /**
     * Make the stored subscription and plan what Stripe holds. Leaving a paid plan returns the user
     * to Free with the free allowance (no rollover). Credits of a paid plan only come with a paid
     * invoice (applyAllowance).
     */
    async applySnapshot(tx: Executor, userId: string, snap: SubscriptionSnapshot, reference: string): Promise<UserRow | undefined> {
      const row = await lockUser(tx, userId);
      if (!row) return undefined;
      const plan = snap.live ? (planForPrice(snap.priceId, planPriceIds(config))?.id ?? (row.plan === 'free' ? 'free' : row.plan)) : 'free';
      if (row.plan !== 'free' && plan === 'free') {
        await credits.setAllowance(tx, userId, FREE_MONTHLY_CREDITS, 'plan_allowance', reference);
      }
      const [updated] = await tx
        .update(users)
        .set({
          plan,
          stripeSubscriptionId: snap.subscriptionId,
          subscriptionStatus: snap.status,
          subscriptionPriceId: snap.priceId,
          subscriptionPeriodEnd: fromUnix(snap.periodEnd),
          subscriptionCancelAt: fromUnix(snap.cancelAt),
          ...(plan === 'free' ? { allowancePeriodStart: null } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(users.id, userId))
        .returning();
      return updated;
    },

    /**
     * Set the balance to a paid plan's allowance for the billing period starting at periodStart,
     * unless that period (or a later one) was already granted: a late, older invoice changes nothing.
     */
    async applyAllowance(tx: Executor, userId: string, allowance: number, periodStart: number, reference: string): Promise<boolean> {
      const row = await lockUser(tx, userId);
      if (!row) return false;
      if (row.allowancePeriodStart !== null && row.allowancePeriodStart >= periodStart) return false;
      await credits.setAllowance(tx, userId, allowance, 'plan_allowance', reference);
      await tx.update(users).set({ allowancePeriodStart: periodStart }).where(eq(users.id, userId));
      return true;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
