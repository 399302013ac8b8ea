import * as z from 'zod/mini';
import { PLAN_IDS } from '../constants';
import { wholeNumber } from './common';

/** Practice-call settings the Call screen shows (part of GET /api/config; here, so the config's check needs no other schema module). */
export const practiceConfigSchema = z.object({
  /** Twilio configured: phone calls offered. */
  phoneEnabled: z.boolean(),
  /** The number the practice call comes from (TWILIO_FROM_NUMBER), null when phone calls are off. */
  phoneNumber: z.nullable(z.string()),
  callsPerDay: wholeNumber(),
  maxMinutes: wholeNumber(),
});
export type PracticeConfig = z.infer<typeof practiceConfigSchema>;

/** GET /api/config: public configuration, so one browser build serves every environment. */
export const publicConfigSchema = z.object({
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
  }),
  /** host:port of the Auth emulator when the server runs against it, else null. */
  authEmulatorHost: z.nullable(z.string()),
  paymentsEnabled: z.boolean(),
  /** Stripe price id per plan (null when payments are off). */
  planPrices: z.record(z.enum(PLAN_IDS), z.nullable(z.string())),
  generator: z.enum(['offline', 'openai']),
  /** A news source is configured (NEWS_PROVIDER): conversation starters can cite recent news. */
  newsEnabled: z.boolean(),
  portalUrl: z.string(),
  practice: practiceConfigSchema,
  /** Where users write for help (SUPPORT_EMAIL). */
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), error: z.optional(z.string()) }),
  identity: z.object({ ok: z.boolean(), error: z.optional(z.string()) }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
