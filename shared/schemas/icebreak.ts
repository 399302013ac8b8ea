import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { emailSchema, safeText } from './common';

/** GET /api/search query and POST /api/search body. `profileUrl` is the person description (the name the first client used: docs/product.md#api-routes). */
export const searchRequestSchema = z.object({
  profileUrl: safeText('The description', { error: MESSAGES.emptyDescription })
    .trim()
    .min(1, { error: MESSAGES.emptyDescription })
    .max(LIMITS.description, { error: `The description must be at most ${LIMITS.description} characters` }),
  email: emailSchema,
  goal: safeText('The goal')
    .trim()
    .max(LIMITS.goal, { error: `The goal must be at most ${LIMITS.goal} characters` })
    .optional(),
  /**
   * Ask for a new version of an answer already stored for the same input (costs a credit). Without
   * it, the same input is answered from storage for free. Query strings carry "true"/"1".
   */
  regenerate: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'regenerate must be true or false' })])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

export const generatorKindSchema = z.enum(['offline', 'openai']);
export type GeneratorKind = z.infer<typeof generatorKindSchema>;

/** One line of the Icebreak NDJSON stream (docs/architecture.md#icebreak-stream). Extra fields are optional additions of ours. */
export const streamLineSchema = z.object({
  content: z.string().default(''),
  section: z.number().int().min(0).default(0),
  errorMessage: z.string().nullable().optional(),
  /** Which writer produced the text: the UI labels offline output. */
  generator: generatorKindSchema.optional(),
  /** The history item this analysis is stored as. */
  historyId: z.string().optional(),
  done: z.boolean().optional(),
  /** This answer was already stored for the same input: shown again, no credit used. */
  stored: z.boolean().optional(),
  /** Whether section 0 cites news (the UI titles it "Conversation Starters" when not). */
  newsFound: z.boolean().optional(),
});
export type StreamLine = z.infer<typeof streamLineSchema>;

export const historyStatusSchema = z.string();
export const historyItemSchema = z.object({
  _id: z.string(),
  timestamp: z.string(),
  status: historyStatusSchema,
  goal: z.string().optional(),
  generator: generatorKindSchema.nullable().optional(),
  /** Whether section 0 cites news; null/absent for answers stored before this was recorded. */
  newsFound: z.boolean().nullable().optional(),
  insightsText: z.array(z.string()),
  insightsStructure: z.object({
    profile: z.object({ firstName: z.string(), lastName: z.string(), description: z.string() }),
  }),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historyListSchema = z.array(historyItemSchema);

export const insightsResponseSchema = z.object({
  success: z.boolean(),
  fallbackText: z.string().nullable(),
  historyItem: historyItemSchema.nullable(),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
