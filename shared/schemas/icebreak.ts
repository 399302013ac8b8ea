import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { emailSchema, safeText } from './common';

/** GET /api/search query and POST /api/search body. `profileUrl` is the person description (the name the first client used: docs/product.md#api-routes). */
export const searchRequestSchema = z.object({
  profileUrl: safeText('The description', { error: MESSAGES.emptyDescription }).check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.emptyDescription }),
    z.maxLength(LIMITS.description),
  ),
  email: emailSchema,
  goal: z.optional(safeText('The goal').check(z.trim(), z.maxLength(LIMITS.goal))),
  /**
   * Ask for a new version of an answer already stored for the same input (costs a credit). Without
   * it, the same input is answered from storage for free. Query strings carry "true"/"1".
   */
  regenerate: z.pipe(
    z.optional(z.union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'regenerate must be true or false' })])),
    z.transform((v: boolean | 'true' | 'false' | '1' | '0' | undefined) => v === true || v === 'true' || v === '1'),
  ),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

export const generatorKindSchema = z.enum(['offline', 'openai']);
export type GeneratorKind = z.infer<typeof generatorKindSchema>;

/** One line of the Icebreak NDJSON stream (docs/architecture.md#icebreak-stream). Extra fields are optional additions of ours. */
export const streamLineSchema = z.object({
  content: z._default(z.string(), ''),
  section: z._default(z.number().check(z.int(), z.gte(0)), 0),
  errorMessage: z.optional(z.nullable(z.string())),
  /** Which writer produced the text: the UI labels offline output. */
  generator: z.optional(generatorKindSchema),
  /** The history item this analysis is stored as. */
  historyId: z.optional(z.string()),
  done: z.optional(z.boolean()),
  /** This answer was already stored for the same input: shown again, no credit used. */
  stored: z.optional(z.boolean()),
  /** Whether section 0 cites news (the UI titles it "Conversation Starters" when not). */
  newsFound: z.optional(z.boolean()),
  /** The text shown so far is withdrawn: the writer's answer failed its check and is written again. */
  restart: z.optional(z.boolean()),
  /** On the final line of a paid answer: the caller's credit balance after it (the portal and widget update their one balance cache from it). */
  balance: z.optional(z.number().check(z.int(), z.gte(0))),
});
export type StreamLine = z.infer<typeof streamLineSchema>;

export const historyStatusSchema = z.string();
export const historyItemSchema = z.object({
  _id: z.string(),
  timestamp: z.string(),
  status: historyStatusSchema,
  goal: z.optional(z.string()),
  generator: z.optional(z.nullable(generatorKindSchema)),
  /** Whether section 0 cites news; null/absent for answers stored before this was recorded. */
  newsFound: z.optional(z.nullable(z.boolean())),
  insightsText: z.array(z.string()),
  insightsStructure: z.object({
    profile: z.object({
      firstName: z.string(),
      lastName: z.string(),
      description: z.string(),
      /** Read from the description when it was analysed, so two analyses of one name can be told apart. */
      role: z.optional(z.string()),
      company: z.optional(z.string()),
    }),
  }),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historyListSchema = z.array(historyItemSchema);

export const insightsResponseSchema = z.object({
  success: z.boolean(),
  fallbackText: z.nullable(z.string()),
  historyItem: z.nullable(historyItemSchema),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
