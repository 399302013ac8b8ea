/**
 * The deterministic prospect (no network): replays the conversation through a small state machine
 * built from the scenario — greeting → reaction to the opener → the hidden objections one at a time →
 * agreement once they are answered and the rep proposes a concrete time → goodbye. Wording varies by
 * a hash of the scenario and the turn number, never by Math.random, so a conversation replays exactly.
 */
import type { TranscriptTurn } from '@shared/schemas/calls';
import { addressesObjection, openerSignals, proposalIn, questionsIn, saysGoodbye, wordCount } from './conversation-signals';
import {
  productPhrase,
  timeIsUp,
  type ProductPhrase,
  wordTokens,
  type EndReason,
  type ProspectEngine,
  type ProspectEvent,
  type ProspectTurnInput,
} from './prospect-engine';
import type { Scenario } from './scenarios';

/** After this many rep turns that move nothing forward, the prospect ends the call (hard prospects sooner). */
const MAX_STALLS: Record<Scenario['difficulty'], number> = { easy: 6, medium: 5, hard: 4 };
/** Times the prospect presses one objection before letting it drop (unanswered). */
const MAX_PUSHBACKS = 2;

interface CallState {
  opened: boolean;
  openerTries: number;
  repName: string | null;
  /** Objections raised so far (the next one to raise is `raised`). */
  raised: number;
  pending: number | null;
  pushbacks: number;
  /** Times the open objection was repeated (alternates its follow-up and its first wording). */
  reminders: number;
  answered: boolean[];
  factsShared: number;
  stalls: number;
}

interface Turn {
  text: string;
  end?: EndReason;
}

/** FNV-1a: a stable small hash for choosing wording. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function firstName(full: string): string {
  return full.split(/\s+/)[0] ?? full;
}

function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

class Speaker {
  constructor(
    private readonly scenario: Scenario,
    private readonly turnNo: number,
    readonly product: ProductPhrase | null,
  ) {}

  pick(kind: string, options: readonly string[]): string {
    return options[hash(`${this.scenario.id}:${this.turnNo}:${kind}`) % options.length]!;
  }

  get prospect() {
    return this.scenario.prospect;
  }

  /** "your payroll software" or "your product". */
  get yourProduct(): string {
    return `your ${this.product?.bare ?? 'product'}`;
  }
}

function greeting(s: Speaker): string {
  const p = s.prospect;
  return s.pick('greet', [
    `${p.name} speaking.`,
    `Hello, this is ${firstName(p.name)}.`,
    `${p.company}, ${firstName(p.name)} speaking.`,
    `Hi, ${p.name} here.`,
  ]);
}

function hello(s: Speaker, repName: string | null): string {
  return repName
    ? s.pick('hello', [`Hi ${repName}.`, `Okay, ${repName}.`, `Right, ${repName}.`])
    : s.pick('hello', ['Okay.', 'Right.', 'Alright.']);
}

function askWhoAndWhy(s: Speaker, introduced: boolean, reason: boolean): string {
  if (!introduced && !reason)
    return s.pick('who-why', ["Sorry, who is this? And what's this about?", "I'm sorry, who's calling, and why?"]);
  if (!introduced) return s.pick('who', ['Sorry, who am I speaking with?', "Sorry, I didn't catch your name or your company."]);
  return s.pick('why', ['Okay. And why are you calling me?', 'Right. What is this about, exactly?']);
}

function productNod(s: Speaker): string {
  if (!s.product) return s.pick('nod-generic', ['I get a lot of these calls.', 'Okay.', 'I see.']);
  const what = s.product.phrase;
  return s.pick('nod', [`So this is about ${what}.`, `${capitalize(what)}, okay.`, `Hm, ${what}.`]);
}

function acknowledge(s: Speaker): string {
  return s.pick('ack', [
    'Okay, that is fair.',
    'Alright, that helps.',
    'Hm, that is a reasonable answer.',
    'Fair enough.',
    'Okay, I can see that.',
  ]);
}

function segue(s: Speaker): string {
  return s.pick('segue', ['', 'Another thing, though.', 'But there is something else.', 'Still, one more concern.']);
}

function pushback(s: Speaker): string {
  return s.pick('push', [
    "That doesn't really answer my question.",
    "I hear you, but that's not what I asked.",
    "Hm. You're not really getting to my point.",
  ]);
}

function inviteNextStep(s: Speaker): string {
  return s.pick('invite', [
    'So what are you suggesting?',
    'What would the next step look like?',
    `If ${s.yourProduct} really does that, what do you propose?`,
  ]);
}

function askForConcreteTime(s: Speaker): string {
  return s.pick('when', [
    'So what exactly do you have in mind, and when?',
    "Give me a day and a time, and I'll check my calendar.",
    'When were you thinking, exactly?',
  ]);
}

function agree(s: Speaker, time: string, repName: string | null): string {
  const bye = repName ? `Talk then, ${repName}.` : 'Talk then.';
  return s.pick('agree', [
    `${capitalize(time)} works. Send me an invite and keep it to thirty minutes, please. ${bye}`,
    `Okay, let's do ${time}. Put it in my calendar, and bring specifics for ${s.prospect.company}. ${bye}`,
    `Alright, ${time} it is. Send me a short agenda beforehand. ${bye}`,
  ]);
}

function goodbye(s: Speaker, repName: string | null): string {
  const name = repName ? `, ${repName}` : '';
  return s.pick('bye', [
    `Alright. Thanks for calling${name}. Goodbye.`,
    `Okay. Send me an e-mail if you like. Bye${name}.`,
    `No problem. Take care${name}.`,
  ]);
}

function wrapUp(s: Speaker, repName: string | null): string {
  return s.pick('wrap', [
    `I'm afraid we're out of time. I have to jump into another meeting. Send me an e-mail${repName ? `, ${repName}` : ''}. Goodbye.`,
    'Sorry, I have to stop here, my next meeting is starting. Follow up by e-mail. Bye.',
  ]);
}

function hangUp(s: Speaker): string {
  return s.pick('hang-up', [
    "Look, I don't think this is going anywhere today. Send me something in writing. Goodbye.",
    "I'm going to stop you there. This isn't for us right now. Thanks, bye.",
  ]);
}

function shareFact(state: CallState, scenario: Scenario): string | null {
  const fact = scenario.discoveryFacts[state.factsShared];
  if (fact === undefined) return null;
  state.factsShared += 1;
  return fact;
}

function join(...parts: (string | null | undefined)[]): string {
  return parts.filter((p): p is string => !!p && p.trim().length > 0).join(' ');
}

/** Press the open objection again, not word for word each time. */
function press(state: CallState, scenario: Scenario): string {
  const objection = scenario.hiddenObjections[state.pending!]!;
  state.reminders += 1;
  return state.reminders % 2 === 1 ? objection.followUp : objection.line;
}

/** Raise the next objection (the caller checked one is left). */
function raiseNext(state: CallState, scenario: Scenario): string {
  const index = state.raised;
  state.raised += 1;
  state.pending = index;
  state.pushbacks = 0;
  state.reminders = 0;
  return scenario.hiddenObjections[index]!.line;
}

/** The rep turn moved the prospect through the call; returns the prospect's answer to it. */
function step(state: CallState, scenario: Scenario, repText: string, s: Speaker): Turn {
  const objections = scenario.hiddenObjections;

  if (!state.opened) {
    const o = openerSignals(repText);
    state.repName = state.repName ?? o.repName;
    if ((!o.introduced || !o.reason) && state.openerTries < 1 && !saysGoodbye(repText)) {
      state.openerTries += 1;
      return { text: askWhoAndWhy(s, o.introduced, o.reason) };
    }
    state.opened = true;
    if (saysGoodbye(repText)) return { text: goodbye(s, state.repName), end: 'rep-closed' };
    return { text: join(hello(s, state.repName), productNod(s), raiseNext(state, scenario)) };
  }

  if (saysGoodbye(repText)) return { text: goodbye(s, state.repName), end: 'rep-closed' };
  state.repName = state.repName ?? openerSignals(repText).repName;
  const proposal = proposalIn(repText);
  const asked = questionsIn(repText);

  if (state.pending !== null) {
    const objection = objections[state.pending]!;
    if (addressesObjection(objection, repText)) {
      state.answered[state.pending] = true;
      state.pending = null;
      return afterObjections(state, scenario, s, proposal, acknowledge(s));
    }
    // A question about something else: answer it, then come back to the open concern.
    if (asked.open.length > 0) {
      const fact = shareFact(state, scenario);
      if (fact)
        return {
          text: join(fact, s.pick('back', ['But coming back to my point.', 'But back to my question.', 'Anyway.']), press(state, scenario)),
        };
    }
    state.pushbacks += 1;
    state.stalls += 1;
    if (state.stalls >= MAX_STALLS[scenario.difficulty]) return { text: hangUp(s), end: 'prospect-ended' };
    if (state.pushbacks > MAX_PUSHBACKS) {
      state.pending = null;
      return afterObjections(
        state,
        scenario,
        s,
        proposal,
        s.pick('drop', ["Fine, let's leave that for now.", "Okay, we won't solve that today."]),
      );
    }
    const lead = proposal.concrete ? 'Before we put anything in the calendar, I need an answer.' : pushback(s);
    return { text: join(lead, press(state, scenario)) };
  }

  // No open objection: discovery answers, the next objection, or the next step.
  if (asked.open.length > 0 && !proposal.concrete) {
    const fact = shareFact(state, scenario);
    if (fact) {
      const more = state.raised < objections.length && state.factsShared >= 2 ? join(segue(s), raiseNext(state, scenario)) : null;
      return { text: join(fact, more) };
    }
  }
  return afterObjections(state, scenario, s, proposal, wordCount(repText) > 60 ? "That's a lot to take in." : null);
}

/** With no objection open: raise the next, re-open a dropped one, agree, or ask for a concrete step. */
function afterObjections(
  state: CallState,
  scenario: Scenario,
  s: Speaker,
  proposal: ReturnType<typeof proposalIn>,
  lead: string | null,
): Turn {
  const objections = scenario.hiddenObjections;
  if (state.raised < objections.length) {
    const prefix = proposal.concrete ? 'Hold on, before we book anything.' : segue(s);
    return { text: join(lead, prefix, raiseNext(state, scenario)) };
  }
  const unanswered = state.answered.findIndex((a) => !a);
  if (proposal.concrete && proposal.time) {
    if (unanswered >= 0) {
      state.pending = unanswered;
      state.pushbacks = 0;
      state.reminders = 0;
      state.stalls += 1;
      if (state.stalls >= MAX_STALLS[scenario.difficulty]) return { text: hangUp(s), end: 'prospect-ended' };
      return { text: join(lead, "Before I agree to anything, I'm still not convinced.", press(state, scenario)) };
    }
    return { text: join(lead, agree(s, proposal.time, state.repName)), end: 'next-step-agreed' };
  }
  state.stalls += 1;
  if (state.stalls >= MAX_STALLS[scenario.difficulty]) return { text: hangUp(s), end: 'prospect-ended' };
  if (proposal.meeting) return { text: join(lead, askForConcreteTime(s)) };
  return { text: join(lead, inviteNextStep(s)) };
}

/** The prospect's next turn for this transcript (pure: same input, same turn). */
export function offlineProspectTurn(input: ProspectTurnInput): Turn {
  const { scenario, transcript } = input;
  const repTurns = transcript.filter((t: TranscriptTurn) => t.role === 'rep' && t.text.trim());
  const product = productPhrase(input.seller);
  const state: CallState = {
    opened: false,
    openerTries: 0,
    repName: null,
    raised: 0,
    pending: null,
    pushbacks: 0,
    reminders: 0,
    answered: scenario.hiddenObjections.map(() => false),
    factsShared: 0,
    stalls: 0,
  };
  if (repTurns.length === 0) {
    const s = new Speaker(scenario, 0, product);
    if (transcript.some((t) => t.role === 'prospect')) {
      // The prospect already answered and the rep has said nothing yet.
      return timeIsUp(input)
        ? { text: wrapUp(s, null), end: 'time-limit' }
        : { text: s.pick('hello?', ['Hello? Is anyone there?', 'Hello? Can you hear me?']) };
    }
    return { text: greeting(s) };
  }
  let turn: Turn = { text: '' };
  for (const [i, rep] of repTurns.entries()) {
    const s = new Speaker(scenario, i + 1, product);
    turn = step(state, scenario, rep.text, s);
    if (turn.end && i < repTurns.length - 1) break; // the call already ended; later rep turns get the same goodbye
  }
  if (!turn.end && timeIsUp(input)) {
    return { text: wrapUp(new Speaker(scenario, repTurns.length, product), state.repName), end: 'time-limit' };
  }
  return turn;
}

export function createOfflineProspect(): ProspectEngine {
  return {
    kind: 'offline',
    async *reply(input: ProspectTurnInput, signal: AbortSignal): AsyncIterable<ProspectEvent> {
      const turn = offlineProspectTurn(input);
      for (const token of wordTokens(turn.text)) {
        if (signal.aborted) throw signal.reason;
        yield { type: 'token', text: token };
      }
      if (signal.aborted) throw signal.reason;
      if (turn.end) yield { type: 'end', reason: turn.end };
    },
  };
}
