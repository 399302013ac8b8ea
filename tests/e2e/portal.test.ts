/**
 * The portal in Debian's Chromium against the real server and the Auth emulator: registration,
 * verification, the gate, navigation (wide and phone-sized), logout, 404 and axe-core checks.
 */
import { describe, expect, it } from 'vitest';
import { heading, portalInBrowser } from '../helpers/portal-browser';
import { seriousViolations, shot } from '../helpers/axe';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import { uniqueEmail, verifyThroughOobCode } from '../helpers/emulator';

describe('portal in Chromium', () => {
  const e2e = portalInBrowser();

  it('sends a signed-out visitor on an unknown path to sign-in, like every gated route', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.app.url}/no/such/page`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await page.getByRole('heading', { name: ACCOUNT_MESSAGES.notFoundTitle }).count()).toBe(0);
    await page.close();
  });

  it('hides the side panel of the auth screen on a narrow viewport', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(`${e2e.app.url}/auth`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(await page.getByText('Rocket fuel for your sales team').isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText('Rocket fuel for your sales team').waitFor({ state: 'visible' });
    await page.close();
  });

  it('the auth screen works from the keyboard alone', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.app.url}/auth`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el) return '';
          const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
          return (label ?? el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s*\*\s*$/, '').trim();
        }),
      );
    }
    for (const name of ['Login', 'Email', 'Password', 'Forgot password?']) expect(reached).toContain(name);
    // Enter in the password field submits: the validation messages (docs/product.md#validation-messages) show.
    await page.getByLabel('Password').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.close();
  });

  it('registers, verifies, reaches every screen from the nav bar, logs out; axe finds no serious violation', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.app.url}/`);
    await page.waitForURL(/\/auth$/);
    await heading(page, 'Rocket fuel for your sales team');
    await shot(page, 'auth');
    expect(await seriousViolations(page)).toEqual([]);

    // Register (docs/product.md#sign-in-and-registration): identity, backend record, verification e-mail, toast, /icebreak.
    const email = uniqueEmail('portal');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name').fill('Pat Portal');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await heading(page, 'Verify your email');
    await shot(page, 'verify');
    expect(page.url()).toMatch(/\/icebreak$/);
    await expect(page.locator('.fui-ToastTitle').first().textContent()).resolves.toBe('Account created successfully');
    await page.getByRole('button', { name: 'Resend verification email' }).waitFor();
    await page.getByRole('button', { name: 'Start Over' }).waitFor();

    // The link in the e-mail, then a reload: the app opens with the free credits.
    await verifyThroughOobCode(email);
    await page.reload();
    await heading(page, 'Icebreak');
    await page.getByTestId('credits-counter').getByText('20', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await shot(page, 'icebreak-empty');

    // An analysis over the real stream: sections render, the offline writer is named, one credit is spent.
    await page
      .getByLabel('Person description')
      .fill('Dana Fox, Head of Sales at Northwind Robotics in Denver. Loves cycling and mentoring new reps.');
    await page.getByRole('button', { name: 'Analyze Profile' }).click();
    await page.locator('.fui-ToastTitle', { hasText: 'Analysis complete' }).waitFor({ timeout: 30_000 });
    // No news source in this run: section 0 is titled for what it is (docs/product.md#news).
    await heading(page, 'Conversation Starters');
    await heading(page, 'Tips for Building Rapport');
    // The offline writer is named once (by the server's text or, failing that, by the portal's note).
    await expect(page.getByText(/offline writer/i).count()).resolves.toBe(1);
    await page.getByTestId('credits-counter').getByText('19', { exact: true }).waitFor({ timeout: 15_000 });
    await shot(page, 'icebreak-result');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'View Insights for Dana Fox' }).click();
    await heading(page, 'Conversation Starters');
    await expect(page.getByLabel('Person description').inputValue()).resolves.toMatch(/^Dana Fox, Head of Sales/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const screens: [string, RegExp, string][] = [
      ['Enrich settings', /\/enrich$/, 'Tell us about you'],
      ['Premium', /\/subscription$/, 'Choose Your Plan'],
      ['FAQ', /\/faq$/, 'Frequently Asked Questions'],
      ['Settings', /\/settings$/, 'Account Information'],
      ['Icebreak', /\/icebreak$/, 'Icebreak'],
    ];
    for (const [link, url, title] of screens) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(url);
      await heading(page, title);
      await shot(page, link.toLowerCase());
      if (link === 'Premium' || link === 'FAQ') {
        // The screen is audited, not an earlier toast fading out while axe runs (measured half-transparent).
        await page.locator('.fui-Toast').first().waitFor({ state: 'detached', timeout: 15_000 });
        expect(await seriousViolations(page)).toEqual([]);
      }
    }
    await page.getByRole('link', { name: 'Icebreak & Enrich' }).click();
    await page.waitForURL(/\/icebreak$/);
    await expect(page.getByText(email).count()).resolves.toBe(0);

    // Phone-sized: the links fold into a menu that still reaches every screen.
    await page.setViewportSize({ width: 400, height: 800 });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await shot(page, 'phone-menu');
    await page.getByRole('menuitem', { name: 'FAQ' }).click();
    await page.waitForURL(/\/faq$/);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Redeployed while the tab was open: the Usage screen's file is gone. The nav bar stays, the
    // screen says what happened and offers a reload, and the reload brings the screen.
    await page.route(/\/assets\/UsageScreen-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await nav.getByRole('link', { name: 'Usage', exact: true }).click();
    await page.getByRole('alert').getByText(ACCOUNT_MESSAGES.screenOutdatedTitle).waitFor();
    await nav.getByRole('link', { name: 'FAQ', exact: true }).waitFor();
    await page.unroute(/\/assets\/UsageScreen-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await heading(page, 'Credit usage', 20_000);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth$/);
    await heading(page, 'Icebreak & Enrich');
    // Signed out, the app is closed again.
    await page.goto(`${e2e.app.url}/settings`);
    await page.waitForURL(/\/auth$/);
    await page.close();
  });

  it('ran without page errors or CSP violations', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
