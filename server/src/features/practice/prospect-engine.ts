import type { TranscriptTurn } from '@shared/schemas/calls';
import type { Scenario } from './scenarios';

/** The user's enrichment settings: who the rep is and what they sell. */
export interface SellerContext {
  name?: string;
  aboutMe?: string;
  contentPreferences?: string;
}

export type EndReason = 'rep-closed' | 'next-step-agreed' | 'time-limit' | 'prospect-ended';

export type ProspectEvent = { type: 'token'; text: string } | { type: 'end'; reason: EndReason };

export interface ProspectTurnInput {
  scenario: Scenario;
  seller: SellerContext;
  /** The conversation so far; empty → the prospect answers the phone. */
  transcript: TranscriptTurn[];
  elapsedSeconds: number;
  maxMinutes: number;
}

/**
 * Plays the prospect, one turn per call: streams the turn as tokens and, when the call should end after
 * it, a final `end` event. Aborting `signal` stops the stream (the signal's reason is thrown).
 */
export interface ProspectEngine {
  readonly kind: 'offline' | 'openai';
  reply(input: ProspectTurnInput, signal: AbortSignal): AsyncIterable<ProspectEvent>;
}

export function timeIsUp(input: Pick<ProspectTurnInput, 'elapsedSeconds' | 'maxMinutes'>): boolean {
  return input.elapsedSeconds >= input.maxMinutes * 60;
}

const DETERMINERS = /^(?:a|an|the|our|my|their|some)\s+/i;
const CUT_AT = /\s+(?:to|for|that|which|who|with|at|in|so|and|by|across|from|on)\b.*$/i;

/**
 * A short noun phrase for what the seller sells, from "About me" ("I sell payroll software to
 * retailers" → "payroll software"); null when it cannot be read reliably.
 */
export function productPhrase(seller: SellerContext): string | null {
  const about = seller.aboutMe ?? '';
  const m = /\b(?:sell(?:s|ing)?|offer(?:s|ing)?|provid(?:e|es|ing)|build(?:s|ing)?|develop(?:s|ing)?|mak(?:e|es|ing)|market(?:s|ing)?)\s+([^.,;:!?()\n]+)/i.exec(
    about,
  );
  if (!m) return null;
  let phrase = m[1]!.replace(CUT_AT, '').replace(DETERMINERS, '').trim();
  const words = phrase.split(/\s+/);
  if (words.length > 6) phrase = words.slice(0, 6).join(' ');
  if (!phrase || /\b(you|your|it|them|this|things|stuff)\b/i.test(phrase) || phrase.length < 3) return null;
  return phrase.replace(/[^\w)'"%&+-]+$/, '');
}

/** Split a finished turn into word tokens (spaces kept), as a stream of a spoken turn. */
export function* wordTokens(text: string): Generator<string> {
  for (const m of text.matchAll(/\S+\s*/g)) yield m[0];
}
