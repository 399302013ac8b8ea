import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MESSAGES } from '@shared/messages';
import { stripeEvents, users } from '../../server/src/db/schema';
import { BILLING_MESSAGES } from '../../server/src/features/billing/billing-messages';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { deliver, FAKE_PRICES, signedWebhook, startFakeStripe, type FakeStripe } from '../fakes/stripe-server';

const WEBHOOK_SECRET = 'whsec_access_secret';

let stripe: FakeStripe;
let app: TestApp;
let a: TestUser;
let b: TestUser;

async function register(app: TestApp, user: TestUser) {
  await app.register(user, 'User');
}

// Emulator accounts are made before an app starts: opening PGlite blocks the event loop for a
// while, and a kept-alive emulator socket can be closed under the fetch in the meantime.
beforeAll(async () => {
  stripe = await startFakeStripe();
  a = await createTestUser({ verified: true });
  b = await createTestUser({ verified: true });
  app = await startTestApp({ env: { ...stripe.env(WEBHOOK_SECRET), PUBLIC_URL: 'http://portal.test' } });
  await register(app, a);
  await register(app, b);
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const forbidden = `403: ${JSON.stringify({ message: MESSAGES.forbiddenOther, code: 'forbidden' })}`;

describe('who may start a checkout or sync', () => {
  it("B cannot start a checkout or sync for A's e-mail (403), in any letter case", async () => {
    const asB = app.client(b);
    await expect(asB.createCheckout({ email: a.email, priceId: FAKE_PRICES.starter })).rejects.toThrow(forbidden);
    await expect(asB.createCheckout({ email: a.email.toUpperCase() })).rejects.toThrow(forbidden);
    await expect(asB.syncSubscription({ email: a.email })).rejects.toThrow(forbidden);
    // Nothing was created at Stripe on A's behalf.
    expect(stripe.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('no token → 401; an unverified user → 403', async () => {
    await expect(app.client().createCheckout({ email: a.email, priceId: FAKE_PRICES.starter })).rejects.toThrow(/^401: /);
    const u = await createTestUser({ verified: false });
    await app.client(u).createUser({ firebaseUid: u.uid, email: u.email });
    await expect(app.client(u).syncSubscription({ email: u.email })).rejects.toThrow(
      `403: ${JSON.stringify({ message: MESSAGES.emailNotVerified, code: 'forbidden' })}`,
    );
  });

  it('a price that is not one of the plans → 400, before any customer is created', async () => {
    await expect(app.client(a).createCheckout({ email: a.email, priceId: 'price_someone_elses' })).rejects.toThrow(
      `400: ${JSON.stringify({ message: BILLING_MESSAGES.unknownPrice, code: 'validation' })}`,
    );
    const res = await app.fetch('/api/subscription/checkout', {
      method: 'POST',
      user: a,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', priceId: FAKE_PRICES.starter }),
    });
    expect(res.status).toBe(400);
    expect(stripe.customers.size).toBe(0);
  });

  it("without a price: a Customer Portal session for the user's own customer ('Manage Subscription')", async () => {
    const { url } = await app.client(a).createCheckout({ email: a.email });
    expect(url.startsWith(`${stripe.url}/billing/bps_test_`)).toBe(true);
    const [row] = await app.database.db.select().from(users).where(eq(users.email, a.email));
    const portal = stripe.portalSessions.get(url.split('/').pop()!)!;
    expect(portal).toMatchObject({ customer: row!.stripeCustomerId, return_url: 'http://portal.test/subscription' });
    // The page behind the URL exists on the fake.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Fake Stripe Customer Portal');
  });
});

describe('webhook signature', () => {
  async function eventsRecorded() {
    const [row] = await app.database.db.select({ n: count() }).from(stripeEvents);
    return row!.n;
  }

  async function paidSubscriptionEvent() {
    const { url } = await app.client(b).createCheckout({ email: b.email, priceId: FAKE_PRICES.starter });
    return stripe.completeCheckout(url.split('/').pop()!);
  }

  it('a tampered payload, a wrong secret or no signature → 400 and nothing changes', async () => {
    const paid = await paidSubscriptionEvent();
    const before = await app.client(b).getUser(b.uid);
    const recorded = await eventsRecorded();

    const post = (body: string, signature?: string) =>
      fetch(`${app.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
        body,
      });

    // Signed correctly, then changed in transit (enterprise instead of starter).
    const { payload, header } = signedWebhook(paid.events.invoicePaid, WEBHOOK_SECRET);
    const tampered = payload.replaceAll(FAKE_PRICES.starter, FAKE_PRICES.enterprise);
    expect(tampered).not.toBe(payload);
    let res = await post(tampered, header);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: BILLING_MESSAGES.badSignature, code: 'validation' });

    // Signed with another secret.
    const forged = signedWebhook(paid.events.invoicePaid, 'whsec_not_ours');
    res = await post(forged.payload, forged.header);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: BILLING_MESSAGES.badSignature, code: 'validation' });

    // Signed too long ago (a replay).
    const old = signedWebhook(paid.events.invoicePaid, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    res = await post(old.payload, old.header);
    expect(res.status).toBe(400);

    // No signature at all.
    res = await post(payload);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: BILLING_MESSAGES.missingSignature, code: 'validation' });

    expect(await app.client(b).getUser(b.uid)).toEqual(before);
    expect(await eventsRecorded()).toBe(recorded);

    // The untouched delivery is accepted.
    res = await post(payload, header);
    expect(res.status).toBe(200);
    expect((await app.client(b).getUser(b.uid)).credits).toBe(200);
  });

  it('an unknown event type gets a 2xx and changes nothing', async () => {
    const before = await app.client(b).getUser(b.uid);
    const res = await deliver(app.url, stripe.event('customer.tax_id.created', { id: 'txi_1', object: 'tax_id' }), WEBHOOK_SECRET);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await app.client(b).getUser(b.uid)).toEqual(before);
  });

  it('an event for a customer that is not ours is acknowledged and ignored', async () => {
    const res = await deliver(
      app.url,
      stripe.event('customer.subscription.updated', { id: 'sub_x', object: 'subscription', customer: 'cus_unknown' }),
      WEBHOOK_SECRET,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('payload versions', () => {
  it('an invoice in the pre-2025-03-31 shape (top-level subscription, line price) still grants the allowance', async () => {
    const u = await createTestUser({ verified: true });
    await register(app, u);
    const { url } = await app.client(u).createCheckout({ email: u.email, priceId: FAKE_PRICES.professional });
    const paid = stripe.completeCheckout(url.split('/').pop()!);
    const invoice = structuredClone(paid.invoice) as Record<string, unknown> & { lines: { data: Record<string, unknown>[] } };
    delete invoice.parent;
    invoice.subscription = paid.subscription.id;
    for (const line of invoice.lines.data) {
      delete line.pricing;
      line.price = { id: FAKE_PRICES.professional, object: 'price' };
    }
    const legacy = { ...stripe.event('invoice.paid', invoice), api_version: '2024-06-20' };
    const res = await deliver(app.url, legacy, WEBHOOK_SECRET);
    expect(await res.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await app.client(u).getUser(u.uid)).toMatchObject({ credits: 1000, plan: 'professional', subscriptionStatus: 'active' });

    // A subscriber choosing the plan they already have gets the portal, never a second subscription.
    const again = await app.client(u).createCheckout({ email: u.email, priceId: FAKE_PRICES.professional });
    expect(again.url.startsWith(`${stripe.url}/billing/bps_test_`)).toBe(true);
    expect(stripe.portalSessions.get(again.url.split('/').pop()!)!.flow).toBeNull();
  });
});

describe('a customer Stripe no longer knows', () => {
  it('sync unlinks it and returns the user to Free; the next checkout creates a new customer', async () => {
    const u = await createTestUser({ verified: true });
    await register(app, u);
    const first = await app.client(u).createCheckout({ email: u.email, priceId: FAKE_PRICES.starter });
    const paid = stripe.completeCheckout(first.url.split('/').pop()!);
    await deliver(app.url, paid.events.invoicePaid, WEBHOOK_SECRET);
    expect(await app.client(u).getUser(u.uid)).toMatchObject({ credits: 200, plan: 'starter' });
    const oldCustomer = paid.subscription.customer;

    stripe.deleteCustomer(oldCustomer);
    expect(await app.client(u).syncSubscription({ email: u.email })).toEqual({
      status: null,
      priceId: null,
      credit_renewal_date: null,
      cancellationDate: null,
    });
    expect(await app.client(u).getUser(u.uid)).toMatchObject({ credits: 20, plan: 'free', subscriptionStatus: null });

    const next = await app.client(u).createCheckout({ email: u.email, priceId: FAKE_PRICES.starter });
    const session = stripe.checkoutSessions.get(next.url.split('/').pop()!)!;
    expect(session.customer).not.toBe(oldCustomer);
    const [row] = await app.database.db.select().from(users).where(eq(users.email, u.email));
    expect(row!.stripeCustomerId).toBe(session.customer);
  });

  it('a checkout with a stale stored customer starts over with a new one', async () => {
    const u = await createTestUser({ verified: true });
    await register(app, u);
    await app.client(u).createCheckout({ email: u.email });
    const [before] = await app.database.db.select().from(users).where(eq(users.email, u.email));
    stripe.deleteCustomer(before!.stripeCustomerId!);
    const { url } = await app.client(u).createCheckout({ email: u.email, priceId: FAKE_PRICES.enterprise });
    const session = stripe.checkoutSessions.get(url.split('/').pop()!)!;
    const [after] = await app.database.db.select().from(users).where(eq(users.email, u.email));
    expect(after!.stripeCustomerId).toBe(session.customer);
    expect(after!.stripeCustomerId).not.toBe(before!.stripeCustomerId);
  });
});

describe('payments disabled (no STRIPE_SECRET_KEY)', () => {
  let off: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    u = await createTestUser({ verified: true });
    off = await startTestApp();
    await register(off, u);
  });
  afterAll(() => off?.close());

  it('the config says so, checkout answers 503 with the clear message, sync answers the stored (empty) state', async () => {
    const config = await off.client().getConfig();
    expect(config.paymentsEnabled).toBe(false);
    expect(config.planPrices).toEqual({ starter: null, professional: null, enterprise: null });
    const notConfigured = `503: ${JSON.stringify({ message: MESSAGES.paymentsNotConfigured, code: 'upstream_unavailable' })}`;
    await expect(off.client(u).createCheckout({ email: u.email, priceId: FAKE_PRICES.starter })).rejects.toThrow(notConfigured);
    await expect(off.client(u).createCheckout({ email: u.email })).rejects.toThrow(notConfigured);
    expect(await off.client(u).syncSubscription({ email: u.email })).toEqual({
      status: null,
      priceId: null,
      credit_renewal_date: null,
      cancellationDate: null,
    });
    // Another user's e-mail is still refused first.
    await expect(off.client(u).syncSubscription({ email: a.email })).rejects.toThrow(forbidden);
  });

  it('the webhook answers 503 without applying anything', async () => {
    const res = await deliver(off.url, stripe.event('invoice.paid', { id: 'in_1', object: 'invoice' }), WEBHOOK_SECRET);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: MESSAGES.paymentsNotConfigured, code: 'upstream_unavailable' });
  });
});

describe('payment provider down', () => {
  it('checkout answers 502 with a clear message when Stripe cannot be reached', async () => {
    const dead = await startFakeStripe();
    const env = dead.env(WEBHOOK_SECRET);
    await dead.close();
    const u = await createTestUser({ verified: true });
    const down = await startTestApp({ env });
    try {
      await register(down, u);
      await expect(down.client(u).createCheckout({ email: u.email, priceId: FAKE_PRICES.starter })).rejects.toThrow(
        `502: ${JSON.stringify({ message: BILLING_MESSAGES.providerUnavailable, code: 'upstream_unavailable' })}`,
      );
    } finally {
      await down.close();
    }
  });
});
