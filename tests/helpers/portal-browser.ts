import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { startTestApp, type TestApp } from './test-app';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';

/** The built portal (`npm test` builds it before the browser tests). */
export const PORTAL_DIST = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), 'portal', 'dist');

/** Waits until a heading with exactly this name is visible. */
export async function heading(page: Page, text: string, timeout = 15_000) {
  await page.getByRole('heading', { name: text, exact: true }).first().waitFor({ state: 'visible', timeout });
}

/**
 * Opens the portal's sign-in page with no session in this browser profile (the suite's pages share
 * one): the Firebase SDK keeps the session in IndexedDB (else localStorage), removed from a page
 * where the SDK is not running, so nothing holds the database open.
 */
export async function openSignedOut(page: Page, url: string) {
  await page.goto(`${url}/favicon.svg`);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        localStorage.clear();
        const deletion = indexedDB.deleteDatabase('firebaseLocalStorageDb');
        deletion.onsuccess = () => resolve();
        deletion.onerror = () => reject(deletion.error ?? new Error('the session could not be removed'));
      }),
  );
  await page.goto(`${url}/auth`);
}

export interface PortalInBrowser {
  app: TestApp;
  browser: TestBrowser;
  /** Only with `webhookSecret`: the Stripe stand-in the app talks to. */
  stripe: FakeStripe;
  /** Uncaught page errors and console errors matching `consoleErrors`, from every page opened with `newPage`. */
  pageErrors: string[];
  newPage(): Promise<Page>;
}

/**
 * Registers the suite's hooks: the real server serving the built portal (with a Stripe stand-in
 * when `webhookSecret` is given) and Debian's Chromium. The fields are there from the first test on.
 */
export function portalInBrowser(
  options: { webhookSecret?: string; consoleErrors?: RegExp; env?: Record<string, string> } = {},
): PortalInBrowser {
  const consoleErrors = options.consoleErrors ?? /Content Security Policy/i;
  const env = { pageErrors: [] as string[] } as PortalInBrowser;
  env.newPage = async () => {
    const page = await env.browser.context.newPage();
    page.on('pageerror', (err) => env.pageErrors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && consoleErrors.test(msg.text())) env.pageErrors.push(msg.text());
    });
    return page;
  };
  beforeAll(async () => {
    if (options.webhookSecret) env.stripe = await startFakeStripe();
    const stripeEnv = options.webhookSecret ? env.stripe.env(options.webhookSecret) : {};
    env.app = await startTestApp({ env: { ...options.env, ...stripeEnv }, deps: { staticDir: PORTAL_DIST } });
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
    await env.stripe?.close();
  });
  return env;
}
