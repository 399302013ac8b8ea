/**
 * Teams in Debian's Chromium against the real server, the Auth emulator and a loopback SMTP server
 * (docs/product.md#teams, issue 26): an owner registers and creates a team on /team and invites a
 * colleague by e-mail; the colleague opens the e-mail's link in their own browser, registers with
 * the invited address, verifies it, lands back on /join and accepts; the owner assigns a scenario
 * with a score to reach; the colleague starts it from "Assigned practice" on /call and completes it
 * in browser practice; the owner sees it done, with the score, on /team. Two browsers (two
 * profiles), so both people stay signed in, as they would on their own machines.
 *
 * Not driven by a person: the e-mail verification (the emulator's out-of-band code, as in the other
 * browser tests), and the invitation link's origin: the server writes PUBLIC_URL into the e-mail
 * before the test app has its ephemeral port, so the test opens the link's path and token on the
 * test app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ASSIGNMENT_STATUS_LABELS, TEAM_LIMITS, TEAM_MESSAGES as T, TEAM_ROLE_LABELS } from '@shared/teams';
import { CALL_TEXT } from '../../portal/src/features/call/call-text';
import { scenarioById } from '../../server/src/features/practice';
import { inviteSubject } from '../../server/src/features/teams/invite-email';
import { launchBrowser, type TestBrowser } from '../helpers/browser';
import { heading, portalInBrowser } from '../helpers/portal-browser';
import { uniqueEmail, verifyThroughOobCode } from '../helpers/emulator';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server';

const PUBLIC_URL = 'https://teams-e2e.example.com';
const TEAM = 'Northwind Sales';
const OWNER = { name: 'Olivia Owner', email: uniqueEmail('team-owner'), password: 'owner-pass-1' };
const COLLEAGUE = { name: 'Casey Colleague', email: uniqueEmail('team-rep'), password: 'colleague-pass-1' };

/**
 * The assigned scenario and the score to reach. The offline prospect and coach are deterministic
 * (the prospect's wording is chosen by a hash of the scenario and the turn): REP_TURNS on this
 * scenario score 70 (opener, a concrete next step, one objection), so 60 is reachable with a margin
 * and is not reached by just any call (REP_TURNS on most other scenarios score 47 to 57).
 */
const SCENARIO = scenarioById('friendly-founder')!;
const MIN_SCORE = 60;
const REP_TURNS = [
  'Hi, this is Casey from Acme. We help sales teams ramp new reps in half the time. Did I catch you at a bad time?',
  'What does onboarding a new rep look like for your team today, and what slows it down?',
  'That makes sense. Could we book 20 minutes on Tuesday at 2pm to see if it fits?',
];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** Finished prospect turns in the live conversation (a turn still streaming is aria-busy). */
const finishedProspectTurns = (page: Page) => page.locator('ol[aria-label="Conversation"] > li[data-role="prospect"]:not([aria-busy])');

async function toast(page: Page, title: string) {
  await page.locator('.fui-ToastTitle', { hasText: title }).first().waitFor({ timeout: 20_000 });
}

/** The visible text of each cell of the table row that contains `text`. */
async function rowCells(page: Page, table: string, text: string): Promise<string[]> {
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
  await row.first().waitFor({ timeout: 15_000 });
  return (await row.first().getByRole('cell').allTextContents()).map((t) => t.trim());
}

/** Register on the sign-in screen's Register tab (the page must be on /auth). */
async function register(page: Page, who: { name: string; email: string; password: string }) {
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await heading(page, 'Verify your email', 20_000);
}

describe('a team in Chromium: create, invite by e-mail, join, assign practice, complete it, follow it', () => {
  // The SMTP server's address goes into the app's environment before portalInBrowser's hook starts the app.
  const env: Record<string, string> = { PUBLIC_URL };
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const e2e = portalInBrowser({ env, consoleErrors: /Content Security Policy|WebSocket/i });

  // The colleague's own browser profile.
  let other: TestBrowser;
  beforeAll(async () => {
    other = await launchBrowser();
  });
  afterAll(async () => {
    await other?.close();
  });

  let owner: Page;
  let colleague: Page;
  let joinLink = '';
  let token = '';
  let score = -1;
  /** The due day as the assign form takes it (YYYY-MM-DD), a week ahead. */
  const dueDay = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

  it('the owner registers, creates the team on /team and invites a colleague; the invitation e-mail arrives with its link', async () => {
    owner = await e2e.newPage();
    await owner.goto(`${e2e.app.url}/auth`);
    await register(owner, OWNER);
    await verifyThroughOobCode(OWNER.email);
    await owner.reload();
    await heading(owner, 'Icebreak', 20_000);
    // In no team: no Team entry in the nav; /team offers to create one.
    expect(await nav(owner).getByRole('link', { name: 'Team', exact: true }).count()).toBe(0);
    await owner.goto(`${e2e.app.url}/team`);
    await heading(owner, 'Create a team', 20_000);
    await owner.getByRole('button', { name: 'Create team' }).click();
    await owner.getByText(T.nameRequired).waitFor();
    await owner.getByLabel('Team name').fill(TEAM);
    await owner.getByRole('button', { name: 'Create team' }).click();
    await toast(owner, T.teamCreated);
    await heading(owner, TEAM);
    await owner.getByText(`Your role: ${TEAM_ROLE_LABELS.owner}`).waitFor();
    await nav(owner).getByRole('link', { name: 'Team', exact: true }).waitFor();
    // The pool column (docs/product.md#team-credits): nothing used, no cap; the owner may cap themselves.
    expect(await rowCells(owner, 'Team members', OWNER.name)).toEqual([
      `${OWNER.name} (you)`,
      OWNER.email,
      TEAM_ROLE_LABELS.owner,
      '0 (no cap)',
      'Set cap',
    ]);

    // Invite the colleague as a member.
    await owner.getByLabel('E-mail address').fill(COLLEAGUE.email);
    await expect(owner.getByLabel('Role', { exact: true }).inputValue()).resolves.toBe('member');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await toast(owner, T.inviteSent(COLLEAGUE.email));
    const [email, role, status, invitedBy] = await rowCells(owner, 'Open invitations', COLLEAGUE.email);
    expect([email, role, invitedBy]).toEqual([COLLEAGUE.email, TEAM_ROLE_LABELS.member, OWNER.name]);
    expect(status).toMatch(/^Pending until /);

    // The e-mail, through the server's mailer to the loopback SMTP server.
    await smtp.waitFor(1, 20_000);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.envelopeTo).toEqual([COLLEAGUE.email]);
    expect(mail.subject).toBe(inviteSubject(TEAM));
    expect(mail.text).toContain(`${OWNER.name} invited you to join the team "${TEAM}" on Icebreak & Enrich as a member.`);
    expect(mail.text).toContain(`expires in ${TEAM_LIMITS.inviteDays} days`);
    // The button the colleague clicks, and the same link in the text part.
    const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1]?.replace(/&amp;/g, '&');
    expect(href).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/join\\?token=`));
    expect(mail.text).toContain(`Accept the invitation: ${href}`);
    const link = new URL(href!);
    token = link.searchParams.get('token')!;
    expect(token).toMatch(/\./);
    joinLink = `${e2e.app.url}${link.pathname}${link.search}`;
  });

  it('the colleague opens the link in their own browser, registers with the invited address, verifies it, lands back on /join and accepts', async () => {
    expect(joinLink).not.toBe('');
    colleague = await other.context.newPage();
    colleague.on('pageerror', (err) => e2e.pageErrors.push(`colleague: ${err.message}`));
    colleague.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|WebSocket/i.test(msg.text())) e2e.pageErrors.push(`colleague: ${msg.text()}`);
    });

    // Signed out: the gate sends the link to sign-in, remembering it.
    await colleague.goto(joinLink);
    await colleague.waitForURL(/\/auth$/);
    await register(colleague, COLLEAGUE);
    // Registered, the colleague is still on the invitation (docs/product.md#team-invitations), waiting for the verification.
    const waiting = new URL(colleague.url());
    expect(waiting.pathname).toBe('/join');
    expect(waiting.searchParams.get('token')).toBe(token);
    await verifyThroughOobCode(COLLEAGUE.email);
    await colleague.reload();
    await heading(colleague, 'Join a team', 20_000);
    await colleague.getByText(`You are signed in as ${COLLEAGUE.email}.`).waitFor();
    await colleague.getByRole('button', { name: 'Accept invitation' }).click();
    await toast(colleague, T.joined(TEAM));
    await colleague.waitForURL(/\/team$/);
    await heading(colleague, TEAM);
    await colleague.getByText(`Your role: ${TEAM_ROLE_LABELS.member}`).waitFor();
    // A member sees names and roles (no e-mails), and no invitations.
    // A member sees their own pool use only.
    expect(await rowCells(colleague, 'Team members', OWNER.name)).toEqual([OWNER.name, TEAM_ROLE_LABELS.owner, '']);
    expect(await rowCells(colleague, 'Team members', COLLEAGUE.name)).toEqual([
      `${COLLEAGUE.name} (you)`,
      TEAM_ROLE_LABELS.member,
      '0 (no cap)',
    ]);
    expect(await colleague.getByRole('table', { name: 'Open invitations' }).count()).toBe(0);
    await colleague.getByText('No practice is assigned to you. Practise any time on the Call page.').waitFor();
    await nav(colleague).getByRole('link', { name: 'Team', exact: true }).waitFor();
  });

  it('the owner, back on Team from the nav, sees the colleague as a member and assigns the scenario with a score to reach', async () => {
    // No reload: the owner's tab has been open all along, and the Team page reads the team anew when opened.
    await nav(owner).getByRole('link', { name: 'Call Logs', exact: true }).click();
    await owner.waitForURL(/\/call-logs$/);
    await nav(owner).getByRole('link', { name: 'Team', exact: true }).click();
    await owner.waitForURL(/\/team$/);
    expect(await rowCells(owner, 'Team members', COLLEAGUE.name)).toEqual([
      COLLEAGUE.name,
      COLLEAGUE.email,
      TEAM_ROLE_LABELS.member,
      '0 (no cap)',
      expect.stringContaining('Set cap'),
    ]);
    await owner.getByText('No open invitations.').waitFor();

    const form = owner.getByRole('form', { name: 'Assign practice' });
    await form.getByLabel('Scenario').selectOption(SCENARIO.id);
    await form.getByRole('checkbox', { name: COLLEAGUE.name }).check();
    await form.getByLabel('Due date').fill(dueDay);
    await form.getByLabel(/^Score to reach/).fill(String(MIN_SCORE));
    await form.getByRole('button', { name: 'Assign practice' }).click();
    await toast(owner, T.assignedTo(1));
    const due = await owner.evaluate((day) => new Date(`${day}T23:59:59`).toLocaleDateString(undefined, { dateStyle: 'medium' }), dueDay);
    expect(await rowCells(owner, 'Assignments', COLLEAGUE.name)).toEqual([
      SCENARIO.title,
      due,
      COLLEAGUE.name,
      `– / ${MIN_SCORE}`,
      ASSIGNMENT_STATUS_LABELS.due,
    ]);
  });

  it('the colleague finds it under "Assigned practice" on /call, practises it in the browser and reaches the score; the card then says done', async () => {
    await nav(colleague).getByRole('link', { name: 'Call', exact: true }).click();
    await colleague.waitForURL(/\/call$/);
    const [title, due, toReach, best, status] = await rowCells(colleague, 'Assigned practice', SCENARIO.title);
    expect([title, toReach, best, status]).toEqual([SCENARIO.title, String(MIN_SCORE), '–', ASSIGNMENT_STATUS_LABELS.due]);
    expect(due).toBe(
      await colleague.evaluate((day) => new Date(`${day}T23:59:59`).toLocaleDateString(undefined, { dateStyle: 'medium' }), dueDay),
    );

    // "Practise this" chooses the scenario for the call below.
    await colleague.waitForFunction(() => (document.querySelector('select')?.options.length ?? 0) > 1);
    await colleague.getByRole('table', { name: 'Assigned practice' }).getByRole('button', { name: 'Practise this' }).click();
    await expect(colleague.getByLabel(CALL_TEXT.scenarioLabel).inputValue()).resolves.toBe(SCENARIO.id);
    await colleague.getByRole('button', { name: CALL_TEXT.practiceInBrowser }).click();
    await colleague.getByTestId('practice-timer').waitFor({ timeout: 15_000 });
    await heading(colleague, SCENARIO.title);
    await finishedProspectTurns(colleague).first().waitFor({ timeout: 30_000 });

    const reply = colleague.getByLabel(CALL_TEXT.yourReply);
    for (const [i, text] of REP_TURNS.entries()) {
      await colleague.getByRole('button', { name: CALL_TEXT.send }).waitFor();
      await reply.fill(text);
      await colleague.getByRole('button', { name: CALL_TEXT.send }).click();
      await colleague.locator('ol[aria-label="Conversation"] > li[data-role="rep"]').nth(i).getByText(text).waitFor();
      await finishedProspectTurns(colleague)
        .nth(i + 1)
        .waitFor({ timeout: 30_000 });
    }
    // (The offline prospect may itself end the call after a proposed time; then End is already off.)
    const end = colleague.getByRole('button', { name: CALL_TEXT.endCall });
    if (await end.isEnabled()) await end.click();
    const shown = colleague.getByTestId('feedback-score');
    await shown.waitFor({ timeout: 30_000 });
    score = Number(await shown.textContent());
    expect(score).toBeGreaterThanOrEqual(MIN_SCORE);
    expect(score).toBeLessThanOrEqual(100);

    // Back to the Call screen: the assignment is done, with the score, and no longer offered.
    await colleague.getByRole('button', { name: CALL_TEXT.newSession }).click();
    await heading(colleague, 'Start an AI Practice Call Here');
    await expect
      .poll(() => rowCells(colleague, 'Assigned practice', SCENARIO.title), { timeout: 15_000 })
      .toEqual([SCENARIO.title, due, String(MIN_SCORE), String(score), ASSIGNMENT_STATUS_LABELS.done, '']);
    expect(await colleague.getByRole('button', { name: 'Practise this' }).count()).toBe(0);
  });

  it('the owner sees it done, with the score, on /team, and the call in the month report', async () => {
    expect(score).toBeGreaterThanOrEqual(MIN_SCORE);
    // Again without a reload: away and back through the nav.
    await nav(owner).getByRole('link', { name: 'Call Logs', exact: true }).click();
    await owner.waitForURL(/\/call-logs$/);
    await nav(owner).getByRole('link', { name: 'Team', exact: true }).click();
    await owner.waitForURL(/\/team$/);
    // The page shows what it cached at once and the fresh answer when its refetch lands (a loaded CI
    // machine once read the row in between): wait for the fresh one, as the colleague's part does.
    await expect
      .poll(
        async () => {
          const [title, , member, best, status] = await rowCells(owner, 'Assignments', COLLEAGUE.name);
          return [title, member, best, status];
        },
        { timeout: 15_000 },
      )
      .toEqual([SCENARIO.title, COLLEAGUE.name, `${score} / ${MIN_SCORE}`, ASSIGNMENT_STATUS_LABELS.done]);
    // The report (this month): one practice call, its score as average and best, a last practice date.
    await expect
      .poll(
        async () => {
          const [name, , calls, average, bestInMonth] = await rowCells(owner, 'Team report', COLLEAGUE.name);
          return [name, calls, average, bestInMonth];
        },
        { timeout: 15_000 },
      )
      .toEqual([COLLEAGUE.name, '1', String(score), String(score)]);
    const [, , , , , , last] = await rowCells(owner, 'Team report', COLLEAGUE.name);
    expect(last).not.toBe('–');
    // The owner practised nothing.
    const ownerRow = await rowCells(owner, 'Team report', OWNER.name);
    expect(ownerRow.slice(2, 5)).toEqual(['0', '–', '–']);

    // The owner follows the colleague's assignment on /team; it is not offered to the owner on /call.
    const read = (path: string) => owner.waitForResponse((r) => new URL(r.url()).pathname === path);
    const answered = Promise.all([read('/api/team'), read('/api/team/assignments')]);
    await nav(owner).getByRole('link', { name: 'Call', exact: true }).click();
    await heading(owner, 'Start an AI Practice Call Here');
    await answered;
    await owner.waitForFunction(() => (document.querySelector('select')?.options.length ?? 0) > 1);
    await owner.waitForTimeout(500);
    expect(await owner.getByRole('table', { name: 'Assigned practice' }).count()).toBe(0);
  });

  it('ran without page errors, WebSocket errors or CSP violations in either browser', async () => {
    await owner?.close();
    await colleague?.close();
    expect(e2e.pageErrors).toEqual([]);
  });
});
