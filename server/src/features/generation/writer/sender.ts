import type { SettingsDataResponse } from '@shared/schemas/settings';

/** What the rep sells, read from "About me" so the writer can say it in its own words. */
export interface Offer {
  /** The rep's company or product ("RouteIQ"), '' when not said. */
  company: string;
  /** What it is, as a noun phrase ("a route-planning platform for freight teams"). */
  what: string;
  /** What it does for a customer, as an -ing phrase ("cutting empty miles by a fifth"). */
  outcome: string;
  /** The same as a verb in its base form and the rest ("cut", "empty miles by a fifth"). */
  verb: string;
  rest: string;
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
  /** Words to describe the tone in a tip ("short and warm"). */
  toneWords: string[];
}

export interface Sender {
  fullName: string;
  firstName: string;
  offer: Offer;
  style: Style;
}

const DOUBLE_FINAL = new Set([
  'cut',
  'plan',
  'ship',
  'run',
  'stop',
  'get',
  'set',
  'put',
  'win',
  'begin',
  'drop',
  'swap',
  'scan',
  'trim',
  'map',
  'chat',
]);

/** "cut" → "cutting", "reduce" → "reducing", "help" → "helping". */
export function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (DOUBLE_FINAL.has(v)) return `${v}${v.at(-1)}ing`;
  if (/ie$/.test(v)) return `${v.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(v) && v !== 'be') return `${v.slice(0, -1)}ing`;
  return `${v}ing`;
}

/** "helps" → "help", "cuts" → "cut", "automates" → "automate", "carries" → "carry". */
function baseForm(verb: string): string {
  const v = verb.toLowerCase();
  if (/[^aeiou]ies$/.test(v)) return `${v.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes|zes)$/.test(v)) return v.slice(0, -2);
  if (/[^s]s$/.test(v)) return v.slice(0, -1);
  return v;
}

const strip = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?,;:]+$/, '');

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map(strip)
    .filter(Boolean);
}

const NOT_VERBS = new Set(['are', 'were', 'have', 'had', 'am', 'is', 'was', 'also', 'really', 'just', 'love', 'like', 'think', 'believe']);

export function readOffer(aboutMe: string): Offer {
  const text = aboutMe.trim();
  const offer: Offer = { company: '', what: '', outcome: '', verb: '', rest: '' };
  if (!text) return offer;
  const company =
    /^(?!(?:I|We|Our|The|A|An|My|It)\b)([A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,2})\s+(?:is|[a-z]+s)\b/m.exec(text) ??
    /\b(?:at|for|from|of|with|founded|run|own|started)\s+([A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})/.exec(text);
  if (company && !/^(?:I|We|Our|The|A|An)$/.test(company[1]!)) offer.company = strip(company[1]!);
  // "RouteIQ, a route-planning platform for freight teams" / "RouteIQ is a …" / "I sell warehouse automation".
  const appositive = offer.company
    ? new RegExp(`${offer.company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:,| is| —| -)\\s+(an?\\s+[^.,;]+)`).exec(text)
    : null;
  const sells = /\b(?:sell|offer|provide|build|make|run)\s+([^.,;]+?)(?=\s+(?:at|for|to|with)\s+[A-Z]|[.,;]|$)/i.exec(text);
  if (appositive) offer.what = strip(appositive[1]!);
  else if (sells && !/^(?:partnerships|sales|the|a team|marketing)\b/i.test(sells[1]!)) offer.what = strip(sells[1]!);
  // "We cut empty miles by a fifth", "We help freight teams plan routes", "It automates invoicing".
  for (const s of sentences(text)) {
    const subject = offer.company
      ? `We|It|Our (?:platform|product|tool|software|team|app)|${offer.company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
      : 'We|It|Our (?:platform|product|tool|software|team|app)';
    const m = new RegExp(`^(?:${subject})\\s+(?:(?:also|really|now)\\s+)?([a-z]+)\\s+(.+)$`).exec(s);
    if (!m || NOT_VERBS.has(m[1]!)) continue;
    const verb = s.startsWith('We ') ? m[1]! : baseForm(m[1]!);
    if (verb.endsWith('ed')) continue;
    offer.verb = verb;
    offer.rest = strip(m[2]!).replace(/\b(?:our|us)\b/g, (w) => (w === 'our' ? 'their' : 'them'));
    offer.outcome = `${gerund(verb)} ${offer.rest}`;
    break;
  }
  return offer;
}

const SIGN_OFFS = [
  'Cheers',
  'Best',
  'Best regards',
  'Kind regards',
  'Warm regards',
  'Thanks',
  'All the best',
  'Talk soon',
  'Regards',
  'Warmly',
];

export function readStyle(preferences: string): Style {
  const p = preferences.toLowerCase();
  const style: Style = {
    casual: /\b(?:casual|informal|relaxed|friendly|conversational|playful)\b/.test(p),
    formal: /\b(?:formal|professional|polite|respectful)\b/.test(p),
    short: /\b(?:short|concise|brief|to the point|succinct|crisp)\b/.test(p),
    warm: /\b(?:warm|kind|personal|human|empathetic)\b/.test(p),
    noEmojis: /\bno\s+emojis?\b|\bwithout emojis?\b|\bavoid emojis?\b/.test(p),
    noBuzzwords: /\bno\s+(?:buzzwords|jargon)\b|\bavoid (?:buzzwords|jargon)\b|\bplain\b/.test(p),
    signOff: '',
    toneWords: [],
  };
  const explicit = /sign(?:[- ]off| off)?(?: with| as|:)?\s*["“']?([A-Z][A-Za-z ,!]{1,25}?)["”']?(?:[.;\n]|$)/.exec(preferences);
  if (explicit) style.signOff = strip(explicit[1]!);
  else style.signOff = SIGN_OFFS.find((s) => new RegExp(`\\b${s.toLowerCase()}\\b`).test(p) && p.includes('sign')) ?? '';
  if (style.short) style.toneWords.push('short');
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
