/**
 * Browser practice in Debian's Chromium against the real server (offline prospect engine, real
 * WebSocket on the app's HTTP server) and the Auth emulator (docs/product.md#practice-calls): register, open
 * the Call screen, practise in the browser with three typed turns, end, see the scored feedback, and
 * find the session with its transcript in Call Logs.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { heading, portalInBrowser } from '../helpers/portal-browser';
import { seriousViolations, shot } from '../helpers/axe';
import { uniqueEmail, verifyThroughOobCode } from '../helpers/emulator';

const REP_TURNS = [
  'Hi, this is Pat from Acme. We help sales teams ramp new reps in half the time. Did I catch you at a bad time?',
  'What does onboarding a new rep look like for your team today, and what slows it down?',
  'That makes sense. Could we book 20 minutes on Tuesday at 2pm to see if it fits?',
];

/** Finished prospect turns in the live conversation (a turn still streaming is aria-busy). */
const finishedProspectTurns = (page: Page) => page.locator('ol[aria-label="Conversation"] > li[data-role="prospect"]:not([aria-busy])');

describe('browser practice call in Chromium', () => {
  const e2e = portalInBrowser({ consoleErrors: /Content Security Policy|WebSocket/i });

  it('register → Call → Practice in the browser → three typed turns → End → feedback with a score → the session in Call Logs with its transcript', async () => {
    const page = await e2e.newPage();

    // Register and verify, as a new user does.
    const email = uniqueEmail('practice');
    await page.goto(`${e2e.app.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name').fill('Pat Practice');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await heading(page, 'Verify your email');
    await verifyThroughOobCode(email);
    await page.reload();
    await heading(page, 'Icebreak');

    // The Call screen from the nav: no Twilio here, so the phone is explained and the browser offered.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Call', exact: true }).click();
    await page.waitForURL(/\/call$/);
    await heading(page, 'Start an AI Practice Call Here');
    await page.getByText('Start a call with a random conversation practice scenario').waitFor();
    await page.getByText(/Phone calls are not set up on this server/).waitFor();
    expect(await page.getByRole('button', { name: 'Start Practice Call' }).isDisabled()).toBe(true);
    // The scenario library is offered (random by default).
    const scenario = page.getByLabel('Scenario');
    await expect(scenario.inputValue()).resolves.toBe('');
    await page.waitForFunction(() => (document.querySelector('select')?.options.length ?? 0) > 12);
    await shot(page, 'call-start');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Practice in the browser' }).click();
    await page.getByTestId('practice-timer').waitFor({ timeout: 15_000 });
    const title = (await page.getByRole('heading', { level: 2 }).first().textContent())!.trim();
    expect(title.length).toBeGreaterThan(0);
    // The prospect opens, streamed over the WebSocket.
    await finishedProspectTurns(page).first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('practice-timer').textContent()).toMatch(/^\d+:\d\d \/ 10:00$/);

    const reply = page.getByLabel('Your reply');
    for (const [i, text] of REP_TURNS.entries()) {
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await reply.fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.locator('ol[aria-label="Conversation"] > li[data-role="rep"]').nth(i).getByText(text).waitFor();
      // Each rep turn is answered by a finished prospect turn.
      await finishedProspectTurns(page)
        .nth(i + 1)
        .waitFor({ timeout: 30_000 });
      if (i === 0) await shot(page, 'call-session');
    }
    const roles = await page
      .locator('ol[aria-label="Conversation"] > li')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-role')));
    expect(roles.slice(0, 7)).toEqual(['prospect', 'rep', 'prospect', 'rep', 'prospect', 'rep', 'prospect']);
    expect(await seriousViolations(page)).toEqual([]);

    // End: the scored feedback appears.
    // (The offline prospect may itself end the call after a proposed time; then End is already off.)
    const end = page.getByRole('button', { name: 'End call' });
    if (await end.isEnabled()) await end.click();
    const score = page.getByTestId('feedback-score');
    await score.waitFor({ timeout: 30_000 });
    const value = Number(await score.textContent());
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    const feedback = page.getByRole('group', { name: 'Feedback' });
    expect(await feedback.locator('ul[aria-label="Rubric"] > li').count()).toBeGreaterThanOrEqual(5);
    expect(await feedback.locator('ol > li').count()).toBe(3);
    await shot(page, 'call-feedback');
    expect(await seriousViolations(page)).toEqual([]);

    // Call Logs: the session is listed, and its detail has the transcript.
    await nav.getByRole('link', { name: 'Call Logs', exact: true }).click();
    await page.waitForURL(/\/call-logs$/);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('Browser');
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('Completed');
    await expect(row.getByRole('cell').nth(5).textContent()).resolves.toBe(`${value}/100`);
    await shot(page, 'call-logs');
    await row.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/call-logs\/[^/]+$/);
    await heading(page, title);
    const transcript = page.getByRole('list', { name: 'Transcript' });
    for (const text of REP_TURNS) await transcript.getByText(text).waitFor();
    await expect(page.getByRole('group', { name: 'Feedback' }).getByTestId('feedback-score').textContent()).resolves.toBe(String(value));
    await shot(page, 'call-log-detail');
    expect(await seriousViolations(page)).toEqual([]);

    // Someone else's (or no) call: a clear not-found with a way back.
    await page.goto(`${e2e.app.url}/call-logs/00000000-0000-0000-0000-000000000000`);
    await heading(page, 'Call not found');
    await page.getByRole('link', { name: 'Back to Call Logs' }).click();
    await page.waitForURL(/\/call-logs$/);
    await page.close();
  });

  it('ran without page errors, WebSocket errors or CSP violations', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
