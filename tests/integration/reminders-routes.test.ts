import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PORTAL_MESSAGES, REMINDER_MESSAGES } from '@shared/messages';
import type { ReminderPreferences } from '@shared/schemas/reminders';
import { REMINDER_SUBJECT } from '../../server/src/features/reminders/reminder-email';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { databaseTargets } from '../helpers/databases';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server';

const PUBLIC_URL = 'https://app.example.com';
const WEEKLY_BERLIN: ReminderPreferences = {
  enabled: true,
  callFrequency: 'weekly',
  weekday: 3,
  preferredCallTime: '09:00',
  userTimezone: 'Europe/Berlin',
};
/** Thursday 2026-01-15, 07:00 UTC. */
const NOW = new Date('2026-01-15T07:00:00Z');
const adminOnly = `403: ${JSON.stringify({ message: MESSAGES.adminOnly, code: 'forbidden' })}`;

for (const target of databaseTargets()) {
  describe(`practice reminder routes on ${target.name}`, () => {
    let smtp: FakeSmtp;
    let app: TestApp;
    let database: Awaited<ReturnType<typeof target.open>>;
    let admin: TestUser;
    let rita: TestUser;
    let other: TestUser;

    // Emulator accounts first (see billing-access.test.ts: opening PGlite blocks the event loop).
    beforeAll(async () => {
      smtp = await startFakeSmtp();
      admin = await createTestUser({ verified: true });
      rita = await createTestUser({ verified: true });
      other = await createTestUser({ verified: true });
      database = await target.open();
      app = await startTestApp({
        database,
        clock: { now: () => NOW },
        env: { SMTP_URL: smtp.url, ADMIN_EMAILS: admin.email, PUBLIC_URL, REMINDER_TOKEN_SECRET: 'route-test-secret-'.padEnd(40, 'x') },
      });
      await app.register(admin, 'Ada Admin');
      await app.register(rita, 'Rita Rep');
      await app.register(other, 'Otto Other');
    });
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
      await smtp?.close();
    });

    it('GET gives the defaults until the user saves; PUT stores them and answers the next reminder in UTC', async () => {
      expect(await app.client(rita).getReminderPreferences()).toEqual({
        enabled: false,
        callFrequency: 'daily',
        weekday: null,
        preferredCallTime: '09:00',
        userTimezone: 'UTC',
        nextReminderAt: null,
        saved: false,
      });
      const saved = await app.client(rita).saveReminderPreferences(WEEKLY_BERLIN);
      // Weekly on Wednesday 09:00 Berlin; today is Thursday → next Wednesday, 08:00 UTC.
      expect(saved).toEqual({ ...WEEKLY_BERLIN, nextReminderAt: '2026-01-21T08:00:00.000Z', saved: true });
      expect(await app.client(rita).getReminderPreferences()).toEqual(saved);
    });

    it('an unknown zone, a malformed time or weekly without a day → 400 with a message; nothing changes', async () => {
      const before = await app.client(rita).getReminderPreferences();
      const put = (body: unknown) =>
        app.fetch('/api/user/reminders', {
          method: 'PUT',
          user: rita,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      const zone = await put({ ...WEEKLY_BERLIN, userTimezone: 'Mars/Olympus_Mons' });
      expect(zone.status).toBe(400);
      expect(((await zone.json()) as { message: string }).message).toBe('Unknown time zone: use an IANA name such as Europe/Berlin');
      const time = await put({ ...WEEKLY_BERLIN, preferredCallTime: '9:00' });
      expect(time.status).toBe(400);
      expect(((await time.json()) as { message: string }).message).toBe('Preferred time must be HH:MM (24-hour), e.g. 09:30');
      const day = await put({ ...WEEKLY_BERLIN, weekday: undefined });
      expect(day.status).toBe(400);
      expect(((await day.json()) as { message: string }).message).toBe('Choose the day of the week for weekly reminders');
      expect(await app.client(rita).getReminderPreferences()).toEqual(before);
    });

    it("another user's /api/user/{uid}/reminders → 403; one's own works", async () => {
      const asOther = (method: string) =>
        app.fetch(`/api/user/${rita.uid}/reminders`, {
          method,
          user: other,
          headers: { 'Content-Type': 'application/json' },
          body: method === 'PUT' ? JSON.stringify({ ...WEEKLY_BERLIN, enabled: false }) : undefined,
        });
      for (const method of ['GET', 'PUT']) {
        const res = await asOther(method);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ message: MESSAGES.forbiddenOther, code: 'forbidden' });
      }
      const own = await app.fetch(`/api/user/${rita.uid}/reminders`, { user: rita });
      expect(own.status).toBe(200);
      expect(await own.json()).toMatchObject({ enabled: true, callFrequency: 'weekly' });
      expect((await app.fetch('/api/user/reminders')).status).toBe(401);
    });

    it('a non-admin gets 403 on the opted-in list and both test routes, and nothing is sent', async () => {
      const before = smtp.messages.length;
      const asRita = app.client(rita);
      await expect(asRita.getEmailEnabledUsers()).rejects.toThrow(adminOnly);
      await expect(asRita.sendInstantTestReminder({ email: rita.email })).rejects.toThrow(adminOnly);
      const { id } = (await app.client(admin).getEmailEnabledUsers()).find((u) => u.email === rita.email)!;
      await expect(asRita.sendTestReminder(id)).rejects.toThrow(adminOnly);
      expect(smtp.messages.length).toBe(before);
    });

    it('the admin sees the opted-in users (id, e-mail, frequency, time, zone), not those who are off', async () => {
      const list = await app.client(admin).getEmailEnabledUsers();
      expect(list).toEqual([
        { id: expect.any(String), email: rita.email, callFrequency: 'weekly', preferredCallTime: '09:00', userTimezone: 'Europe/Berlin' },
      ]);
    });

    it('the instant test reaches the SMTP server: subject, text and HTML parts, List-Unsubscribe and List-Unsubscribe-Post', async () => {
      const res = await app.client(admin).sendInstantTestReminder({ email: 'someone@elsewhere.example' });
      expect(res).toEqual({ message: PORTAL_MESSAGES.reminderSent });
      const mail = smtp.messages.at(-1)!;
      expect(mail.envelopeTo).toEqual(['someone@elsewhere.example']);
      expect(mail.subject).toBe(REMINDER_SUBJECT);
      expect(mail.text).toContain(`${PUBLIC_URL}/call`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/call"`);
      expect(mail.header('list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/api/reminders/unsubscribe\\?token=[A-Za-z0-9_.%-]+>$`));
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.header('from')).toContain('no-reply@icebreak.local');
    });

    it('the per-user test goes to that user with their name, a practice line and the button to /call', async () => {
      const { id } = (await app.client(admin).getEmailEnabledUsers()).find((u) => u.email === rita.email)!;
      expect(await app.client(admin).sendTestReminder(id)).toEqual({ message: PORTAL_MESSAGES.reminderSent });
      const mail = smtp.messages.at(-1)!;
      expect(mail.envelopeTo).toEqual([rita.email]);
      expect(mail.subject).toBe(REMINDER_SUBJECT);
      expect(mail.text).toContain('Hi Rita Rep,');
      expect(mail.html).toContain('Hi Rita Rep,');
      expect(mail.text).toContain('every Wednesday at 09:00 (Europe/Berlin)');
      expect(mail.html).toContain('Start Practice Call');
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      await expect(app.client(admin).sendTestReminder('no-such-user')).rejects.toThrow(
        `404: ${JSON.stringify({ message: MESSAGES.userNotFound, code: 'not_found' })}`,
      );
    });

    it('the unsubscribe link: GET only asks; the one-click POST without sign-in turns reminders off; a tampered token → 400 and no change', async () => {
      const { id } = (await app.client(admin).getEmailEnabledUsers()).find((u) => u.email === rita.email)!;
      await app.client(admin).sendTestReminder(id);
      const link = /^<(.+)>$/.exec(smtp.messages.at(-1)!.header('list-unsubscribe')!)![1]!;
      const local = link.replace(PUBLIC_URL, app.url);

      const page = await fetch(local, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(REMINDER_MESSAGES.unsubscribeConfirmTitle);
      expect(html).toContain('<form method="post"');
      expect((await app.client(rita).getReminderPreferences()).enabled).toBe(true);

      const token = new URL(link).searchParams.get('token')!;
      const tampered = local.replace(token, token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'));
      const oneClick = (url: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
      const bad = await oneClick(tampered);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ message: REMINDER_MESSAGES.unsubscribeInvalid });
      expect((await app.client(rita).getReminderPreferences()).enabled).toBe(true);

      const good = await oneClick(local);
      expect(good.status).toBe(200);
      expect(await good.json()).toEqual({ message: REMINDER_MESSAGES.unsubscribedTitle });
      expect(await app.client(rita).getReminderPreferences()).toMatchObject({
        enabled: false,
        nextReminderAt: null,
        callFrequency: 'weekly',
      });
      expect(await app.client(admin).getEmailEnabledUsers()).toEqual([]);
      // Again (mail clients may retry): still fine, still off.
      expect((await oneClick(local)).status).toBe(200);
    });

    it('a refusal the SMTP server reports as temporary is retried; a permanent one → 502 with the reason', async () => {
      const before = smtp.messages.length;
      smtp.refuseNext(1, 451);
      await app.client(admin).sendInstantTestReminder({ email: 'retry@elsewhere.example' });
      expect(smtp.messages.length).toBe(before + 1);
      smtp.refuseNext(1, 550);
      const res = await app.fetch('/api/reminders/instant-test', {
        method: 'POST',
        user: admin,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'gone@elsewhere.example' }),
      });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Failed to send test reminder: 550/);
      expect(smtp.messages.length).toBe(before + 1);
    });
  });
}

describe('without SMTP_URL', () => {
  let app: TestApp;
  let admin: TestUser;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));

  beforeAll(async () => {
    admin = await createTestUser({ verified: true });
    app = await startTestApp({ env: { ADMIN_EMAILS: admin.email, DATA_DIR: dataDir } });
    await app.register(admin, 'Ada Admin');
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the message is written as an .eml file to <DATA_DIR>/outbox', async () => {
    await app.client(admin).sendInstantTestReminder({ email: 'dev@example.com' });
    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    // Unfolded: nodemailer folds long header lines (RFC 5322 §2.2.3).
    const eml = readFileSync(path.join(outbox, files[0]!), 'utf8').replace(/\r\n(?=[ \t])/g, '');
    expect(eml).toContain('To: dev@example.com');
    expect(eml).toContain(`Subject: ${REMINDER_SUBJECT}`);
    expect(eml).toMatch(/List-Unsubscribe: *<http:\/\/localhost:0\/api\/reminders\/unsubscribe\?token=/);
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
  });
});
