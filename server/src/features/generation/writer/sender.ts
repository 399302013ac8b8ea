import type { SettingsDataResponse } from '@shared/schemas/settings';
import { contentRules } from '../content-rules';
import { gerundPhrase, parseClause, verbForms, type Clause } from './grammar';

/** Something the rep's product does, as a verb and the rest ("cut" + "technician travel time by 20%"). */
export interface Proof {
  clause: Clause;
  /** Carries a number ("by 20%", "twice as fast"): a result, not a feature. */
  measured: boolean;
}

/** What the rep sells, read from "About me" so the writer can say it in its own words. */
export interface Offer {
  /** The product's name ("Beacon"), or the company's when only that is said; '' when not said. */
  product: string;
  /** The rep's company ("Beacon Software"); the product's name when only that is said. */
  company: string;
  /** What it is, as a noun phrase ("a field-service scheduling platform", "warehouse automation"). */
  category: string;
  /** What it does for a customer. */
  proofs: Proof[];
}

/** How the rep wants to sound, read from "Content preferences" (never quoted back). */
export interface Style {
  casual: boolean;
  formal: boolean;
  short: boolean;
  warm: boolean;
  noEmojis: boolean;
  noBuzzwords: boolean;
  /** An explicit sign-off ("Cheers", "Best"), '' when not said. */
  signOff: string;
  /** An explicit greeting word ("Hello", "Hey"), '' when not said. */
  greeting: string;
  /** "Keep messages under 80 words" → 80: a message has at most this many words. */
  wordLimit?: number;
  /** Words to describe the tone in a tip ("short and warm"). */
  toneWords: string[];
}

export interface Sender {
  fullName: string;
  firstName: string;
  offer: Offer;
  style: Style;
}

const strip = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?,;:]+$/, '');

/** Sentences of a settings text; "Inc." and "Co." do not end one. */
function sentences(text: string): string[] {
  return text
    .split(/(?<!\b(?:Inc|Ltd|Co|Corp|St|Dr|Mr|Ms|Mrs|vs|e\.g|i\.e))(?<=[.!?])\s+|\n+/)
    .map(strip)
    .filter(Boolean);
}

const NAME = String.raw`[\p{Lu}\d][\p{L}\d&.'’-]*(?:\s+[\p{Lu}\d][\p{L}\d&.'’-]*){0,3}`;
const CATEGORY = String.raw`(?:an?|the|our)\s+[^,.;]+`;

/** "Beacon, a field-service scheduling platform" → name and category; "warehouse automation" → category. */
function thing(s: string): { name: string; category: string } {
  const m = new RegExp(String.raw`^(${NAME})(?:,\s*|\s+(?:is|—|-)\s+)(${CATEGORY})$`, 'u').exec(s);
  if (m) return { name: m[1]!, category: m[2]!.replace(/^our\s+/i, 'a ') };
  if (new RegExp(`^${NAME}$`, 'u').test(s)) return { name: s, category: '' };
  if (/^[a-z]/.test(s) && s.split(' ').length <= 8) return { name: '', category: s };
  return { name: '', category: '' };
}

/** "reconciles bank feeds overnight and flags mismatches" → the first clause only, so it conjugates cleanly. */
function firstClause(rest: string): string {
  const m = /^(.*?),?\s+and\s+([a-z]+)\b/.exec(rest);
  if (m && verbForms(m[2]!) && /s$/.test(m[2]!) && !/ss$/.test(m[2]!)) return m[1]!;
  return rest;
}

export function readOffer(aboutMe: string): Offer {
  const offer: Offer = { product: '', company: '', category: '', proofs: [] };
  for (const s of sentences(aboutMe)) {
    // "I sell Beacon, a field-service scheduling platform, at Beacon Software" / "I sell warehouse automation at LiftCo".
    let m = new RegExp(String.raw`\bI\s+(?:sell|offer|represent|work on|market)\s+(.+?)(?:,?\s+(?:at|for|with)\s+(${NAME}))?$`, 'u').exec(
      s,
    );
    if (m) {
      const t = thing(m[1]!.replace(/,$/, ''));
      offer.product ||= t.name;
      offer.category ||= t.category;
      if (m[2]) offer.company ||= m[2];
      continue;
    }
    // "I run partnerships at RouteIQ, a route-planning platform for freight teams" / "I work at Ledgerly".
    m = /\bI(?:'m| am)?\s+(?:\w+\s+){0,3}?(?:at|for|with|from)\s+(.+)$/u.exec(s);
    if (m && /^[\p{Lu}\d]/u.test(m[1]!)) {
      const t = thing(m[1]!);
      if (t.name) {
        offer.company ||= t.name;
        offer.category ||= t.category;
        continue;
      }
    }
    // "Ledgerly is a close-automation tool" / "Ledgerly automates month-end close".
    m = new RegExp(String.raw`^(${NAME})\s+(?:is|are)\s+(${CATEGORY})$`, 'u').exec(s);
    if (m && !/^(?:I|We|It|Our|The|My)$/.test(m[1]!)) {
      offer.product ||= m[1]!;
      offer.category ||= m[2]!.replace(/^our\s+/i, 'a ');
      continue;
    }
    m = new RegExp(
      String.raw`^(${NAME}|We|It|Our (?:platform|product|tool|software|app|team|service))\s+(?:also\s+|really\s+)?([a-z]+\s+.+)$`,
      'u',
    ).exec(s);
    if (m && !/^(?:I|My|The)$/.test(m[1]!)) {
      if (!/^(?:We|It|Our\b)/.test(m[1]!)) offer.product ||= m[1]!;
      const predicate = m[1] === 'We' ? m[2]!.replace(/^([a-z]+)/, (v) => verbForms(v)?.present3 ?? v) : m[2]!;
      const clause = parseClause(firstClause(predicate).replace(/\b(?:our|us)\b/g, (w) => (w === 'our' ? 'their' : 'them')));
      if (clause && clause.tense === 'present' && !/^(?:be|have|love|like|think|believe)$/.test(clause.verb.infinitive))
        offer.proofs.push({ clause, measured: /\d|twice|half|fifth|third|quarter|double/.test(clause.rest) });
    }
  }
  offer.product ||= offer.company;
  offer.company ||= offer.product;
  return offer;
}

/** "Beacon cuts technician travel time by 20%": a proof said of the product. */
export const proofSaid = (offer: Offer, p: Proof) => `${offer.product || 'our platform'} ${p.clause.verb.present3} ${p.clause.rest}`;
/** "to cut technician travel time by 20%". */
export const proofTo = (p: Proof) => `to ${p.clause.verb.infinitive} ${p.clause.rest}`;
/** "cutting technician travel time by 20%". */
export const proofGerund = (p: Proof) => gerundPhrase(p.clause);

export function readStyle(preferences: string): Style {
  const p = preferences.toLowerCase();
  // Word limit, greeting and sign-off: the one reader the LLM writer's prompt and check use too.
  const rules = contentRules(preferences);
  const style: Style = {
    casual: /\b(?:casual|informal|relaxed|friendly|conversational|playful)\b/.test(p),
    formal: /\b(?:formal|professional|polite|respectful)\b/.test(p) && !/\binformal\b/.test(p),
    short: /\b(?:short|concise|brief|to the point|succinct|crisp)\b/.test(p),
    warm: /\b(?:warm|kind|personal|human|empathetic)\b/.test(p),
    noEmojis: /\bno\s+emojis?\b|\bwithout emojis?\b|\bavoid emojis?\b/.test(p),
    noBuzzwords: /\bno\s+(?:buzzwords|jargon)\b|\bavoid (?:buzzwords|jargon)\b|\bplain\b/.test(p),
    signOff: rules.signOff ?? '',
    greeting: rules.greeting ?? '',
    wordLimit: rules.maxWords,
    toneWords: [],
  };
  if (style.short || style.wordLimit) style.toneWords.push('short');
  if (style.warm) style.toneWords.push('warm');
  if (style.casual) style.toneWords.push('relaxed');
  if (style.formal) style.toneWords.push('professional');
  return style;
}

export function readSender(settings: SettingsDataResponse): Sender {
  const fullName = settings.name.trim().replace(/\s+/g, ' ');
  return {
    fullName,
    firstName: fullName.split(' ')[0] ?? '',
    offer: readOffer(settings.aboutMe),
    style: readStyle(settings.contentPreferences),
  };
}

/** The sentences of the user's settings: a writer must never repeat one verbatim. */
export function settingsSentences(settings: SettingsDataResponse): string[] {
  return [...sentences(settings.aboutMe), ...sentences(settings.contentPreferences)].filter((s) => s.length >= 12);
}
