/**
 * Plain-text signals read from a practice conversation: who the rep is, questions asked, objections
 * answered, next steps proposed. The offline prospect and the offline feedback both use them, so the
 * prospect's reactions and the score agree with each other.
 */
import type { HiddenObjection } from './scenarios';

export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9%][a-z0-9%'’-]*/g) ?? [];
}

export function wordCount(text: string): number {
  return wordsOf(text).length;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `phrase` occurs in `text` starting at a word boundary ("integrat" matches "integration"). */
export function mentions(text: string, phrase: string): boolean {
  const p = phrase.toLowerCase().trim();
  if (!p) return false;
  const start = /^[a-z0-9]/.test(p) ? '(?:^|[^a-z0-9])' : '';
  return new RegExp(`${start}${escapeRegExp(p)}`).test(text.toLowerCase().replace(/’/g, "'"));
}

export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

// Speech-to-text (Web Speech API) often drops the question mark, so the first words count too.
const OPEN_START =
  /^(?:(?:so|and|okay|ok|well|now|just curious|out of interest|i'm curious|i am curious)[,\s]+)*(?:what|how(?! about)|why|which|where|who|when|tell me|walk me|describe|help me understand|talk me through|in what way|can you (?:tell|walk|describe|explain|share)|could you (?:tell|walk|describe|explain|share)|would you (?:tell|walk|describe|explain|share))\b/i;
const CLOSED_START =
  /^(?:(?:so|and|okay|ok|well|now)[,\s]+)*(?:do|does|did|are|is|was|were|can|could|would|will|have|has|had|should|shall|may|might|any)\b/i;

export interface QuestionCount {
  open: string[];
  closed: string[];
}

/** Open questions invite the prospect to talk ("How do you…"); closed ones get a yes or no. */
export function questionsIn(text: string): QuestionCount {
  const result: QuestionCount = { open: [], closed: [] };
  for (const s of sentencesOf(text)) {
    if (OPEN_START.test(s)) result.open.push(s);
    else if (s.endsWith('?') || CLOSED_START.test(s)) result.closed.push(s);
  }
  return result;
}

export function asksQuestion(text: string): boolean {
  const q = questionsIn(text);
  return q.open.length + q.closed.length > 0;
}

const NOT_NAMES = new Set([
  'calling',
  'just',
  'here',
  'sorry',
  'not',
  'with',
  'from',
  'reaching',
  'really',
  'so',
  'the',
  'a',
  'an',
  'glad',
  'happy',
  'great',
  'good',
  'fine',
  'well',
  'sure',
  'still',
  'trying',
  'actually',
  'also',
  'hoping',
  'wondering',
  'following',
  'interested',
  'looking',
  'going',
  'about',
  'on',
  'in',
  'at',
  'your',
  'our',
  'one',
  'very',
]);

/** The rep's first name when they introduce themselves ("this is Sam", "my name is Sam", "I'm Sam from…"). */
export function repNameIn(text: string): string | null {
  const re = /\b(?:this is|my name is|my name's|i am|i'm|it's|name is)\s+([A-Za-z][a-z'-]+)/gi;
  for (const m of text.matchAll(re)) {
    const name = m[1]!;
    if (NOT_NAMES.has(name.toLowerCase())) continue;
    // A lower-case word after "I'm" is usually not a name ("I'm calling"), unless speech-to-text lowered it.
    if (name[0] !== name[0]!.toUpperCase() && !/my name|this is|name is/i.test(m[0])) continue;
    return name[0]!.toUpperCase() + name.slice(1);
  }
  return null;
}

export interface OpenerSignals {
  repName: string | null;
  /** Said who they are (a name or the company they call from). */
  introduced: boolean;
  /** Gave a reason for the call. */
  reason: boolean;
}

export function openerSignals(text: string): OpenerSignals {
  const repName = repNameIn(text);
  const company =
    /\b(?:calling from|i'm with|i am with|here at|from [A-Z][\w&-]+|with [A-Z][\w&-]+)/.test(text) ||
    /\b(calling from|i'm with|i am with)\b/i.test(text);
  const reason =
    /\b(calling (?:because|about|to|since)|the reason|reaching out|wanted to|want to|because|i noticed|i saw|we help|we work with|i help|help (?:companies|teams|businesses)|following up|you downloaded|congratulations|congrats)\b/i.test(
      text,
    );
  return { repName, introduced: repName !== null || company, reason };
}

const GOODBYE =
  /\b(good ?bye|bye(?:-bye)?|have a (?:great|good|nice|lovely|wonderful) (?:day|one|evening|weekend|afternoon)|(?:talk|speak) (?:to you )?(?:soon|then|later|next week)|take care|thanks? (?:you )?for your time|see you (?:then|soon))\b/i;

/** The rep is closing the call. */
export function saysGoodbye(text: string): boolean {
  return GOODBYE.test(text);
}

// "today" alone is too common ("how do you do it today?"); "today at 4pm" still counts through the clock.
const DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week|this week|next month)';
const PART = '(?:\\s+(?:morning|afternoon|evening|lunchtime))?';
const CLOCK = "(?:\\d{1,2}(?::\\d{2})?\\s?(?:am|pm|a\\.m\\.|p\\.m\\.|o'clock)|\\d{1,2}:\\d{2}|noon|half past \\w+)";
const ORDINAL = '(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)';
const TIME_PHRASE = new RegExp(
  `\\b(?:(?:this|next|on)\\s+)?(?:${DAY}|${ORDINAL})${PART}(?:\\s+at\\s+${CLOCK})?|\\b(?:today\\s+)?at\\s+${CLOCK}(?:\\s+(?:on\\s+)?${DAY})?`,
  'i',
);
const MEETING =
  /\b(meet|meeting|demo|call|chat|session|walk-?through|review|pilot|trial|workshop|follow-?up|catch[- ]up|coffee|invite|calendar|slot|minutes)\b/i;
const ASKING =
  /\b(how about|what about|would|could we|can we|can i|let's|shall we|are you free|free on|works? for you|suit you|suits you)\b/i;

export interface Proposal {
  /** Asks for some next step (a meeting, a demo, a call). */
  meeting: boolean;
  /** The day/time named, tidied ("Tuesday at 10am"), or null. */
  time: string | null;
  /** A meeting with a named day or time: what a prospect can say yes to. */
  concrete: boolean;
}

function tidyTime(raw: string): string {
  return raw
    .trim()
    .replace(/^(?:on|at)\s+/i, '')
    .replace(/\s+/g, ' ')
    .replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi, (d) => d[0]!.toUpperCase() + d.slice(1).toLowerCase());
}

export function proposalIn(text: string): Proposal {
  const m = TIME_PHRASE.exec(text);
  const time = m ? tidyTime(m[0]) : null;
  const meeting = MEETING.test(text);
  return { meeting, time, concrete: time !== null && (meeting || ASKING.test(text) || text.trim().endsWith('?')) };
}

const AGREEMENT =
  /\b(works for me|that works|sounds good|let's do|send (?:me )?(?:an |the |a calendar )?invite|see you then|talk then|book it|i can do|fine,? (?:let's|put)|put it in|okay,? (?:let's|i'll)|deal)\b/i;

/** The prospect accepted a next step (used to read transcripts written by any prospect engine). */
export function agreesToNextStep(text: string): boolean {
  return AGREEMENT.test(text);
}

/** The rep answered this objection: names what it is about, with substance (or a question about it). */
export function addressesObjection(objection: HiddenObjection, repText: string): boolean {
  const hit = objection.keywords.some((k) => mentions(repText, k));
  return hit && (wordCount(repText) >= 8 || asksQuestion(repText));
}

/** The prospect's turn raises this objection (its line, its follow-up, or two of its keywords). */
export function raisesObjection(objection: HiddenObjection, prospectText: string): boolean {
  const t = prospectText.toLowerCase();
  if (t.includes(objection.line.toLowerCase().slice(0, 40)) || t.includes(objection.followUp.toLowerCase().slice(0, 40))) return true;
  const topicWords = wordsOf(objection.topic).filter((w) => w.length > 4);
  return topicWords.some((w) => t.includes(w)) && objection.keywords.filter((k) => mentions(t, k)).length >= 2;
}

/** At most `maxWords` of the rep's words, for quoting in tips. */
export function quote(text: string, maxWords = 14): string {
  const words = text.trim().replace(/\s+/g, ' ').replace(/"/g, "'").split(' ');
  const cut = words.slice(0, maxWords).join(' ');
  return words.length > maxWords ? `${cut.replace(/[,;:.!?]+$/, '')}…` : cut;
}
