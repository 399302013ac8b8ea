import * as z from 'zod/mini';
import { emailSchema, safeText, wholeNumber } from './common';

/**
 * AI practice calls: phone calls (Twilio ConversationRelay) and browser practice sessions share one
 * record, one engine and one feedback shape. The admin outbound-call log keeps the record shape of docs/product.md#outbound-call-log.
 */

export const CALL_MODES = ['phone', 'browser'] as const;
export type CallMode = (typeof CALL_MODES)[number];

/**
 * queued → ringing → in-progress → completed | busy | no-answer | failed | canceled (Twilio's call statuses), plus
 * abandoned: the rep said nothing in the session's first minute (or never opened it). Abandoned, busy, no-answer and
 * canceled calls do not count against the daily limit (docs/product.md#practice-calls).
 */
export const CALL_STATUSES = [
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
  'abandoned',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const FINAL_CALL_STATUSES: readonly CallStatus[] = ['completed', 'busy', 'no-answer', 'failed', 'canceled', 'abandoned'];
/** A session whose rep has not said a word this long after it opened is ended as abandoned. */
export const FIRST_REP_TURN_MS = 60_000;

/** PUT /api/user/phone: the user's own number, any common format in, E.164 stored. */
export const savePhoneRequestSchema = z.object({
  phoneNumber: safeText('The phone number', { error: 'Phone number is required' }).check(
    z.trim(),
    z.minLength(1, { error: 'Phone number is required' }),
    z.maxLength(40),
  ),
  consent: z.literal(true, { error: 'Please confirm that we may call this number for practice calls' }),
});
export type SavePhoneRequest = z.infer<typeof savePhoneRequestSchema>;
/** GET/PUT /api/user/phone answer. */
export const phoneResponseSchema = z.object({ phoneNumber: z.nullable(z.string()) });
export type PhoneResponse = z.infer<typeof phoneResponseSchema>;

/** A practice scenario as the rep sees it (the prospect's hidden objections stay on the server). */
export const scenarioSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** One or two sentences: who the prospect is and the situation. */
  summary: z.string(),
  prospectName: z.string(),
  prospectRole: z.string(),
  company: z.string(),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  /** What the rep should achieve. */
  goal: z.string(),
});
export type ScenarioSummary = z.infer<typeof scenarioSummarySchema>;
export const scenarioListSchema = z.array(scenarioSummarySchema);

/** POST /api/outbound-call: `phoneNumber` kept for compatibility (must equal the saved number or be absent). */
export const outboundCallRequestSchema = z.object({
  phoneNumber: z.optional(safeText('The phone number').check(z.trim(), z.maxLength(40))),
  scenarioId: z.optional(safeText('The scenario id').check(z.trim(), z.minLength(1), z.maxLength(64))),
});
export type OutboundCallRequest = z.infer<typeof outboundCallRequestSchema>;

export const outboundCallResponseSchema = z.object({
  success: z.boolean(),
  error: z.optional(z.nullable(z.string())),
  callId: z.optional(z.string()),
});
export type OutboundCallResponse = z.infer<typeof outboundCallResponseSchema>;

/** POST /api/calls/practice: start a browser practice session; then open the WebSocket. */
export const startPracticeRequestSchema = z.object({
  scenarioId: z.optional(safeText('The scenario id').check(z.trim(), z.minLength(1), z.maxLength(64))),
});
export type StartPracticeRequest = z.infer<typeof startPracticeRequestSchema>;
export const startPracticeResponseSchema = z.object({
  callId: z.string(),
  scenario: scenarioSummarySchema,
  /** Path of the WebSocket on the API's origin (ws:// or wss:// as the page's scheme). */
  socketPath: z.string(),
  maxMinutes: z.number(),
});
export type StartPracticeResponse = z.infer<typeof startPracticeResponseSchema>;

export const rubricScoreSchema = z.object({
  criterion: z.enum(['opener', 'discovery', 'objections', 'talk_listen', 'next_step']),
  label: z.string(),
  score: z.number().check(z.int(), z.gte(0)),
  max: z.number().check(z.int(), z.gte(1)),
  note: z.string(),
});
export type RubricScore = z.infer<typeof rubricScoreSchema>;

export const callFeedbackSchema = z.object({
  /** 0–100. */
  score: z.number().check(z.int(), z.gte(0), z.lte(100)),
  rubric: z.array(rubricScoreSchema),
  /** Three concrete tips, quoting the rep's own words where they can. */
  tips: z.array(z.string()),
  summary: z.string(),
  generator: z.enum(['offline', 'openai']),
});
export type CallFeedback = z.infer<typeof callFeedbackSchema>;

export const transcriptTurnSchema = z.object({
  role: z.enum(['rep', 'prospect']),
  text: z.string(),
  at: z.string(),
});
export type TranscriptTurn = z.infer<typeof transcriptTurnSchema>;

export const callSummarySchema = z.object({
  id: z.string(),
  mode: z.enum(CALL_MODES),
  status: z.enum(CALL_STATUSES),
  scenario: z.object({ id: z.string(), title: z.string() }),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  durationSeconds: z.nullable(wholeNumber()),
  score: z.nullable(wholeNumber()),
  errorMessage: z.nullable(z.string()),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

/** GET /api/calls?before=<id>&limit=: the caller's own calls, newest first. */
export const callListSchema = z.object({ items: z.array(callSummarySchema), nextBefore: z.nullable(z.string()) });
export type CallList = z.infer<typeof callListSchema>;

/** GET /api/calls/{id}: one of the caller's calls, with transcript and feedback. */
export const callDetailSchema = z.extend(callSummarySchema, {
  scenario: scenarioSummarySchema,
  transcript: z.array(transcriptTurnSchema),
  feedback: z.nullable(callFeedbackSchema),
});
export type CallDetail = z.infer<typeof callDetailSchema>;

/** Browser practice WebSocket, client → server. The first message authenticates (browsers cannot set headers). */
export const practiceClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: safeText('The token').check(z.minLength(1), z.maxLength(4096)),
    callId: safeText('The call id').check(z.minLength(1), z.maxLength(64)),
  }),
  z.object({ type: z.literal('prompt'), text: safeText('The text').check(z.trim(), z.minLength(1), z.maxLength(2000)) }),
  z.object({ type: z.literal('end') }),
]);
export type PracticeClientMessage = z.infer<typeof practiceClientMessageSchema>;

/** Browser practice WebSocket, server → client. */
export const practiceServerMessageSchema = z.discriminatedUnion('type', [
  /** Authenticated; the prospect's opening line follows as text tokens. */
  z.object({ type: z.literal('ready'), scenario: scenarioSummarySchema, maxMinutes: z.number() }),
  /** A piece of the prospect's turn; `last` closes the turn. */
  z.object({ type: z.literal('text'), token: z.string(), last: z.boolean() }),
  /** The session is over (rep ended, prospect ended, time limit); feedback follows the end. */
  z.object({ type: z.literal('ended'), reason: z.string() }),
  z.object({ type: z.literal('feedback'), feedback: callFeedbackSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type PracticeServerMessage = z.infer<typeof practiceServerMessageSchema>;

/** Admin outbound-call log (the record shape of docs/product.md#outbound-call-log). GET /api/outbound-calls?before=&limit= */
export const outboundCallRecordSchema = z.object({
  id: z.string(),
  user: z.object({ email: z.string() }),
  quest: z.object({ title: z.string() }),
  status: z.string(),
  scheduledFor: z.string(),
  completedAt: z.optional(z.nullable(z.string())),
  errorMessage: z.optional(z.nullable(z.string())),
});
export type OutboundCallRecord = z.infer<typeof outboundCallRecordSchema>;
export const outboundCallListSchema = z.array(outboundCallRecordSchema);

// Reminders: the opted-in user of docs/product.md#reminder-test-panel, the routes of docs/product.md#api-routes.
export const reminderUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  callFrequency: z.string(),
  preferredCallTime: z.string(),
  userTimezone: z.string(),
});
export type ReminderUser = z.infer<typeof reminderUserSchema>;
export const reminderUserListSchema = z.array(reminderUserSchema);

export const instantTestReminderRequestSchema = z.object({ email: emailSchema });
export type InstantTestReminderRequest = z.infer<typeof instantTestReminderRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
