/**
 * The plans page in Debian's Chromium, against the real server, the Auth emulator and the fake
 * Stripe API: sign in through the portal, 'Get Started' on Starter, land on the (fake) Checkout.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/src/db/schema';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { createTestUser } from '../helpers/emulator';
import { deliver, FAKE_PRICES, startFakeStripe, type FakeStripe } from '../fakes/stripe-server';

const WEBHOOK_SECRET = 'whsec_e2e_secret';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STATIC_DIR = path.join(ROOT, 'portal', 'dist');

describe('plans page → Stripe Checkout in Chromium', () => {
  let stripe: FakeStripe;
  let app: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startTestApp({ env: stripe.env(WEBHOOK_SECRET), deps: { staticDir: STATIC_DIR } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await stripe?.close();
  });

  it("a free user clicks 'Get Started' on Starter, lands on that plan's checkout, and after payment sees Starter active", async () => {
    const user = await createTestUser({ verified: true });
    const page = await browser.context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    // Sign in through the portal; a verified user's missing record is created on first load.
    await page.goto(`${app.url}/auth`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/icebreak$/, { timeout: 20_000 });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium', exact: true }).click();
    await page.waitForURL(/\/subscription$/);
    await page.getByRole('heading', { name: 'Choose Your Plan', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Free Account' }).waitFor();

    await page.getByRole('group', { name: 'Starter plan' }).getByRole('button', { name: 'Get Started: Starter' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/checkout/cs_test_`), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    expect(await page.locator('[data-field="price"]').textContent()).toBe(FAKE_PRICES.starter);

    // The session the browser landed on belongs to this user.
    const [row] = await app.database.db.select().from(users).where(eq(users.email, user.email));
    const session = stripe.checkoutSessions.get(new URL(page.url()).pathname.split('/').pop()!)!;
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: row!.id, customer: row!.stripeCustomerId });

    // Stripe reports the payment; back on the plans page the user is a Starter subscriber.
    const paid = stripe.completeCheckout(session.id as string);
    for (const event of [paid.events.checkoutCompleted, paid.events.invoicePaid]) {
      expect((await deliver(app.url, event, WEBHOOK_SECRET)).status).toBe(200);
    }
    await page.goto(`${app.url}/subscription`);
    await page.getByRole('heading', { name: 'Starter Plan Active' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Subscription Plans', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Starter: Current Plan' }).waitFor();
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/billing/bps_test_`), { timeout: 20_000 });
    expect(pageErrors).toEqual([]);
  });
});
