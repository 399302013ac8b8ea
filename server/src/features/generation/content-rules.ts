/**
 * The user's "Content preferences" read as rules a writer can follow and a check can verify
 * (issue 25: a limit of N words is ≤ N). Only what is said plainly is taken; the rest stays
 * free text the prompt passes on.
 */
export interface ContentRules {
  /** "under 80 words", "max 120 words", "no more than 60 words" → the most words a message may have. */
  maxWords?: number;
  /** The sign-off asked for ("Sign off with 'Cheers, Ana'"). */
  signOff?: string;
  /** The greeting asked for ("Start with 'Hey'"). */
  greeting?: string;
}

const WORD_LIMIT =
  /\b(?:under|below|at most|no more than|not more than|max(?:imum)?|less than|fewer than|within|up to|limit(?:ed)? to|shorter than)\s*:?\s*(\d{1,4})\s*words?\b/i;
const QUOTED = `["“'‘]([^"”'’\\n]{1,60})["”'’]`;
const SIGN_OFF = new RegExp(`\\bsign(?:[ -]?off|\\s+(?:off|it|messages?))?\\s*(?:with|:|as)\\s*${QUOTED}`, 'i');
const GREETING = new RegExp(`\\b(?:start|open|begin|greet)(?:\\s+\\w+){0,3}?\\s+with\\s*${QUOTED}`, 'i');

export function contentRules(preferences: string): ContentRules {
  const rules: ContentRules = {};
  const limit = WORD_LIMIT.exec(preferences);
  if (limit) {
    const n = Number(limit[1]);
    // "under 80 words" allows 80 at most (the reading), and a limit below 5 words is a typo.
    if (n >= 5) rules.maxWords = n;
  }
  const signOff = SIGN_OFF.exec(preferences);
  if (signOff?.[1]?.trim()) rules.signOff = signOff[1].trim();
  const greeting = GREETING.exec(preferences);
  if (greeting?.[1]?.trim()) rules.greeting = greeting[1].trim();
  return rules;
}

/** Words as a reader counts them: runs of text with a letter or digit in them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
