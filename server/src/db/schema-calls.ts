import { bigserial, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CallFeedback, CallMode, CallStatus } from '@shared/schemas/calls';
import { users } from './schema';

/* Tables of migrations/0005_practice_calls.sql (re-exported by schema.ts). */

/** The user's own number for practice calls (E.164), with the time consent was given. */
export const userPhones = pgTable('user_phones', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull(),
  consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One practice call (phone) or browser session; `status` follows Twilio's call statuses. */
export const practiceCalls = pgTable(
  'practice_calls',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<CallMode>().notNull(),
    status: text('status').$type<CallStatus>().notNull(),
    scenarioId: text('scenario_id').notNull(),
    scenarioTitle: text('scenario_title').notNull(),
    toNumber: text('to_number'),
    fromNumber: text('from_number'),
    provider: text('provider'),
    providerCallId: text('provider_call_id').unique(),
    /** False when the provider refused the call outright (nothing placed): the daily cap ignores it. */
    counted: boolean('counted').notNull().default(true),
    endReason: text('end_reason'),
    errorMessage: text('error_message'),
    feedback: jsonb('feedback').$type<CallFeedback>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('practice_calls_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()), index('practice_calls_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** Every turn of a call, in the order spoken (`id` is the order). */
export const callTurns = pgTable(
  'call_turns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callId: text('call_id')
      .notNull()
      .references(() => practiceCalls.id, { onDelete: 'cascade' }),
    role: text('role').$type<'rep' | 'prospect'>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_turns_call_idx').on(t.callId, t.id)],
);
