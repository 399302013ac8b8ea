import type Stripe from 'stripe';

/** Stripe statuses in which the customer keeps the paid plan (past_due: Stripe is still retrying). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
/** Statuses after which the subscription can never become live again. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** What we store about a customer's subscription, as Stripe holds it. */
export interface SubscriptionSnapshot {
  subscriptionId: string | null;
  status: string | null;
  live: boolean;
  /** Price of the (first) subscription item; null unless live. */
  priceId: string | null;
  /** Unix seconds; null unless live. */
  periodStart: number | null;
  periodEnd: number | null;
  /** Unix seconds of a pending cancellation; null unless live. */
  cancelAt: number | null;
}

export const NO_SUBSCRIPTION: SubscriptionSnapshot = {
  subscriptionId: null,
  status: null,
  live: false,
  priceId: null,
  periodStart: null,
  periodEnd: null,
  cancelAt: null,
};

function rank(sub: Stripe.Subscription): number {
  if (LIVE_STATUSES.has(sub.status)) return 2;
  if (!ENDED_STATUSES.has(sub.status)) return 1;
  return 0;
}

/** The subscription that decides the customer's plan: a live one first, then the newest. */
export function currentSubscription(subs: readonly Stripe.Subscription[]): Stripe.Subscription | undefined {
  return [...subs].sort((a, b) => rank(b) - rank(a) || b.created - a.created)[0];
}

export function snapshotOf(sub: Stripe.Subscription | undefined): SubscriptionSnapshot {
  if (!sub) return NO_SUBSCRIPTION;
  const live = LIVE_STATUSES.has(sub.status);
  if (!live) return { ...NO_SUBSCRIPTION, subscriptionId: sub.id, status: sub.status };
  const item = sub.items.data[0];
  // Since API 2025-03-31 the billing period lives on the items; cancel_at covers cancel_at_period_end too,
  // but older payloads may only carry the flag.
  const cancelAt = sub.cancel_at ?? (sub.cancel_at_period_end ? (item?.current_period_end ?? null) : null);
  return {
    subscriptionId: sub.id,
    status: sub.status,
    live,
    priceId: item?.price.id ?? null,
    periodStart: item?.current_period_start ?? null,
    periodEnd: item?.current_period_end ?? null,
    cancelAt,
  };
}

/** A Stripe reference that may be expanded into its object. */
export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}
