import { MESSAGES } from '@shared/messages';
import type { GeneratorKind } from '@shared/schemas/icebreak';
import type { ColdCallScript, Lead, LinkedinDm } from '@shared/schemas/enrich';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import type { Headline } from '../news';
import type { PersonProfile } from './extract-profile';

/** What the writer knows about the user it writes for (their enrichment settings) and the goal. */
export interface WriterContext {
  settings: SettingsDataResponse;
  /** Already resolved: DEFAULT_GOAL when absent, FALLBACK_GOAL when blank. */
  goal: string;
  headlines: Headline[];
  /**
   * 0 for the first answer to an input; Regenerate asks for 1, 2… The offline writer varies its
   * wording by it (a seed); the LLM writer samples at a higher temperature.
   */
  variant?: number;
}

export interface IcebreakInput extends WriterContext {
  description: string;
  profile: PersonProfile;
}

export interface EnrichInput extends WriterContext {
  lead: Lead;
}

/** A piece of Icebreak text: section 0 starters, 1 rapport tips, 2+ additional insights. */
export interface IcebreakChunk {
  section: number;
  content: string;
  /**
   * The text so far is withdrawn: a writer whose answer failed its check writes it again (the
   * LLM writer, once). Sent with empty content before the new text.
   */
  restart?: true;
}

/**
 * Text generation behind one interface (docs/architecture.md#text-generation). Every method honours `signal`: when it aborts
 * the implementation stops work (and any upstream request) and rejects.
 */
export interface TextGenerator {
  readonly kind: GeneratorKind;
  /** The model behind it, when there is one (part of what makes two answers comparable). */
  readonly model?: string;
  /** Sections in order (0, 1, 2…), each chunk yielded as soon as it is written. */
  icebreak(input: IcebreakInput, signal: AbortSignal): AsyncIterable<IcebreakChunk>;
  linkedinDm(input: EnrichInput, signal: AbortSignal): Promise<LinkedinDm>;
  coldCallScript(input: EnrichInput, signal: AbortSignal): Promise<ColdCallScript>;
}

/**
 * Thrown for failures the user may see summarised (upstream errors, unreadable output). `message`
 * goes to the log; `userMessage`, when set, is what the user is told instead of the route's generic
 * failure (the rest may name internals).
 */
export class GenerationError extends Error {
  userMessage?: string;
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'GenerationError';
  }
}

/** What a failed generation may tell the user, if the error says (else the route's own message). */
export const userMessageOf = (err: unknown): string | undefined => (err instanceof GenerationError ? err.userMessage : undefined);

/**
 * The answer failed its checks twice (docs/product.md#the-llm-writer): the work fails and is refunded. `problems`
 * go to the log; the user sees MESSAGES.writerQualityFailed.
 */
export class QualityCheckFailed extends GenerationError {
  constructor(readonly problems: string[]) {
    super(`The AI answer failed its checks twice: ${problems.slice(0, 5).join(' ')}`);
    this.name = 'QualityCheckFailed';
    this.userMessage = MESSAGES.writerQualityFailed;
  }
}
