/**
 * The account in Debian's Chromium against the real server, the Auth emulator and the Stripe
 * stand-in: the verification link leads back into the portal without a reload, sign-in returns
 * where the user was going, the password changes, and deleting the account cancels the
 * subscription at Stripe, deletes the data and frees the e-mail address. axe-core audits the
 * account, usage and plans pages.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import { createApiClient } from '@shared/api/client';
import { enrichmentSettings, users } from '../../server/src/db/schema';
import { allViolations } from '../helpers/axe';
import { heading, portalInBrowser } from '../helpers/portal-browser';
import type { TestApp } from '../helpers/test-app';
import { emulatorHost, uniqueEmail } from '../helpers/emulator';
import { TEST_EMULATOR } from '../helpers/emulator-config';
import { deliver } from '../fakes/stripe-server';

const WEBHOOK_SECRET = 'whsec_e2e_account';

async function toast(page: Page, title: string) {
  await page.locator('.fui-ToastTitle', { hasText: title }).first().waitFor({ timeout: 20_000 });
}

/** The emulator's out-of-band links for an address, newest last. */
async function oobLinks(email: string, type: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string[]> {
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${TEST_EMULATOR.projectId}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === type).map((c) => c.oobLink);
}

/** An API client signed in with e-mail and password at the emulator (for the API checks). */
async function apiAs(app: TestApp, email: string, password: string) {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!body.idToken) return null;
  return { uid: body.localId!, client: createApiClient({ baseUrl: app.url, getToken: async () => body.idToken! }) };
}

describe('the account in Chromium', () => {
  const e2e = portalInBrowser({ webhookSecret: WEBHOOK_SECRET });
  const email = uniqueEmail('account');
  const firstPassword = 'first-pass-1';
  const newPassword = 'second-pass-2';

  async function register(page: Page, password: string) {
    await page.goto(`${e2e.app.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name').fill('Ada Account');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await heading(page, 'Verify your email', 20_000);
  }

  async function signIn(page: Page, password: string) {
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  it('register → the verification link → back in the portal, and the waiting tab moves on without a reload', async () => {
    const page = await e2e.newPage();
    await register(page, firstPassword);
    // A marker that a reload would wipe.
    await page.evaluate(() => void ((window as unknown as { stayed: boolean }).stayed = true));

    const [link] = await oobLinks(email, 'VERIFY_EMAIL');
    expect(new URL(link!).searchParams.get('continueUrl')).toBe(`${e2e.app.url}/icebreak`);
    // The link opened in another tab: the emulator verifies and redirects into the portal.
    const other = await e2e.newPage();
    await other.goto(link!);
    await other.waitForURL(`${e2e.app.url}/icebreak`);
    await heading(other, 'Icebreak', 20_000);
    await other.close();

    // The first tab notices by itself (interval / focus) and opens the app, without a reload.
    await heading(page, 'Icebreak', 20_000);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.close();
  });

  it('change the password, sign out, sign in with the new one (back where the user was going)', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.app.url}/settings`);
    await heading(page, 'Settings', 20_000);
    await page.getByText('Verified', { exact: true }).waitFor();
    // The output language is an account setting (docs/product.md#output-language), saved alone.
    const language = page.getByRole('form', { name: 'Output language' });
    await language.getByLabel('Output language').selectOption({ label: 'Spanish' });
    await language.getByRole('button', { name: 'Save Output Language' }).click();
    await page.getByText('Output language saved: Spanish.').first().waitFor({ timeout: 20_000 });
    await page.reload();
    await heading(page, 'Settings', 20_000);
    await expect(page.getByRole('form', { name: 'Output language' }).getByLabel('Output language').inputValue()).resolves.toBe('es');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel(/^Current password/).fill(firstPassword);
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel(/^Repeat the new password/).fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await toast(page, ACCOUNT_MESSAGES.passwordChanged);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth$/);
    // Signed out, a link to /usage goes through sign-in and lands on /usage.
    await page.goto(`${e2e.app.url}/usage`);
    await page.waitForURL(/\/auth$/);
    await signIn(page, firstPassword);
    await toast(page, 'Login failed');
    await signIn(page, newPassword);
    await page.waitForURL(/\/usage$/);
    await heading(page, 'Credit usage', 20_000);
    await page.getByRole('table', { name: 'Credit history' }).getByText('Sign-up grant').waitFor();
    // The 'Login failed' toast sits outside the landmarks while shown (axe 'region'): audit the page once it is gone.
    await page.locator('.fui-ToastTitle').first().waitFor({ state: 'detached', timeout: 20_000 });
    expect(await allViolations(page)).toEqual([]);
    await page.close();
  });

  it('subscribed, then delete the account: Stripe cancels, the data goes, the e-mail registers anew', async () => {
    const page = await e2e.newPage();
    const api = (await apiAs(e2e.app, email, newPassword))!;
    await api.client.updateSettings(email, { name: 'Ada', aboutMe: 'Ada sells sailing boats.', contentPreferences: 'Brief.' });
    const [row] = await e2e.app.database.db.select().from(users).where(eq(users.email, email));
    const oldId = row!.id;

    // Subscribe through the plans page and the Stripe stand-in's checkout.
    await page.goto(`${e2e.app.url}/subscription`);
    await heading(page, 'Choose Your Plan', 20_000);
    await page.getByTestId('plans-balance').waitFor();
    expect(await allViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Get Started: Starter' }).click();
    await page.waitForURL(new RegExp(`^${e2e.stripe.url}/checkout/`));
    const done = e2e.stripe.completeCheckout(page.url().split('/').pop()!);
    for (const event of [done.events.checkoutCompleted, done.events.invoicePaid]) {
      expect((await deliver(e2e.app.url, event, WEBHOOK_SECRET)).status).toBe(200);
    }

    await page.goto(`${e2e.app.url}/subscription`);
    await heading(page, 'Starter Plan Active', 20_000);
    await page
      .getByTestId('plans-balance')
      .getByText(/^200 of 200 credits left/)
      .waitFor();
    expect(await allViolations(page)).toEqual([]);

    await page.goto(`${e2e.app.url}/settings`);
    await page.getByText('Starter plan', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText('Active', { exact: true }).waitFor();
    expect(await allViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Delete your account?' }).waitFor();
    expect(await allViolations(page)).toEqual([]);
    await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(/\/auth$/, { timeout: 30_000 });
    await toast(page, ACCOUNT_MESSAGES.accountDeleted);

    // The Stripe stand-in saw the cancellation; the data and the sign-in account are gone.
    expect(e2e.stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${done.subscription.id}`)).toBe(true);
    expect(e2e.stripe.subscriptions.get(done.subscription.id)!.status).toBe('canceled');
    expect(await e2e.app.database.db.select().from(users).where(eq(users.id, oldId))).toEqual([]);
    expect(await e2e.app.database.db.select().from(enrichmentSettings).where(eq(enrichmentSettings.userId, oldId))).toEqual([]);
    expect(await apiAs(e2e.app, email, newPassword)).toBeNull();

    // The address registers anew, and the new account starts empty (API checks).
    await register(page, firstPassword);
    const fresh = (await apiAs(e2e.app, email, firstPassword))!;
    await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: fresh.uid, emailVerified: true, targetProjectId: TEST_EMULATOR.projectId }),
    });
    const verified = (await apiAs(e2e.app, email, firstPassword))!;
    const record = await verified.client.getUser(verified.uid);
    expect(record).toMatchObject({ plan: 'free', credits: 20, subscriptionStatus: null });
    expect(await verified.client.getSettings(email)).toEqual({ name: '', aboutMe: '', contentPreferences: '', outputLanguage: 'auto' });
    expect((await verified.client.getCreditHistory()).entries.map((e) => e.reason)).toEqual(['signup']);
    await page.close();
  });

  it('ran without page errors', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
