import { bigserial, boolean, foreignKey, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CALL_MODES, CALL_STATUSES, type CallFeedback, type CallMode, type CallStatus } from '@shared/schemas/calls';
import { belongsToUser, oneOf } from './schema-users';

/** The user's own number for practice calls (E.164), with the time consent was given. */
export const userPhones = pgTable(
  'user_phones',
  {
    userId: text('user_id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [belongsToUser('user_phones', t.userId)],
);

/** One practice call (phone) or browser session; `status` follows Twilio's call statuses. */
export const practiceCalls = pgTable(
  'practice_calls',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    mode: text('mode').$type<CallMode>().notNull(),
    status: text('status').$type<CallStatus>().notNull(),
    scenarioId: text('scenario_id').notNull(),
    /** Kept with the call: the log still names the quest if the scenario library changes. */
    scenarioTitle: text('scenario_title').notNull(),
    toNumber: text('to_number'),
    fromNumber: text('from_number'),
    provider: text('provider'),
    providerCallId: text('provider_call_id').unique('practice_calls_provider_call_id_key'),
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
  (t) => [
    belongsToUser('practice_calls', t.userId),
    oneOf('practice_calls_mode_check', t.mode, CALL_MODES),
    oneOf('practice_calls_status_check', t.status, CALL_STATUSES),
    index('practice_calls_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('practice_calls_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Every turn of a call, in the order spoken (`id` is the order). */
export const callTurns = pgTable(
  'call_turns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callId: text('call_id').notNull(),
    role: text('role').$type<'rep' | 'prospect'>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'call_turns_call_id_fkey', columns: [t.callId], foreignColumns: [practiceCalls.id] }).onDelete('cascade'),
    oneOf('call_turns_role_check', t.role, ['rep', 'prospect']),
    index('call_turns_call_idx').on(t.callId, t.id),
  ],
);
