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

const DETERMINER = /^(a|an|the|our|my|their|some)\s+/i;
const CUT_AT = /\s+(?:to|for|that|which|who|with|at|in|so|and|by|across|from|on)\b.*$/i;

export interface ProductPhrase {
  /** Without a determiner, for "your …": "AI note-taker", "payroll software". */
  bare: string;
  /** As a standalone noun phrase: "an AI note-taker", "your payroll platform", "payroll software". */
  phrase: string;
}

/**
 * What the seller sells, read from "About me" ("I sell an AI note-taker to sales teams" → "an AI
 * note-taker"); null when it cannot be read reliably (the prospect then says "your product").
 */
export function productPhrase(seller: SellerContext): ProductPhrase | null {
  const about = seller.aboutMe ?? '';
  const m =
    /\b(?:sell(?:s|ing)?|offer(?:s|ing)?|provid(?:e|es|ing)|build(?:s|ing)?|develop(?:s|ing)?|mak(?:e|es|ing)|market(?:s|ing)?)\s+([^.,;:!?()\n]+)/i.exec(
      about,
    );
  if (!m) return null;
  let rest = m[1]!.replace(CUT_AT, '').trim();
  const det = DETERMINER.exec(rest)?.[1]?.toLowerCase() ?? null;
  if (det) rest = rest.slice(det.length).trim();
  const words = rest.split(/\s+/);
  const bare = words
    .slice(0, 6)
    .join(' ')
    .replace(/[^\w)'"%&+-]+$/, '');
  if (bare.length < 3 || /\b(you|your|it|them|this|things|stuff|people)\b/i.test(bare)) return null;
  const phrase =
    det === 'a' || det === 'an' ? `${/^[aeiou]/i.test(bare) ? 'an' : 'a'} ${bare}` : det && det !== 'some' ? `your ${bare}` : bare;
  return { bare, phrase };
}

/** Split a finished turn into word tokens (spaces kept), as a stream of a spoken turn. */
export function* wordTokens(text: string): Generator<string> {
  for (const m of text.matchAll(/\S+\s*/g)) yield m[0];
}
