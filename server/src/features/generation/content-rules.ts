/**
 * The user's "Content preferences" read as rules a writer can follow and a check can verify
 * (issue 25: a limit of N words is ≤ N). The one reader of them: the offline writer follows these
 * rules, the LLM writer's prompt states them and its answer check verifies them. Only what is said
 * plainly is taken; the rest stays free text the prompt passes on.
 */
export interface ContentRules {
  /** "under 80 words", "max 120 words", "60 words tops" → the most words a message may have. */
  maxWords?: number;
  /** The sign-off asked for ("Sign off with 'Cheers, Ana'", "sign off with Best regards"). */
  signOff?: string;
  /** The greeting asked for ("Start with 'Hey'", "greet with hello"). */
  greeting?: string;
}

const WORD_LIMIT =
  /\b(?:under|below|at most|no more than|not more than|max(?:imum)?|less than|fewer than|within|up to|limit(?:ed)? to|limit of|shorter than|≤)\s*:?\s*(\d{1,4})\s*words?\b|\b(\d{1,4})\s*words?\s*(?:max(?:imum)?|or (?:less|fewer)|tops)\b/i;
const QUOTED = `["“'‘]([^"”'’\\n]{1,60})["”'’]`;
const SIGN_OFF_QUOTED = new RegExp(`\\bsign(?:[ -]?off|\\s+(?:off|it|messages?))?\\s*(?:with|:|as)\\s*${QUOTED}`, 'i');
/** "Sign off with Best regards." — an unquoted capitalised phrase up to the end of the sentence. */
const SIGN_OFF_PLAIN = /[Ss]ign(?:[- ]off| off)?(?: with| as|:)?\s*([A-Z][A-Za-z ,!]{1,25}?)(?:[.;\n]|$)/;
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
const GREETING_QUOTED = new RegExp(`\\b(?:start|open|begin|greet)(?:\\s+\\w+){0,3}?\\s+with\\s*${QUOTED}`, 'i');
const GREETING_PLAIN =
  /\b(?:greet(?:ing)?|start|open|begin)(?:\s+(?:with|by saying|messages with))?\s*:?\s*(Hi|Hello|Hey|Dear|Good morning|Good afternoon)\b/i;

const tidy = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?,;:]+$/, '');

function signOffOf(preferences: string): string | undefined {
  const said = SIGN_OFF_QUOTED.exec(preferences)?.[1] ?? SIGN_OFF_PLAIN.exec(preferences)?.[1];
  if (said && tidy(said)) return tidy(said);
  const p = preferences.toLowerCase();
  // "Best regards to sign off": a known sign-off named where signing off is talked about.
  return p.includes('sign') ? SIGN_OFFS.find((s) => new RegExp(`\\b${s.toLowerCase()}\\b`).test(p)) : undefined;
}

function greetingOf(preferences: string): string | undefined {
  const quoted = GREETING_QUOTED.exec(preferences)?.[1]?.trim();
  if (quoted) return quoted;
  const plain = GREETING_PLAIN.exec(preferences)?.[1];
  return plain ? plain[0]!.toUpperCase() + plain.slice(1).toLowerCase() : undefined;
}

export function contentRules(preferences: string): ContentRules {
  const rules: ContentRules = {};
  const limit = WORD_LIMIT.exec(preferences);
  if (limit) {
    const n = Number(limit[1] ?? limit[2]);
    // "under 80 words" allows 80 at most (the reading), and a limit below 5 words is a typo.
    if (n >= 5) rules.maxWords = n;
  }
  const signOff = signOffOf(preferences);
  if (signOff) rules.signOff = signOff;
  const greeting = greetingOf(preferences);
  if (greeting) rules.greeting = greeting;
  return rules;
}

/** Words as a reader counts them: runs of text with a letter or digit in them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
