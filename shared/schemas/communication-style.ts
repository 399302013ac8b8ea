import * as z from 'zod/mini';

/** The four styles the Communication style insight guesses between (docs/product.md#communication-style). */
export const COMMUNICATION_STYLES = ['direct', 'analytical', 'expressive', 'steady'] as const;
export type CommunicationStyleName = (typeof COMMUNICATION_STYLES)[number];

/**
 * A reasoned guess at how a person likes to be spoken to: the style, the words of the description it
 * rests on, how sure it is, one thing to do and one to avoid. The LLM writer answers it as JSON
 * (its JSON schema is made from this one); the offline writer fills it from cue words.
 */
export const communicationStyleSchema = z.object({
  style: z.enum(COMMUNICATION_STYLES),
  /** Words or short phrases copied from the description that point to the style. */
  cues: z.array(z.string()),
  confidence: z.enum(['low', 'medium', 'high']),
  /** One tip: what to do with this person. */
  do: z.string(),
  /** One tip: what to avoid. */
  dont: z.string(),
});
export type CommunicationStyle = z.infer<typeof communicationStyleSchema>;
