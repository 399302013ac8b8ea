/**
 * Scoring a finished practice call against its scenario's rubric. The offline writer reads the
 * transcript with plain rules; the OpenAI writer (openai-feedback.ts) falls back to it.
 */
import type { CallFeedback, RubricScore, TranscriptTurn } from '@shared/schemas/calls';
import {
  addressesObjection,
  agreesToNextStep,
  openerSignals,
  proposalIn,
  questionsIn,
  quote,
  raisesObjection,
  wordCount,
} from './conversation-signals';
import type { SellerContext } from './prospect-engine';
import { CRITERIA, type Criterion, type Scenario } from './scenarios';

export interface FeedbackInput {
  scenario: Scenario;
  transcript: TranscriptTurn[];
  /** Optional: lets tips use the rep's own name in examples. */
  seller?: SellerContext;
}

export interface FeedbackWriter {
  readonly kind: 'offline' | 'openai';
  score(input: FeedbackInput, signal: AbortSignal): Promise<CallFeedback>;
}

/** Share of words the rep may speak without losing points (cold-call research puts winners near 40–60%). */
export const TALK_BAND = { low: 0.3, high: 0.6, floor: 0.05, ceiling: 0.9 } as const;
/** A rep turn longer than this is a monologue (a spoken turn of ~20 seconds, ~40 seconds). */
export const MONOLOGUE_WORDS = { warn: 50, long: 80 } as const;
/** Open questions for full discovery points. */
export const OPEN_QUESTIONS_TARGET = 3;

interface Assessment {
  criterion: Criterion;
  /** 0–1 share of the criterion's points. */
  ratio: number;
  note: string;
  tip: string;
}

interface Facts {
  scenario: Scenario;
  transcript: TranscriptTurn[];
  rep: { text: string; index: number }[];
  prospectFirst: string;
  seller?: SellerContext;
}

const firstNameOf = (full: string) => full.split(/\s+/)[0] ?? full;
const q = (text: string, words?: number) => `"${quote(text, words)}"`;

function assessOpener(f: Facts): Assessment {
  const first = f.rep[0]!.text;
  const o = openerSignals(first);
  const long = wordCount(first) > 60;
  let ratio = (o.introduced ? 0.5 : 0) + (o.reason ? 0.5 : 0);
  if (long) ratio = Math.max(0, ratio - 0.25);
  const missing = [!o.introduced && 'who you are', !o.reason && 'why you are calling'].filter(Boolean).join(' and ');
  const note = missing
    ? `The opener did not say ${missing}${long ? ', and it ran long' : ''}.`
    : long
      ? 'Clear introduction and reason, but the opener ran long.'
      : 'Clear introduction and a reason for the call.';
  const me = f.seller?.name ? firstNameOf(f.seller.name) : null;
  const example = me
    ? `"Hi ${f.prospectFirst}, this is ${me}. I'm calling because…"`
    : `your name, your company and one reason that matters to ${f.prospectFirst}`;
  const tip = missing
    ? `You opened with ${q(first)} — say ${missing} in the first breath: ${example}.`
    : long
      ? `Your opener ${q(first, 10)} ran ${wordCount(first)} words — keep it under 30 and end with a question.`
      : `Your opener ${q(first)} worked — keep naming yourself and the reason first, then ask for a minute.`;
  return { criterion: 'opener', ratio, note, tip };
}

function assessDiscovery(f: Facts): Assessment {
  const open: string[] = [];
  const closed: string[] = [];
  for (const r of f.rep) {
    const found = questionsIn(r.text);
    open.push(...found.open);
    closed.push(...found.closed);
  }
  const ratio = Math.min(1, (open.length + 0.25 * closed.length) / OPEN_QUESTIONS_TARGET);
  const note = `${capitalizeFirst(spelled(open.length))} open and ${spelled(closed.length)} closed question${closed.length === 1 ? '' : 's'} (target: ${spelled(OPEN_QUESTIONS_TARGET)} open).`;
  const lookFor = f.scenario.rubric.discovery.lookFor.replace(/\.$/, '');
  let tip: string;
  if (closed.length > 0 && open.length < OPEN_QUESTIONS_TARGET) {
    tip = `You asked ${q(closed[0]!)} — a yes/no question. Turn it into a "what" or "how" question so ${f.prospectFirst} explains; aim for: ${lookFor.toLowerCase()}.`;
  } else if (open.length === 0) {
    const longest = [...f.rep].sort((a, b) => wordCount(b.text) - wordCount(a.text))[0]!;
    tip = `You said ${q(longest.text)} without asking anything — before pitching, ask "what" and "how" questions: ${lookFor.toLowerCase()}.`;
  } else if (open.length < OPEN_QUESTIONS_TARGET) {
    tip = `You asked ${q(open[0]!)} — a good open question. Ask ${spelled(OPEN_QUESTIONS_TARGET - open.length)} more like it and follow up on the answers before you pitch.`;
  } else {
    tip = `Questions like ${q(open[0]!)} got ${f.prospectFirst} talking — keep following each answer with "why is that?" before moving on.`;
  }
  return { criterion: 'discovery', ratio, note, tip };
}

function assessObjections(f: Facts): Assessment {
  const { scenario, transcript } = f;
  const results = scenario.hiddenObjections.flatMap((objection) => {
    const raisedAt = transcript.findIndex((t) => t.role === 'prospect' && raisesObjection(objection, t.text));
    if (raisedAt < 0) return [];
    const after = f.rep.filter((r) => r.index > raisedAt);
    return [{ objection, answered: after.some((r) => addressesObjection(objection, r.text)), reply: after[0] }];
  });
  if (results.length === 0) {
    const ratio = f.rep.length >= 3 ? 1 : 0;
    const note = ratio ? 'No objections came up.' : 'The call ended before any objection came up.';
    const tip = `You said ${q(f.rep[f.rep.length - 1]!.text)} — keep the call going long enough to hear ${f.prospectFirst}'s concerns, and welcome them with "what worries you about that?"`;
    return { criterion: 'objections', ratio, note, tip };
  }
  const answered = results.filter((r) => r.answered);
  const ratio = answered.length / results.length;
  const missed = results.find((r) => !r.answered);
  const note = `${answered.length} of ${results.length} objection${results.length === 1 ? '' : 's'} answered${missed ? `; ${missed.objection.topic} was left open` : ''}.`;
  let tip: string;
  if (missed) {
    const said = missed.reply ? `you said ${q(missed.reply.text)}` : 'you did not answer';
    tip = `When ${f.prospectFirst} raised ${missed.objection.topic}, ${said} — ${lowerFirst(missed.objection.goodAnswer)}`;
  } else {
    const best = answered[0]!;
    const reply = f.rep.find((r) => addressesObjection(best.objection, r.text))!;
    tip = `On ${best.objection.topic} you said ${q(reply.text)} — that answered it; next time acknowledge the concern first ("That's fair…") before you answer.`;
  }
  return { criterion: 'objections', ratio, note, tip };
}

function capitalizeFirst(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

function spelled(n: number): string {
  return ['no', 'one', 'two', 'three', 'four', 'five'][n] ?? String(n);
}

function lowerFirst(s: string): string {
  return s ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function assessTalkListen(f: Facts): Assessment {
  const repWords = f.rep.reduce((n, r) => n + wordCount(r.text), 0);
  const prospectWords = f.transcript.filter((t) => t.role === 'prospect').reduce((n, t) => n + wordCount(t.text), 0);
  const share = repWords + prospectWords === 0 ? 0 : repWords / (repWords + prospectWords);
  let ratio = 1;
  if (share < TALK_BAND.low) ratio = Math.max(0, (share - TALK_BAND.floor) / (TALK_BAND.low - TALK_BAND.floor));
  else if (share > TALK_BAND.high) ratio = Math.max(0, (TALK_BAND.ceiling - share) / (TALK_BAND.ceiling - TALK_BAND.high));
  const pct = Math.round(share * 100);
  const longest = [...f.rep].sort((a, b) => wordCount(b.text) - wordCount(a.text))[0]!;
  const shortest = [...f.rep].sort((a, b) => wordCount(a.text) - wordCount(b.text))[0]!;
  const longestWords = wordCount(longest.text);
  // A monologue loses the listener even when the totals look balanced.
  const monologue = longestWords > MONOLOGUE_WORDS.long ? 0.5 : longestWords > MONOLOGUE_WORDS.warn ? 0.75 : 1;
  ratio *= monologue;
  const note = `You spoke ${pct}% of the words (aim for ${TALK_BAND.low * 100}–${TALK_BAND.high * 100}%)${monologue < 1 ? `; your longest turn ran ${longestWords} words` : ''}.`;
  let tip: string;
  if (share > TALK_BAND.high || monologue < 1) {
    tip = `Your longest turn, ${q(longest.text, 10)}, ran ${wordCount(longest.text)} words — stop after two sentences and ask a question so ${f.prospectFirst} talks more.`;
  } else if (share < TALK_BAND.low) {
    tip = `Turns like ${q(shortest.text)} were very short — add one sentence of value for ${f.scenario.prospect.company} before your next question.`;
  } else {
    tip = `Your balance was good (${pct}% talk) — turns like ${q(shortest.text, 10)} kept it a conversation; keep pausing after questions.`;
  }
  return { criterion: 'talk_listen', ratio, note, tip };
}

function assessNextStep(f: Facts): Assessment {
  const proposals = f.rep.map((r) => ({ ...r, proposal: proposalIn(r.text) }));
  const concrete = proposals.filter((p) => p.proposal.concrete);
  // The proposal the prospect said yes to: the last one before an agreeing prospect turn.
  const agreedTo = [...concrete]
    .reverse()
    .find((p) => f.transcript.some((t, i) => i > p.index && t.role === 'prospect' && agreesToNextStep(t.text)));
  const vague = proposals.find((p) => p.proposal.meeting && !p.proposal.concrete);
  const last = f.rep[f.rep.length - 1]!.text;
  if (agreedTo) {
    return {
      criterion: 'next_step',
      ratio: 1,
      note: `Next step agreed${agreedTo.proposal.time ? ` for ${agreedTo.proposal.time}` : ''}.`,
      tip: `${q(agreedTo.text)} got a yes — confirm it in writing right away with an agenda and who should attend.`,
    };
  }
  if (concrete.length > 0) {
    return {
      criterion: 'next_step',
      ratio: 0.6,
      note: 'You proposed a concrete time, but it was not agreed.',
      tip: `You proposed ${q(concrete[0]!.text)} but got no yes — answer the open concern first, then offer two alternative times.`,
    };
  }
  if (vague) {
    return {
      criterion: 'next_step',
      ratio: 0.3,
      note: 'You asked for a next step without a day or time.',
      tip: `You said ${q(vague.text)} — name a day and a time ("How about Tuesday at 10 for 20 minutes?") so there is something to say yes to.`,
    };
  }
  return {
    criterion: 'next_step',
    ratio: 0,
    note: 'No next step was proposed.',
    tip: `You ended with ${q(last)} — before hanging up, ask for a concrete next step with a day and time: ${lowerFirst(f.scenario.repGoal)}`,
  };
}

const ASSESSORS: Record<Criterion, (f: Facts) => Assessment> = {
  opener: assessOpener,
  discovery: assessDiscovery,
  objections: assessObjections,
  talk_listen: assessTalkListen,
  next_step: assessNextStep,
};

function emptyCall(scenario: Scenario): CallFeedback {
  const first = firstNameOf(scenario.prospect.name);
  return {
    score: 0,
    rubric: CRITERIA.map((c) => ({
      criterion: c,
      label: scenario.rubric[c].label,
      score: 0,
      max: scenario.rubric[c].max,
      note: 'Nothing was said on this call, so there is nothing to score yet.',
    })),
    tips: [
      `Open with your name, your company and one reason for the call that matters to ${first} (${scenario.prospect.role}).`,
      `Ask open "what" and "how" questions before you pitch: ${lowerFirst(scenario.rubric.discovery.lookFor)}`,
      `Close with a concrete next step and a day and time: ${lowerFirst(scenario.repGoal)}`,
    ],
    summary: `You did not say anything on this call with ${scenario.prospect.name}. Try again: introduce yourself, ask questions and propose a next step.`,
    generator: 'offline',
  };
}

/** Score a transcript by rules (no network). */
export function scoreOffline(input: FeedbackInput): CallFeedback {
  const { scenario, transcript } = input;
  const rep = transcript.flatMap((t, index) => (t.role === 'rep' && t.text.trim() ? [{ text: t.text.trim(), index }] : []));
  if (rep.length === 0) return emptyCall(scenario);
  const facts: Facts = { scenario, transcript, rep, prospectFirst: firstNameOf(scenario.prospect.name), seller: input.seller };
  const assessments = CRITERIA.map((c) => ASSESSORS[c](facts));
  const rubric: RubricScore[] = assessments.map((a) => {
    const item = scenario.rubric[a.criterion];
    return { criterion: a.criterion, label: item.label, score: Math.round(a.ratio * item.max), max: item.max, note: a.note };
  });
  const total = rubric.reduce((n, r) => n + r.score, 0);
  const maxTotal = rubric.reduce((n, r) => n + r.max, 0);
  const score = Math.max(0, Math.min(100, Math.round((total / maxTotal) * 100)));
  // Tips where the most points were lost (ties: rubric order), so the advice is worth the most.
  const lost = (a: Assessment) => (1 - a.ratio) * scenario.rubric[a.criterion].max;
  const ranked = [...assessments].sort((a, b) => lost(b) - lost(a) || CRITERIA.indexOf(a.criterion) - CRITERIA.indexOf(b.criterion));
  const tips = ranked.slice(0, 3).map((a) => a.tip);
  const best = [...assessments].sort((a, b) => b.ratio - a.ratio)[0]!;
  const worst = [...assessments].sort((a, b) => a.ratio - b.ratio)[0]!;
  const label = (c: Criterion) => scenario.rubric[c].label.toLowerCase();
  const summary =
    best.ratio === worst.ratio
      ? `${score}/100 on "${scenario.title}" with ${scenario.prospect.name}.`
      : `${score}/100 on "${scenario.title}" with ${scenario.prospect.name}. Strongest: ${label(best.criterion)}. Work on: ${label(worst.criterion)}.`;
  return { score, rubric, tips, summary, generator: 'offline' };
}

export function createOfflineFeedbackWriter(): FeedbackWriter {
  return {
    kind: 'offline',
    score: async (input, signal) => {
      if (signal.aborted) throw signal.reason;
      return scoreOffline(input);
    },
  };
}
