import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FREE_MONTHLY_CREDITS, PLANS } from '@shared/constants';
import { creditLedger, stripeEvents, users } from '../../server/src/db/schema';
import { systemClock } from '../../server/src/clock';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { billingAppOn } from '../helpers/billing-app';
import { deliver, FAKE_PRICES, type FakeEvent } from '../fakes/stripe-server';

const WEBHOOK_SECRET = 'whsec_lifecycle_secret';
const allowance = (id: string) => PLANS.find((p) => p.id === id)!.credits;

describe.each(databaseTargets())('billing on $name', (target) => {
  const env = billingAppOn(target, WEBHOOK_SECRET);

  async function newUser(): Promise<{ user: TestUser; id: string }> {
    const user = await env.app.signUp('Payer');
    const [row] = await env.db.db.select().from(users).where(eq(users.email, user.email));
    return { user, id: row!.id };
  }

  async function send(event: FakeEvent) {
    const res = await deliver(env.app.url, event, WEBHOOK_SECRET);
    const body = (await res.json()) as { received: boolean; outcome: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.outcome;
  }

  async function state(user: TestUser) {
    const record = await env.app.client(user).getUser(user.uid);
    return { credits: record.credits, plan: record.plan, status: record.subscriptionStatus };
  }

  async function checkout(user: TestUser, price: string) {
    const { url } = await env.app.client(user).createCheckout({ email: user.email, priceId: price });
    expect(url.startsWith(`${env.stripe.url}/checkout/cs_test_`)).toBe(true);
    return url.split('/').pop()!;
  }

  async function ledgerRows(userId: string, reference: string) {
    return env.db.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reference, reference)));
  }

  async function booksBalance(userId: string) {
    const credits = createCreditsService(env.db.db, systemClock);
    expect(await credits.ledgerSum(userId)).toBe((await credits.balance(userId))!);
  }

  it('free → Starter → renewal without rollover → Professional → cancel at period end → back to Free', async () => {
    const { user, id } = await newUser();
    const credits = createCreditsService(env.db.db, systemClock);

    // Free: 20 credits, nothing at Stripe yet.
    expect(await state(user)).toEqual({ credits: FREE_MONTHLY_CREDITS, plan: 'free', status: null });
    expect(await env.app.client(user).syncSubscription({ email: user.email })).toEqual({
      status: null,
      priceId: null,
      credit_renewal_date: null,
      cancellationDate: null,
    });

    // Checkout for Starter: a subscription-mode session for this user's (one) customer.
    const sessionId = await checkout(user, FAKE_PRICES.starter);
    const created = env.stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    const [row] = await env.db.db.select().from(users).where(eq(users.id, id));
    expect(row!.stripeCustomerId).toMatch(/^cus_test_/);
    expect(created.body).toMatchObject({
      mode: 'subscription',
      customer: row!.stripeCustomerId,
      client_reference_id: id,
      line_items: [{ price: FAKE_PRICES.starter, quantity: '1' }],
      metadata: { userId: id },
      success_url: 'http://portal.test/subscription/success',
      cancel_url: 'http://portal.test/subscription/cancel',
    });
    // A second attempt reuses the stored customer.
    await checkout(user, FAKE_PRICES.starter);
    expect([...env.stripe.customers.values()].filter((c) => c.email === user.email)).toHaveLength(1);
    expect(env.stripe.customers.get(row!.stripeCustomerId!)!.metadata).toEqual({ userId: id, firebaseUid: user.uid });

    // The customer pays: checkout completed, then the first invoice → 200 credits, active.
    const paid = env.stripe.completeCheckout(sessionId);
    expect(await send(paid.events.checkoutCompleted)).toBe('applied');
    expect(await state(user)).toMatchObject({ credits: FREE_MONTHLY_CREDITS, plan: 'starter', status: 'active' });
    expect(await send(paid.events.invoicePaid)).toBe('applied');
    expect(await state(user)).toEqual({ credits: 200, plan: 'starter', status: 'active' });
    const periodEnd = paid.subscription.items.data[0]!.current_period_end;
    expect(await env.app.client(user).syncSubscription({ email: user.email })).toEqual({
      status: 'active',
      priceId: FAKE_PRICES.starter,
      credit_renewal_date: periodEnd,
      cancellationDate: null,
    });

    // Spend 50, then the month renews: the balance is set to 200 again, not 350.
    expect(await credits.debit(id, 50)).toMatchObject({ ok: true, balance: 150 });
    const renewal = env.stripe.renew(paid.subscription.id);
    expect(await send(renewal.event)).toBe('applied');
    expect((await state(user)).credits).toBe(allowance('starter'));
    const [allowanceRow] = await ledgerRows(id, renewal.event.id);
    expect(allowanceRow).toMatchObject({ reason: 'plan_allowance', delta: 50, balanceAfter: 200 });

    // Switch to Professional: the plan changes now, the 1,000 come with the next paid invoice.
    const { url: switchUrl } = await env.app.client(user).createCheckout({ email: user.email, priceId: FAKE_PRICES.professional });
    expect(switchUrl.startsWith(`${env.stripe.url}/billing/bps_test_`)).toBe(true);
    const portalRequest = env.stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!;
    expect(portalRequest.body).toMatchObject({
      customer: row!.stripeCustomerId,
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: { subscription: paid.subscription.id, items: [{ price: FAKE_PRICES.professional }] },
      },
    });
    const switched = env.stripe.switchPrice(paid.subscription.id, FAKE_PRICES.professional);
    expect(await send(switched.event)).toBe('applied');
    expect(await state(user)).toEqual({ credits: 200, plan: 'professional', status: 'active' });
    const nextCycle = env.stripe.renew(paid.subscription.id);
    expect(await send(nextCycle.event)).toBe('applied');
    expect(await state(user)).toEqual({ credits: 1000, plan: 'professional', status: 'active' });

    // Cancel at period end: still active, sync shows the cancellation date.
    const cancelling = env.stripe.cancelAtPeriodEnd(paid.subscription.id);
    expect(await send(cancelling.event)).toBe('applied');
    const cancelAt = cancelling.subscription.cancel_at!;
    expect(await env.app.client(user).syncSubscription({ email: user.email })).toEqual({
      status: 'active',
      priceId: FAKE_PRICES.professional,
      credit_renewal_date: cancelAt,
      cancellationDate: new Date(cancelAt * 1000).toISOString(),
    });

    // The period ends: the subscription is deleted → Free with 20.
    const ended = env.stripe.renew(paid.subscription.id);
    expect(ended.event.type).toBe('customer.subscription.deleted');
    expect(await send(ended.event)).toBe('applied');
    expect(await state(user)).toEqual({ credits: FREE_MONTHLY_CREDITS, plan: 'free', status: 'canceled' });
    expect(await env.app.client(user).syncSubscription({ email: user.email })).toEqual({
      status: 'canceled',
      priceId: null,
      credit_renewal_date: null,
      cancellationDate: null,
    });
    await booksBalance(id);
  });

  it('the same event delivered 5 times, and two deliveries at once, are applied once', async () => {
    const { user, id } = await newUser();
    const credits = createCreditsService(env.db.db, systemClock);
    const paid = env.stripe.completeCheckout(await checkout(user, FAKE_PRICES.starter));
    await send(paid.events.checkoutCompleted);

    // Five sequential deliveries, spending in between: only the first sets the balance.
    expect(await send(paid.events.invoicePaid)).toBe('applied');
    await credits.debit(id, 30);
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await send(paid.events.invoicePaid));
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect((await state(user)).credits).toBe(170);
    expect(await ledgerRows(id, paid.events.invoicePaid.id)).toHaveLength(1);

    // Two deliveries of a renewal at the same moment: one applies, the other is a duplicate.
    await credits.debit(id, 70);
    const renewal = env.stripe.renew(paid.subscription.id);
    const both = await Promise.all([send(renewal.event), send(renewal.event)]);
    expect(both.sort()).toEqual(['applied', 'duplicate']);
    expect((await state(user)).credits).toBe(200);
    expect(await ledgerRows(id, renewal.event.id)).toHaveLength(1);
    const recorded = await env.db.db.select().from(stripeEvents).where(eq(stripeEvents.id, renewal.event.id));
    expect(recorded).toEqual([expect.objectContaining({ id: renewal.event.id, type: 'invoice.paid' })]);

    // Two different events at once (deletion racing a redelivered renewal) also end consistent.
    const deleted = env.stripe.cancelNow(paid.subscription.id);
    const raced = await Promise.all([send(deleted.event), send(deleted.event), send(renewal.event)]);
    expect(raced.sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await state(user)).toEqual({ credits: FREE_MONTHLY_CREDITS, plan: 'free', status: 'canceled' });
    await booksBalance(id);
  });

  it('events in the wrong order end in the state Stripe holds', async () => {
    const { user } = await newUser();
    const paid = env.stripe.completeCheckout(await checkout(user, FAKE_PRICES.starter));
    const switched = env.stripe.switchPrice(paid.subscription.id, FAKE_PRICES.enterprise);
    const cancelling = env.stripe.cancelAtPeriodEnd(paid.subscription.id);

    // Newest first: each handler re-reads the subscription, so the stale payloads change nothing.
    for (const event of [
      cancelling.event,
      switched.event,
      paid.events.invoicePaid,
      paid.events.checkoutCompleted,
      paid.events.subscriptionCreated,
    ]) {
      expect(await send(event)).toBe('applied');
    }
    const held = env.stripe.subscriptions.get(paid.subscription.id)!;
    expect(held.items.data[0]!.price.id).toBe(FAKE_PRICES.enterprise);
    expect(await state(user)).toEqual({ credits: allowance('starter'), plan: 'enterprise', status: 'active' });
    expect(await env.app.client(user).syncSubscription({ email: user.email })).toEqual({
      status: 'active',
      priceId: FAKE_PRICES.enterprise,
      credit_renewal_date: held.items.data[0]!.current_period_end,
      cancellationDate: new Date(held.cancel_at! * 1000).toISOString(),
    });
  });

  it('a deletion delivered before older updates and invoices leaves the user on Free', async () => {
    const { user, id } = await newUser();
    const paid = env.stripe.completeCheckout(await checkout(user, FAKE_PRICES.professional));
    const switched = env.stripe.switchPrice(paid.subscription.id, FAKE_PRICES.starter);
    const deleted = env.stripe.cancelNow(paid.subscription.id);

    expect(await send(deleted.event)).toBe('applied');
    expect(await send(switched.event)).toBe('applied');
    expect(await send(paid.events.invoicePaid)).toBe('applied');
    expect(await send(paid.events.checkoutCompleted)).toBe('applied');
    expect(await state(user)).toEqual({ credits: FREE_MONTHLY_CREDITS, plan: 'free', status: 'canceled' });
    // The late invoice granted nothing: no allowance row for it.
    expect(await ledgerRows(id, paid.events.invoicePaid.id)).toHaveLength(0);
  });
});
