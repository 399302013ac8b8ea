import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { FAKE_PRICES, parseStripeForm, startFakeStripe, type FakeStripe } from '../fakes/stripe-server';

/** The fake speaks what the real SDK sends and expects (so the server's tests exercise the real wire format). */
describe('fake Stripe API', () => {
  let fake: FakeStripe;
  let sdk: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const { port } = new URL(fake.url);
    sdk = new Stripe(fake.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => fake?.close());

  it("parses Stripe's bracket form encoding", () => {
    expect(parseStripeForm('a=1&line_items[0][price]=p&line_items[0][quantity]=1&metadata[userId]=u&expand[0]=x&expand[1]=y')).toEqual({
      a: '1',
      line_items: [{ price: 'p', quantity: '1' }],
      metadata: { userId: 'u' },
      expand: ['x', 'y'],
    });
  });

  it('round-trips customers, checkout sessions and subscriptions through the real SDK', async () => {
    const customer = await sdk.customers.create({ email: 'x@example.com', metadata: { userId: 'u1' } }, { idempotencyKey: 'k1' });
    const again = await sdk.customers.create({ email: 'x@example.com', metadata: { userId: 'u1' } }, { idempotencyKey: 'k1' });
    expect(again.id).toBe(customer.id);
    expect((await sdk.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      object: 'customer',
      metadata: { userId: 'u1' },
    });

    const session = await sdk.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: FAKE_PRICES.starter, quantity: 1 }],
      success_url: 'http://x/s',
      cancel_url: 'http://x/c',
    });
    expect(session.url).toBe(`${fake.url}/checkout/${session.id}`);
    const { subscription } = fake.completeCheckout(session.id);

    const list = await sdk.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(list.data.map((s) => [s.id, s.status, s.items.data[0]!.price.id])).toEqual([[subscription.id, 'active', FAKE_PRICES.starter]]);
    const updated = await sdk.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated.cancel_at).toBe(updated.items.data[0]!.current_period_end);
  });

  it("answers with Stripe's error envelope, which the SDK turns into its typed errors", async () => {
    await expect(sdk.subscriptions.retrieve('sub_missing')).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(sdk.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
    const wrongKey = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: new URL(fake.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
