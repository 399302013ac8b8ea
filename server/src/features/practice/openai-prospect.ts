/**
 * The LLM prospect: any OpenAI-compatible Chat Completions endpoint plays the scenario's persona,
 * streamed. The model ends a call by writing END_CALL_MARKER, which is never spoken.
 */
import type { ChatMessage, OpenAiOptions } from '../generation';
import { streamChatCompletion } from '../generation';
import { agreesToNextStep, proposalIn, saysGoodbye } from './conversation-signals';
import { timeIsUp, type EndReason, type ProspectEngine, type ProspectEvent, type ProspectTurnInput } from './prospect-engine';

export const END_CALL_MARKER = '[END_CALL]';
/** A spoken turn is ≤ ~40 words; this caps a model that rambles. */
export const PROSPECT_MAX_TOKENS = 120;

function sellerLines(input: ProspectTurnInput): string {
  const { seller } = input;
  const lines = [
    seller.aboutMe?.trim() && `What the caller told us about themselves and what they sell: ${seller.aboutMe.trim()}`,
    seller.contentPreferences?.trim() && `How the caller likes to communicate: ${seller.contentPreferences.trim()}`,
  ].filter(Boolean);
  return lines.length ? lines.join('\n') : 'You do not know yet what the caller sells; find out from what they say.';
}

/** System prompt + transcript as chat messages (rep = user, prospect = assistant). */
export function prospectMessages(input: ProspectTurnInput): ChatMessage[] {
  const { scenario } = input;
  const p = scenario.prospect;
  const objections = scenario.hiddenObjections.map((o, i) => `${i + 1}. "${o.line}" (a good answer: ${o.goodAnswer})`).join('\n');
  const system = [
    `You are ${p.name}, ${p.role} at ${p.company} (${p.industry}). A sales rep is cold-calling you. This is a practice call: play the prospect realistically.`,
    `Your mood: ${p.mood}.`,
    `Background: ${p.background}`,
    `Things you can share when the rep asks good questions: ${scenario.discoveryFacts.join(' ')}`,
    `The caller: ${sellerLines(input)}`,
    'React to what the caller actually sells, in your own words.',
    `Your concerns, raise them one at a time in this order, and only move on when the rep answers the current one well:\n${objections}`,
    `You agree to a next step only when: ${scenario.agreesWhen}`,
    'Rules: speak like a person on the phone — one to three short sentences, at most 40 words. No lists, no markdown, no stage directions, no name labels. Never say you are an AI, never coach the rep, never break character.',
    `When the call is over — the rep says goodbye, you have agreed on a next step and said goodbye, or you decide to hang up — end your turn with ${END_CALL_MARKER}.`,
  ].join('\n\n');
  const messages: ChatMessage[] = [{ role: 'system', content: system }];
  for (const turn of input.transcript) {
    if (!turn.text.trim()) continue;
    messages.push({ role: turn.role === 'rep' ? 'user' : 'assistant', content: turn.text.trim() });
  }
  if (input.transcript.length === 0) messages.push({ role: 'user', content: '(Your phone rings and you pick up. Answer it.)' });
  if (timeIsUp(input)) {
    messages.push({
      role: 'system',
      content: `The call has reached its time limit. Wrap up politely in one or two sentences, say goodbye, and end with ${END_CALL_MARKER}.`,
    });
  }
  return messages;
}

/** Why the call ended, read from the last turns once the model (or the clock) ended it. */
export function endReasonFor(input: ProspectTurnInput, prospectText: string): EndReason {
  if (timeIsUp(input)) return 'time-limit';
  const lastRep = [...input.transcript].reverse().find((t) => t.role === 'rep')?.text ?? '';
  if (saysGoodbye(lastRep)) return 'rep-closed';
  const proposed = input.transcript.some((t) => t.role === 'rep' && proposalIn(t.text).concrete);
  if (proposed && agreesToNextStep(prospectText)) return 'next-step-agreed';
  return 'prospect-ended';
}

/**
 * Removes the end marker from streamed text, even when it arrives split across chunks ("[END", "_CALL]"):
 * text that could still become the marker is held back until the next chunk decides it.
 */
export function createMarkerFilter(marker = END_CALL_MARKER) {
  let held = '';
  let ended = false;
  const upper = marker.toUpperCase();
  return {
    get ended() {
      return ended;
    },
    /** Text safe to speak now. */
    push(chunk: string): string {
      if (ended) return '';
      held += chunk;
      const at = held.toUpperCase().indexOf(upper);
      if (at >= 0) {
        ended = true;
        const out = held.slice(0, at);
        held = '';
        return out;
      }
      const open = held.lastIndexOf('[');
      if (open >= 0 && upper.startsWith(held.slice(open).toUpperCase())) {
        const out = held.slice(0, open);
        held = held.slice(open);
        return out;
      }
      const out = held;
      held = '';
      return out;
    },
    /** The end of the stream: a dangling start of the marker counts as the marker. */
    flush(): string {
      if (ended) return '';
      const out = held;
      held = '';
      if (out.length >= 4 && upper.startsWith(out.toUpperCase())) {
        ended = true;
        return '';
      }
      return out;
    },
  };
}

/**
 * Drops a speaker label the model may put first ("Dana:", "Prospect:") — it would be spoken aloud.
 * Holds the start of the turn only while it could still be such a label, so the first word is not delayed.
 */
export function createLabelFilter(labels: string[]) {
  const candidates = labels.map((l) => `${l.toLowerCase()}:`);
  let held = '';
  let decided = false;
  return {
    push(chunk: string): string {
      if (decided) return chunk;
      held += chunk;
      const start = held.trimStart().toLowerCase();
      if (!start) return '';
      const label = candidates.find((c) => start.startsWith(c));
      if (label) {
        const rest = held.trimStart().slice(label.length).trimStart();
        if (!rest) return ''; // wait for the first spoken word
        decided = true;
        held = '';
        return rest;
      }
      if (candidates.some((c) => c.startsWith(start))) return '';
      decided = true;
      const out = held.trimStart();
      held = '';
      return out;
    },
    flush(): string {
      if (decided) return '';
      decided = true;
      const out = held.trimStart();
      held = '';
      return candidates.some((c) => out.toLowerCase() === c) ? '' : out;
    },
  };
}

export function createOpenAiProspect(options: OpenAiOptions): ProspectEngine {
  const turnOptions: OpenAiOptions = { ...options, maxTokens: PROSPECT_MAX_TOKENS, temperature: options.temperature ?? 0.8 };
  return {
    kind: 'openai',
    async *reply(input: ProspectTurnInput, signal: AbortSignal): AsyncIterable<ProspectEvent> {
      const { name } = input.scenario.prospect;
      const marker = createMarkerFilter();
      const label = createLabelFilter([name, name.split(' ')[0]!, 'Prospect', 'Assistant']);
      let spoken = '';
      for await (const piece of streamChatCompletion(turnOptions, prospectMessages(input), signal)) {
        const text = label.push(marker.push(piece));
        if (text) {
          spoken += text;
          yield { type: 'token', text };
        }
        if (marker.ended) break; // anything after the marker is not part of the call
      }
      const rest = label.push(marker.flush()) + label.flush();
      if (rest.trim()) {
        spoken += rest;
        yield { type: 'token', text: rest };
      }
      if (marker.ended || timeIsUp(input)) yield { type: 'end', reason: endReasonFor(input, spoken) };
    },
  };
}
