/**
 * One reminder-scheduler process for the multi-process test: opens the given PostgreSQL schema,
 * runs the ticks at the given instants against the given SMTP server, prints its summary as JSON.
 * Env: DATABASE_URL, SCHEMA, SMTP_URL, PROCESS_ID, TICKS (comma-separated ISO instants); optional
 * SMTP_SEND_DEADLINE_MS and REMINDER_CLAIM_LEASE_MS.
 */
import { pino } from 'pino';
import { openDatabase } from '../../server/src/db/database';
import { createMailer } from '../../server/src/features/mail/mailer';
import { createReminderScheduler } from '../../server/src/features/reminders/reminder-scheduler';

const env = process.env;
const logger = pino({ level: 'silent' });
const database = await openDatabase({ url: env.DATABASE_URL!, schemaName: env.SCHEMA!, migrate: false });
const mailer = createMailer(
  {
    SMTP_URL: env.SMTP_URL!,
    MAIL_FROM: 'Reminders <reminders@app.example.com>',
    DATA_DIR: '/nonexistent',
    SMTP_SEND_DEADLINE_MS: env.SMTP_SEND_DEADLINE_MS ? Number(env.SMTP_SEND_DEADLINE_MS) : undefined,
  },
  logger,
);
const scheduler = createReminderScheduler({
  db: database.db,
  mailer,
  clock: { now: () => new Date() },
  logger,
  config: {
    PUBLIC_URL: 'https://app.example.com',
    REMINDER_TOKEN_SECRET: 's'.repeat(40),
    REMINDER_CRON: '* * * * *',
    REMINDER_CLAIM_LEASE_MS: env.REMINDER_CLAIM_LEASE_MS ? Number(env.REMINDER_CLAIM_LEASE_MS) : undefined,
  },
  processId: env.PROCESS_ID!,
});
let sent = 0;
for (const tick of env.TICKS!.split(',')) sent += (await scheduler.runDueReminders(new Date(tick))).sent;
mailer.close();
await database.close();
process.stdout.write(JSON.stringify({ processId: env.PROCESS_ID, sent }));
