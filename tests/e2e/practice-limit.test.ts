/**
 * The practice daily limit on a 375 px phone in Debian's Chromium (issue 28, item 6): the refusal wraps inside
 * its card (nothing runs off the screen), says when the next call is possible in the browser's time zone, and
 * offers Call Logs.
 */
import { describe, expect, it } from 'vitest';
import { heading, openSignedOut, portalInBrowser } from '../helpers/portal-browser';
import { createTestUser } from '../helpers/emulator';
import { openPracticeSocket } from '../helpers/practice-socket';

describe('practice daily limit in Chromium at 375 px', () => {
  const e2e = portalInBrowser({ env: { PRACTICE_CALLS_PER_DAY: '1' }, consoleErrors: /Content Security Policy|WebSocket/i });

  it('the limit message wraps in its card, gives the local reset time and a way to Call Logs', async () => {
    // One real session (a word from the rep) uses up the limit of 1.
    const user = await createTestUser({ verified: true });
    const client = e2e.app.client(user);
    await client.getUser(user.uid).catch(() => client.createUser({ firebaseUid: user.uid, email: user.email }));
    const started = await client.startPractice({});
    const socket = await openPracticeSocket(e2e.app.url, started.socketPath);
    socket.send({ type: 'auth', token: user.idToken, callId: started.callId });
    await socket.next('ready');
    await socket.nextTurn();
    socket.send({ type: 'prompt', text: 'Hi, this is Sam from Acme. Do you have a minute?' });
    await socket.nextTurn();
    socket.send({ type: 'end' });
    await socket.next('feedback');
    await socket.closed;

    const page = await e2e.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedOut(page, e2e.app.url);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await heading(page, 'Icebreak', 20_000);
    await page.goto(`${e2e.app.url}/call`);
    await page.getByRole('button', { name: 'Practice in the browser' }).click();
    const bar = page.locator('.fui-MessageBar', { hasText: 'The practice session could not start' });
    await bar.waitFor({ timeout: 15_000 });

    const text = (await bar.textContent()) ?? '';
    expect(text).toContain('You have used your 1 practice calls for the last 24 hours.');
    expect(text).toMatch(/Your next call is possible on \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M .+ \(in \d+ h \d+ min\)\./);
    await bar.getByRole('link', { name: 'See Call Logs' }).waitFor();

    // Nothing overflows: the bar's content fits in it, and the bar fits in the card and in the 375 px viewport.
    const box = await bar.evaluate((el) => {
      const card = el.closest('.fui-Card')!.getBoundingClientRect();
      const own = el.getBoundingClientRect();
      const overflowing = [el, ...el.querySelectorAll('*')].filter((n) => n.scrollWidth > n.clientWidth + 1 && n.clientWidth > 0).length;
      return {
        right: own.right,
        cardRight: card.right,
        overflowing,
        viewport: window.innerWidth,
        docWidth: document.documentElement.scrollWidth,
      };
    });
    expect(box.overflowing).toBe(0);
    expect(box.right).toBeLessThanOrEqual(box.cardRight + 0.5);
    expect(box.docWidth).toBeLessThanOrEqual(box.viewport);

    await bar.getByRole('link', { name: 'See Call Logs' }).click();
    await page.waitForURL(/\/call-logs$/);
    await page.close();
  });

  it('ran without page errors', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
