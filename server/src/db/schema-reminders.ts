import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { REMINDER_FREQUENCIES } from '@shared/schemas/reminders';
import { belongsToUser, oneOf } from './schema-users';

/** A user's practice-reminder opt-in; next_reminder_at is the next slot to look at. */
export const reminderPreferences = pgTable(
  'reminder_preferences',
  {
    userId: text('user_id').primaryKey(),
    enabled: boolean('enabled').notNull(),
    callFrequency: text('call_frequency').notNull(),
    /** 0 = Sunday … 6 = Saturday; set only for weekly reminders. */
    weekday: smallint('weekday'),
    preferredCallTime: text('preferred_call_time').notNull(),
    userTimezone: text('user_timezone').notNull(),
    /** The next slot (UTC) the scheduler looks at; null when reminders are off. */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    belongsToUser('reminder_preferences', t.userId),
    oneOf('reminder_preferences_call_frequency_check', t.callFrequency, REMINDER_FREQUENCIES),
    check('reminder_preferences_weekday_check', sql`${t.weekday} BETWEEN 0 AND 6`),
    check('reminder_preferences_check', sql`${t.callFrequency} <> 'weekly' OR ${t.weekday} IS NOT NULL`),
    check('reminder_preferences_preferred_call_time_check', sql`${t.preferredCallTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    // A tick reads only the users who are due.
    index('reminder_preferences_due_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.enabled}`),
  ],
);

/** The claim (unique per user and slot) and the delivery record of one reminder. */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    status: text('status').$type<'sending' | 'sent' | 'retry' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    messageId: text('message_id'),
    lastError: text('last_error'),
  },
  (t) => [
    belongsToUser('reminder_deliveries', t.userId),
    unique('reminder_deliveries_user_id_slot_key').on(t.userId, t.slot),
    oneOf('reminder_deliveries_status_check', t.status, ['sending', 'sent', 'retry', 'failed']),
    index('reminder_deliveries_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'retry'`),
    index('reminder_deliveries_sending_idx')
      .on(t.claimedAt)
      .where(sql`${t.status} = 'sending'`),
  ],
);
