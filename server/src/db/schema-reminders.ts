import { bigserial, boolean, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './schema';

/* Tables of migrations/0006_reminders.sql (re-exported by schema.ts). */

/** 0006_reminders: a user's practice-reminder opt-in; next_reminder_at is the next slot to look at. */
export const reminderPreferences = pgTable('reminder_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  callFrequency: text('call_frequency').notNull(),
  weekday: smallint('weekday'),
  preferredCallTime: text('preferred_call_time').notNull(),
  userTimezone: text('user_timezone').notNull(),
  nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 0006_reminders: the claim (unique per user and slot) and the delivery record of one reminder. */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  (t) => [unique('reminder_deliveries_user_id_slot_key').on(t.userId, t.slot)],
);
