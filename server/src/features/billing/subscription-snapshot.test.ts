import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { currentSubscription, NO_SUBSCRIPTION, snapshotOf } from './subscription-snapshot';

function sub(id: string, status: string, created: number, extra: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id,
    status,
    created,
    cancel_at: null,
    cancel_at_period_end: false,
    items: { data: [{ id: `si_${id}`, price: { id: `price_${id}` }, current_period_start: 100, current_period_end: 200 }] },
    ...extra,
  } as unknown as Stripe.Subscription;
}

describe('which subscription decides the plan', () => {
  it('a live subscription wins over a newer ended one; among equals the newest', () => {
    expect(currentSubscription([sub('old', 'active', 1), sub('new', 'canceled', 9)])?.id).toBe('old');
    expect(currentSubscription([sub('a', 'canceled', 1), sub('b', 'canceled', 5)])?.id).toBe('b');
    expect(currentSubscription([sub('a', 'past_due', 1), sub('b', 'incomplete', 5)])?.id).toBe('a');
    expect(currentSubscription([sub('a', 'incomplete_expired', 9), sub('b', 'incomplete', 1)])?.id).toBe('b');
    expect(currentSubscription([])).toBeUndefined();
  });
});

describe('snapshot', () => {
  it('a live subscription: its price, period and pending cancellation', () => {
    expect(snapshotOf(sub('s', 'active', 1, { cancel_at: 200 }))).toEqual({
      subscriptionId: 's',
      status: 'active',
      live: true,
      priceId: 'price_s',
      periodStart: 100,
      periodEnd: 200,
      cancelAt: 200,
    });
  });

  it('cancel_at_period_end without cancel_at (older payloads) cancels at the period end', () => {
    expect(snapshotOf(sub('s', 'trialing', 1, { cancel_at_period_end: true })).cancelAt).toBe(200);
  });

  it('an ended subscription keeps only its id and status; none at all is all null', () => {
    expect(snapshotOf(sub('s', 'canceled', 1, { cancel_at: 200 }))).toEqual({
      ...NO_SUBSCRIPTION,
      subscriptionId: 's',
      status: 'canceled',
    });
    expect(snapshotOf(undefined)).toEqual(NO_SUBSCRIPTION);
  });
});
