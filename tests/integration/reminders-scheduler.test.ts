import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import type { ReminderPreferences } from '@shared/schemas/reminders';
import { openDatabase, type Database } from '../../server/src/db/database';
import { reminderDeliveries, users } from '../../server/src/db/schema';
import { createMailer, type Mailer } from '../../server/src/features/mail/mailer';
import { createReminderScheduler } from '../../server/src/features/reminders/reminder-scheduler';
import { createRemindersRepository } from '../../server/src/features/reminders/reminders-repository';
import { nextSlotAfter } from '../../server/src/features/reminders/slots';
import { databaseTargets } from '../helpers/databases';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server';

const logger = pino({ level: 'silent' });
const CONFIG = { PUBLIC_URL: 'https://app.example.com', REMINDER_TOKEN_SECRET: 's'.repeat(40), REMINDER_CRON: '* * * * *' };
const BERLIN_DAILY_9: ReminderPreferences = {
  enabled: true,
  callFrequency: 'daily',
  preferredCallTime: '09:00',
  userTimezone: 'Europe/Berlin',
};
const MINUTE = 60_000;

/** A clock the test moves by hand. */
function manualClock(iso: string) {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => void (now = new Date(next)) };
}

/** The weekday (0 = Sunday) of an instant in Berlin. */
const berlinWeekday = (d: Date) =>
  ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'short' }).format(d),
  );

for (const target of databaseTargets()) {
  describe(`reminder scheduler on ${target.name}`, () => {
    let database: Database & { dispose(): Promise<void> };
    let smtp: FakeSmtp;
    let mailer: Mailer;
    const mailers: Mailer[] = [];

    beforeAll(async () => {
      database = await target.open();
      smtp = await startFakeSmtp();
      mailer = newMailer();
    });
    afterEach(async () => {
      // Each test's users stop here, so the next test's ticks see only its own.
      await database.db.execute(sql`UPDATE reminder_preferences SET enabled = false, next_reminder_at = NULL`);
    });
    afterAll(async () => {
      for (const m of mailers) m.close();
      await smtp?.close();
      await database?.dispose();
    });

    function newMailer(): Mailer {
      const m = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Reminders <reminders@app.example.com>', DATA_DIR: '/nonexistent' }, logger);
      mailers.push(m);
      return m;
    }

    function scheduler(db = database.db, processId?: string, clock = manualClock('2026-01-01T00:00:00Z')) {
      return createReminderScheduler({ db, mailer: processId ? newMailer() : mailer, clock, logger, config: CONFIG, processId });
    }

    /** A user with reminders saved at `savedAt` (as PUT /api/user/reminders does). */
    async function addUser(prefs: ReminderPreferences, savedAt: string, db = database.db) {
      const id = randomUUID();
      const email = `r-${id.slice(0, 8)}@example.com`;
      await db.insert(users).values({ id, firebaseUid: `uid-${id}`, email, name: 'Rita', credits: 20, creditsPeriod: '2026-01' });
      const now = new Date(savedAt);
      await createRemindersRepository(db).save(id, prefs, nextSlotAfter({ ...prefs, weekday: prefs.weekday ?? null }, now), now);
      return { id, email };
    }

    async function sweep(s: ReturnType<typeof scheduler>, from: string, to: string, stepMinutes: number) {
      for (let t = Date.parse(from); t <= Date.parse(to); t += stepMinutes * MINUTE) await s.runDueReminders(new Date(t));
    }

    const deliveriesOf = (userId: string) => createRemindersRepository(database.db).deliveries(userId);
    const sentTimes = async (userId: string) => (await deliveriesOf(userId)).map((d) => d.sentAt?.toISOString());
    const mailTo = (email: string) => smtp.messages.filter((m) => m.envelopeTo.includes(email));

    it('daily 09:00 Europe/Berlin goes at 08:00 UTC in winter and 07:00 UTC in summer, across both clock changes', async () => {
      const s = scheduler();
      const u = await addUser(BERLIN_DAILY_9, '2026-03-26T12:00:00Z');
      await sweep(s, '2026-03-26T12:00:00Z', '2026-03-31T00:00:00Z', 60);
      // 2026-03-29: clocks go forward at 02:00 local.
      expect(await sentTimes(u.id)).toEqual([
        '2026-03-27T08:00:00.000Z',
        '2026-03-28T08:00:00.000Z',
        '2026-03-29T07:00:00.000Z',
        '2026-03-30T07:00:00.000Z',
      ]);
      await createRemindersRepository(database.db).save(
        u.id,
        BERLIN_DAILY_9,
        nextSlotAfter({ ...BERLIN_DAILY_9, weekday: null }, new Date('2026-10-22T12:00:00Z')),
        new Date('2026-10-22T12:00:00Z'),
      );
      await sweep(s, '2026-10-22T12:00:00Z', '2026-10-27T00:00:00Z', 60);
      // 2026-10-25: clocks go back at 03:00 local.
      expect((await sentTimes(u.id)).slice(4)).toEqual([
        '2026-10-23T07:00:00.000Z',
        '2026-10-24T07:00:00.000Z',
        '2026-10-25T08:00:00.000Z',
        '2026-10-26T08:00:00.000Z',
      ]);
      expect(mailTo(u.email)).toHaveLength(8);
    }, 120_000);

    it('02:30 on the night the clocks go back (it happens twice) is sent once', async () => {
      const s = scheduler();
      const u = await addUser({ ...BERLIN_DAILY_9, preferredCallTime: '02:30' }, '2026-10-24T12:00:00Z');
      await sweep(s, '2026-10-24T12:00:00Z', '2026-10-25T12:00:00Z', 30);
      expect(await sentTimes(u.id)).toEqual(['2026-10-25T00:30:00.000Z']);
      expect(mailTo(u.email)).toHaveLength(1);
    });

    it('weekdays: Monday to Friday, never Saturday or Sunday', async () => {
      const s = scheduler();
      // Sunday 2026-01-11 to Sunday 2026-01-18.
      const u = await addUser({ ...BERLIN_DAILY_9, callFrequency: 'weekdays' }, '2026-01-11T00:00:00Z');
      await sweep(s, '2026-01-11T00:00:00Z', '2026-01-18T23:00:00Z', 60);
      const sent = (await deliveriesOf(u.id)).map((d) => d.sentAt!);
      expect(sent.map((d) => d.toISOString())).toEqual(['12', '13', '14', '15', '16'].map((day) => `2026-01-${day}T08:00:00.000Z`));
      expect(sent.map(berlinWeekday)).toEqual([1, 2, 3, 4, 5]);
    }, 120_000);

    it('weekly: only on its day', async () => {
      const s = scheduler();
      const u = await addUser(
        { ...BERLIN_DAILY_9, callFrequency: 'weekly', weekday: 3, preferredCallTime: '18:30' },
        '2026-01-11T00:00:00Z',
      );
      await sweep(s, '2026-01-11T00:00:00Z', '2026-01-22T00:00:00Z', 30);
      const sent = (await deliveriesOf(u.id)).map((d) => d.sentAt!);
      expect(sent.map((d) => d.toISOString())).toEqual(['2026-01-14T17:30:00.000Z', '2026-01-21T17:30:00.000Z']);
      expect(sent.map(berlinWeekday)).toEqual([3, 3]);
      expect(mailTo(u.email)).toHaveLength(2);
    }, 120_000);

    it('two server processes, 50 users due in the same minute → exactly 50 e-mails', async () => {
      // PostgreSQL: a second connection pool on the same schema, as a second server process has.
      // PGlite has one connection per data folder: two schedulers share it.
      let second: Database | undefined;
      if (database.kind === 'postgres') {
        const [row] = await database.raw.query<{ schema: string }>('SELECT current_schema() AS schema');
        second = await openDatabase({ url: process.env.TEST_DATABASE_URL!, schemaName: row!.schema, migrate: false });
      }
      try {
        const a = scheduler(database.db, 'process-a');
        const b = scheduler(second?.db ?? database.db, 'process-b');
        const list = await Promise.all(Array.from({ length: 50 }, () => addUser(BERLIN_DAILY_9, '2026-02-02T06:00:00Z')));
        const before = smtp.messages.length;
        const slot = Date.parse('2026-02-02T08:00:00Z');
        // Both processes tick at the slot, and again a few seconds later, all at once.
        const runs = await Promise.all([
          a.runDueReminders(new Date(slot)),
          b.runDueReminders(new Date(slot)),
          a.runDueReminders(new Date(slot + 5_000)),
          b.runDueReminders(new Date(slot + 5_000)),
        ]);
        await a.runDueReminders(new Date(slot + MINUTE));
        await b.runDueReminders(new Date(slot + MINUTE));
        const received = smtp.messages.slice(before);
        expect(received).toHaveLength(50);
        expect(new Set(received.flatMap((m) => m.envelopeTo))).toEqual(new Set(list.map((u) => u.email)));
        expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(50);
        const claims = await database.db
          .select()
          .from(reminderDeliveries)
          .where(sql`${reminderDeliveries.slot} = ${new Date(slot).toISOString()}`);
        expect(claims).toHaveLength(50);
        expect(claims.every((c) => c.status === 'sent' && c.attempts === 1)).toBe(true);
        const byA = claims.filter((c) => c.claimedBy === 'process-a').length;
        console.info(`[${target.name}] 50 reminders: process-a sent ${byA}, process-b sent ${50 - byA}`);
      } finally {
        await second?.close();
      }
    });

    // Two real operating-system processes, each with its own connection pool, on one PostgreSQL
    // (PGlite is one in-process database: it cannot be shared between processes).
    if (target.name === 'postgres')
      it('two separate OS processes, 50 users due in the same minute → exactly 50 e-mails', async () => {
        const [row] = await database.raw.query<{ schema: string }>('SELECT current_schema() AS schema');
        const list = await Promise.all(Array.from({ length: 50 }, () => addUser(BERLIN_DAILY_9, '2026-02-09T06:00:00Z')));
        const before = smtp.messages.length;
        const ticks = ['2026-02-09T08:00:00Z', '2026-02-09T08:00:05Z', '2026-02-09T08:01:00Z'].join(',');
        const run = (processId: string) =>
          new Promise<{ processId: string; sent: number }>((resolve, reject) => {
            const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../helpers/reminder-process.ts')], {
              env: {
                PATH: process.env.PATH,
                DATABASE_URL: process.env.TEST_DATABASE_URL,
                SCHEMA: row!.schema,
                SMTP_URL: smtp.url,
                PROCESS_ID: processId,
                TICKS: ticks,
              },
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let out = '';
            let err = '';
            child.stdout.on('data', (c: Buffer) => (out += c.toString()));
            child.stderr.on('data', (c: Buffer) => (err += c.toString()));
            child.on('exit', (code) =>
              code === 0
                ? resolve(JSON.parse(out) as { processId: string; sent: number })
                : reject(new Error(`${processId} exited ${code}: ${err}`)),
            );
          });
        const results = await Promise.all([run('os-process-1'), run('os-process-2')]);
        const received = smtp.messages.slice(before);
        expect(received).toHaveLength(50);
        expect(new Set(received.flatMap((m) => m.envelopeTo))).toEqual(new Set(list.map((u) => u.email)));
        expect(results[0]!.sent + results[1]!.sent).toBe(50);
        console.info(`[postgres, OS processes] 50 reminders: ${results.map((r) => `${r.processId} sent ${r.sent}`).join(', ')}`);
      }, 120_000);

    it('a process stopped before the slot and started after it sends the reminder once, late', async () => {
      const clock = manualClock('2026-02-03T07:50:00Z');
      const u = await addUser(BERLIN_DAILY_9, '2026-02-03T07:00:00Z');
      const first = scheduler(database.db, 'before-stop', clock);
      first.start();
      await first.stop();
      expect(mailTo(u.email)).toHaveLength(0);
      // Down over 09:00 Berlin (08:00 UTC); a new process starts at 08:40 UTC.
      clock.set('2026-02-03T08:40:00Z');
      const second = scheduler(database.db, 'after-restart', clock);
      second.start();
      await second.stop();
      expect(mailTo(u.email)).toHaveLength(1);
      const [delivery] = await deliveriesOf(u.id);
      expect(delivery).toMatchObject({ status: 'sent', claimedBy: 'after-restart' });
      expect(delivery!.slot.toISOString()).toBe('2026-02-03T08:00:00.000Z');
      expect(delivery!.sentAt!.toISOString()).toBe('2026-02-03T08:40:00.000Z');
      // Later ticks, by either process, do not repeat it; the next one is tomorrow's.
      await second.runDueReminders(new Date('2026-02-03T08:41:00Z'));
      await first.runDueReminders(new Date('2026-02-03T12:00:00Z'));
      expect(mailTo(u.email)).toHaveLength(1);
      await second.runDueReminders(new Date('2026-02-04T08:00:00Z'));
      expect(mailTo(u.email)).toHaveLength(2);
    });

    it('after three days down, only the latest missed reminder is sent (once); one more than 24 h late is skipped', async () => {
      const s = scheduler();
      const daily = await addUser(BERLIN_DAILY_9, '2026-02-05T07:00:00Z');
      // Weekly on Monday (2026-02-09); the server comes back on Wednesday.
      const weekly = await addUser({ ...BERLIN_DAILY_9, callFrequency: 'weekly', weekday: 1 }, '2026-02-05T07:00:00Z');
      await s.runDueReminders(new Date('2026-02-05T07:30:00Z'));
      await s.runDueReminders(new Date('2026-02-11T10:00:00Z'));
      await s.runDueReminders(new Date('2026-02-11T10:01:00Z'));
      expect((await deliveriesOf(daily.id)).map((d) => d.slot.toISOString())).toEqual(['2026-02-11T08:00:00.000Z']);
      expect(mailTo(daily.email)).toHaveLength(1);
      expect(await deliveriesOf(weekly.id)).toEqual([]);
      // The weekly user's next reminder is next Monday's, as usual.
      await s.runDueReminders(new Date('2026-02-16T08:00:00Z'));
      expect((await deliveriesOf(weekly.id)).map((d) => d.slot.toISOString())).toEqual(['2026-02-16T08:00:00.000Z']);
    });

    it('a refused send (451) is retried after the backoff and recorded; a permanent refusal (550) is recorded as failed, not repeated', async () => {
      const s = scheduler();
      const u = await addUser(BERLIN_DAILY_9, '2026-02-12T07:00:00Z');
      smtp.refuseNext(1, 451);
      await s.runDueReminders(new Date('2026-02-12T08:00:00Z'));
      let [d] = await deliveriesOf(u.id);
      expect(d).toMatchObject({ status: 'retry', attempts: 1 });
      expect(d!.lastError).toMatch(/451/);
      expect(d!.nextAttemptAt!.toISOString()).toBe('2026-02-12T08:01:00.000Z');
      await s.runDueReminders(new Date('2026-02-12T08:00:30Z'));
      expect(mailTo(u.email)).toHaveLength(0);
      await s.runDueReminders(new Date('2026-02-12T08:01:00Z'));
      [d] = await deliveriesOf(u.id);
      expect(d).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(mailTo(u.email)).toHaveLength(1);

      await createRemindersRepository(database.db).disable(u.id, new Date('2026-02-12T09:00:00Z'));
      const v = await addUser(BERLIN_DAILY_9, '2026-02-12T07:00:00Z');
      smtp.refuseNext(1, 550);
      await s.runDueReminders(new Date('2026-02-13T08:00:00Z'));
      await s.runDueReminders(new Date('2026-02-13T09:00:00Z'));
      const failed = (await deliveriesOf(v.id)).find((x) => x.slot.toISOString() === '2026-02-13T08:00:00.000Z');
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed!.lastError).toMatch(/550/);
      expect(mailTo(v.email)).toHaveLength(0);
    });

    it('a send cut off by a stopped process is sent again once its claim lease is over, exactly once', async () => {
      const s = scheduler();
      const u = await addUser(BERLIN_DAILY_9, '2026-02-20T07:00:00Z');
      // The process that claimed 08:00 died mid-send: its row stays 'sending'.
      await database.db.insert(reminderDeliveries).values({
        userId: u.id,
        slot: new Date('2026-02-20T08:00:00Z'),
        status: 'sending',
        attempts: 1,
        claimedBy: 'dead',
        claimedAt: new Date('2026-02-20T08:00:00Z'),
      });
      // Within the lease (5 minutes) it may still be sending: left alone.
      await s.runDueReminders(new Date('2026-02-20T08:04:00Z'));
      expect((await deliveriesOf(u.id))[0]).toMatchObject({ status: 'sending', claimedBy: 'dead' });
      expect(mailTo(u.email)).toHaveLength(0);
      await s.runDueReminders(new Date('2026-02-20T08:06:00Z'));
      await s.runDueReminders(new Date('2026-02-20T08:30:00Z'));
      const [d] = await deliveriesOf(u.id);
      expect(d).toMatchObject({ status: 'sent', attempts: 2 });
      expect(d!.claimedBy).not.toBe('dead');
      expect(mailTo(u.email)).toHaveLength(1);
    });
  });
}
