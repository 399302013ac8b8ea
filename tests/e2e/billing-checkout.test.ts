/**
 * The plans page in Debian's Chromium, against the real server, the Auth emulator and the fake
 * Stripe API: sign in through the portal, 'Get Started' on Starter, land on the (fake) Checkout.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/src/db/schema';
import { portalInBrowser } from '../helpers/portal-browser';
import { createTestUser } from '../helpers/emulator';
import { deliver, FAKE_PRICES } from '../fakes/stripe-server';

const WEBHOOK_SECRET = 'whsec_e2e_secret';

describe('plans page → Stripe Checkout in Chromium', () => {
  const e2e = portalInBrowser({ webhookSecret: WEBHOOK_SECRET });

  it("a free user clicks 'Get Started' on Starter, lands on that plan's checkout, and after payment sees Starter active", async () => {
    const user = await createTestUser({ verified: true });
    const page = await e2e.newPage();

    // Sign in through the portal; a verified user's missing record is created on first load.
    await page.goto(`${e2e.app.url}/auth`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/icebreak$/, { timeout: 20_000 });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium', exact: true }).click();
    await page.waitForURL(/\/subscription$/);
    await page.getByRole('heading', { name: 'Choose Your Plan', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Free Account' }).waitFor();

    await page.getByRole('group', { name: 'Starter plan' }).getByRole('button', { name: 'Get Started: Starter' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${e2e.stripe.url}/checkout/cs_test_`), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    expect(await page.locator('[data-field="price"]').textContent()).toBe(FAKE_PRICES.starter);

    // The session the browser landed on belongs to this user.
    const [row] = await e2e.app.database.db.select().from(users).where(eq(users.email, user.email));
    const session = e2e.stripe.checkoutSessions.get(new URL(page.url()).pathname.split('/').pop()!)!;
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: row!.id, customer: row!.stripeCustomerId });

    // Stripe reports the payment; back on the plans page the user is a Starter subscriber.
    const paid = e2e.stripe.completeCheckout(session.id as string);
    for (const event of [paid.events.checkoutCompleted, paid.events.invoicePaid]) {
      expect((await deliver(e2e.app.url, event, WEBHOOK_SECRET)).status).toBe(200);
    }
    await page.goto(`${e2e.app.url}/subscription`);
    await page.getByRole('heading', { name: 'Starter Plan Active' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Subscription Plans', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Starter: Current Plan' }).waitFor();
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${e2e.stripe.url}/billing/bps_test_`), { timeout: 20_000 });
    expect(e2e.pageErrors).toEqual([]);
  });
});
