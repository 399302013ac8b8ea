/**
 * "Continue with Google" / "Continue with Microsoft" in Chromium against the Auth emulator's own
 * provider sign-in page (/emulator/auth/handler): the user clicks the button, the emulator's page
 * opens (a popup, or the same tab where popups are blocked), a fake account is added, and the user
 * lands signed in, in the portal and in the widget framed by the stand-in CRM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { GAPI_STANDIN_SOURCE } from '../fakes/gapi-iframes';
import { SAMPLE_LEADS } from '../../widget/dev/sample-leads';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { uniqueEmail } from '../helpers/emulator';
import { heading, portalInBrowser } from '../helpers/portal-browser';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startWidgetHost, type WidgetHost } from './widget-host';

const T = { timeout: 20_000 };
const PROVIDER_NAME = { 'google.com': 'Google.com', 'microsoft.com': 'Microsoft.com' } as const;

/** On the emulator's provider page: add a fake account with this address and sign in with it. */
async function addFakeAccount(page: Page | Frame, email: string, providerId: keyof typeof PROVIDER_NAME) {
  await page.locator('#add-account-button button').click(T);
  await page.locator('#email-input').fill(email, T);
  await page.locator('#display-name-input').fill('Pat Provider');
  const signIn = page.locator('#sign-in');
  expect(await signIn.textContent()).toContain(PROVIDER_NAME[providerId]);
  await signIn.click();
}

/** This machine cannot download Google's gapi, which the SDK and the emulator's helper page load: a stand-in answers. */
async function serveGapiStandIn(context: BrowserContext) {
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GAPI_STANDIN_SOURCE }),
  );
}

/** Makes window.open fail as a popup blocker does (the SDK then says auth/popup-blocked). */
const blockPopups = () => {
  window.open = () => null;
};

describe('provider sign-in in the portal (Chromium, Auth emulator)', () => {
  const e2e = portalInBrowser();
  beforeAll(() => serveGapiStandIn(e2e.browser.context));

  it('Continue with Google: the popup shows the emulator page, a fake account is added, the user lands in the app', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.app.url}/auth`);
    const [popup] = await Promise.all([page.waitForEvent('popup', T), page.getByRole('button', { name: 'Continue with Google' }).click()]);
    expect(new URL(popup.url()).pathname).toBe('/emulator/auth/handler');
    const email = uniqueEmail('google');
    await addFakeAccount(popup, email, 'google.com');
    await popup.waitForEvent('close', T);
    // Verified by the provider: no verification card, the record is created, the free credits show.
    await heading(page, 'Icebreak', 20_000);
    await page.getByTestId('credits-counter').getByText('20', { exact: true }).waitFor(T);
    expect(new URL(page.url()).pathname).toBe('/icebreak');
    // One browser profile for the suite: the next test starts signed out.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth$/, T);
    await page.close();
  });

  it('Continue with Microsoft where popups are blocked: the same page by redirect, back signed in', async () => {
    const page = await e2e.newPage();
    await page.addInitScript(blockPopups);
    await page.goto(`${e2e.app.url}/auth`);
    await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
    await page.waitForURL(/\/emulator\/auth\/handler/, T);
    await addFakeAccount(page, uniqueEmail('microsoft'), 'microsoft.com');
    await page.waitForURL(`${e2e.app.url}/**`, T);
    await heading(page, 'Icebreak', 20_000);
    await page.getByTestId('credits-counter').getByText('20', { exact: true }).waitFor(T);
    await page.close();
  });

  it('ran without page errors or CSP violations', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});

describe('provider sign-in in the widget (Chromium, stand-in CRM, Auth emulator)', () => {
  let host: WidgetHost;
  let app: TestApp;
  let browser: TestBrowser;
  const pageErrors: string[] = [];
  const lead = SAMPLE_LEADS[0]!;

  beforeAll(async () => {
    host = await startWidgetHost();
    app = await startTestApp({ env: { CORS_ORIGINS: host.origin } });
    browser = await launchBrowser({ viewport: { width: 1300, height: 1000 } });
    await serveGapiStandIn(browser.context);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await host?.close();
  });

  async function openWidget(options: { blockPopups?: boolean } = {}) {
    const page = await browser.context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    if (options.blockPopups) await page.addInitScript(blockPopups);
    await page.goto(host.standInUrl({ api: app.url, position: 'related', lead: lead.id, width: '400' }));
    return page;
  }

  it('Continue with Google from inside the CRM frame: popup, fake account, the lead shows', async () => {
    const page = await openWidget();
    const widget = page.frameLocator('#widget-frame');
    const [popup] = await Promise.all([
      page.waitForEvent('popup', T),
      widget.getByRole('button', { name: 'Continue with Google' }).click(T),
    ]);
    await addFakeAccount(popup, uniqueEmail('widget-google'), 'google.com');
    await expect.poll(() => widget.getByTestId('lead-summary').textContent(T), T).toContain(lead.First_Name);
    await expect.poll(() => widget.getByTestId('credits').textContent(T), T).toBe('Credits: 20');
    // One browser profile for the suite: the next test starts signed out.
    await widget.getByRole('button', { name: 'Sign out' }).click();
    await widget.getByRole('button', { name: 'Continue with Google' }).waitFor(T);
    await page.close();
  });

  it('popups blocked in the frame: the frame goes to the provider page and comes back signed in', async () => {
    const page = await openWidget({ blockPopups: true });
    const widget = page.frameLocator('#widget-frame');
    await widget.getByRole('button', { name: 'Continue with Microsoft' }).click(T);
    await expect.poll(() => page.frames().some((f) => f.url().includes('/emulator/auth/handler')), T).toBe(true);
    const handler = page.frames().find((f) => f.url().includes('/emulator/auth/handler'))!;
    await addFakeAccount(handler, uniqueEmail('widget-ms'), 'microsoft.com');
    await expect.poll(() => widget.getByTestId('lead-summary').textContent(T), T).toContain(lead.First_Name);
    await page.close();
  });

  it('ran without page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
