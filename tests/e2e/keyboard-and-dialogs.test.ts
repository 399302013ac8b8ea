/**
 * Keyboard and screen-reader traps in Debian's Chromium (issue 28, item 8): the 'Analysis complete' toast
 * never takes or keeps the focus (Tab and Shift+Tab move on; the toast expires by itself), and after the
 * account is deleted the sign-in page is not left aria-hidden by the closing dialog.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNT_MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import { TOAST_DURATION_MS } from '@shared/constants';
import { heading, openSignedOut, portalInBrowser } from '../helpers/portal-browser';
import { createTestUser, type TestUser } from '../helpers/emulator';

/** Where the focus is: 'toast' inside the toaster, else a short description of the element. */
const focusAt = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    if (el.closest('.fui-Toast, .fui-Toaster, [data-toaster-id]')) return 'toast';
    return `${el.tagName}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
  });

/** Elements between the node and <html> marked aria-hidden (what hides it from assistive technology). */
const hiddenAncestors = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const found: string[] = [];
    for (let el = document.querySelector(sel); el; el = el.parentElement) {
      if (el.getAttribute('aria-hidden') === 'true') found.push(el.tagName + (el.id ? `#${el.id}` : ''));
    }
    return found;
  }, selector);

async function signIn(page: Page, url: string, user: TestUser) {
  // The suite's pages share one browser context: start signed out.
  await openSignedOut(page, url);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await heading(page, 'Icebreak', 20_000);
}

describe('keyboard and dialogs in Chromium', () => {
  const e2e = portalInBrowser();

  it("the 'Analysis complete' toast does not trap the focus, and it expires", async () => {
    const page = await e2e.newPage();
    const user = await createTestUser({ verified: true });
    await signIn(page, e2e.app.url, user);
    await page.getByLabel('Person description').fill('Jane Doe, VP of Sales at Acme Robotics in Austin');
    await page.getByRole('button', { name: 'Analyze Profile' }).click();
    const toast = page.locator('.fui-ToastTitle', { hasText: PORTAL_MESSAGES.analysisComplete }).first();
    await toast.waitFor({ timeout: 30_000 });

    // The focus is not on the toast, and the keyboard moves it on in both directions, never onto the toast.
    const seen: string[] = [await focusAt(page)];
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      seen.push(await focusAt(page));
    }
    expect(seen, seen.join(' → ')).not.toContain('toast');
    expect(new Set(seen.slice(1)).size).toBeGreaterThan(2);
    // The toast is not a Tab stop at all.
    expect(await page.locator('.fui-ToastContainer').first().getAttribute('tabindex')).toBe('-1');

    // It goes by itself (TOAST_DURATION_MS), focus or no focus.
    await toast.waitFor({ state: 'detached', timeout: TOAST_DURATION_MS + 10_000 });
    await page.close();
  });

  it('after deleting the account the sign-in page is not left aria-hidden', async () => {
    const page = await e2e.newPage();
    const user = await createTestUser({ verified: true });
    await signIn(page, e2e.app.url, user);
    await page.goto(`${e2e.app.url}/settings`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(`Type ${user.email} to confirm`).fill(user.email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(/\/auth$/, { timeout: 30_000 });
    await page.locator('.fui-ToastTitle', { hasText: ACCOUNT_MESSAGES.accountDeleted }).first().waitFor({ timeout: 20_000 });
    // Give a stale modal the time it would take to restore the page; then the form must be exposed.
    await page.waitForTimeout(1500);
    expect(await hiddenAncestors(page, 'form')).toEqual([]);
    // Found by role: Playwright (like a screen reader) skips what is aria-hidden.
    await page.getByRole('tab', { name: 'Login' }).waitFor({ timeout: 2000 });
    await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 2000 });
    await page.close();
  });

  it('ran without page errors', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
