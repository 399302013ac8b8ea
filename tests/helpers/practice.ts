/** Helpers for driving a practice-call prospect engine turn by turn in tests. */
import type { TranscriptTurn } from '@shared/schemas/calls';
import type { EndReason, ProspectEngine, ProspectTurnInput, SellerContext } from '../../server/src/features/practice/prospect-engine';
import type { Scenario } from '../../server/src/features/practice/scenarios';

export interface CollectedTurn {
  tokens: string[];
  text: string;
  end: EndReason | null;
}

/** Read one prospect turn to the end. */
export async function collectTurn(
  engine: ProspectEngine,
  input: ProspectTurnInput,
  signal = new AbortController().signal,
): Promise<CollectedTurn> {
  const tokens: string[] = [];
  let end: EndReason | null = null;
  for await (const event of engine.reply(input, signal)) {
    if (end) throw new Error('an event arrived after the end event');
    if (event.type === 'token') tokens.push(event.text);
    else end = event.reason;
  }
  return { tokens, text: tokens.join('').trim(), end };
}

export interface Conversation {
  transcript: TranscriptTurn[];
  prospectTurns: CollectedTurn[];
  end: EndReason | null;
}

/**
 * Greeting, then one prospect answer per rep line, until the prospect ends the call or the lines run out.
 * `elapsedSeconds(i)` gives the clock for the i-th prospect turn (0 = greeting).
 */
export async function converse(
  engine: ProspectEngine,
  scenario: Scenario,
  repLines: string[],
  options: { seller?: SellerContext; maxMinutes?: number; elapsedSeconds?: (turn: number) => number } = {},
): Promise<Conversation> {
  const transcript: TranscriptTurn[] = [];
  const prospectTurns: CollectedTurn[] = [];
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, i)).toISOString();
  const input = (turn: number): ProspectTurnInput => ({
    scenario,
    seller: options.seller ?? {},
    transcript: [...transcript],
    elapsedSeconds: options.elapsedSeconds?.(turn) ?? turn * 20,
    maxMinutes: options.maxMinutes ?? 10,
  });
  let turn = await collectTurn(engine, input(0));
  prospectTurns.push(turn);
  transcript.push({ role: 'prospect', text: turn.text, at: at(transcript.length) });
  for (const [i, line] of repLines.entries()) {
    if (turn.end) break;
    transcript.push({ role: 'rep', text: line, at: at(transcript.length) });
    turn = await collectTurn(engine, input(i + 1));
    prospectTurns.push(turn);
    transcript.push({ role: 'prospect', text: turn.text, at: at(transcript.length) });
  }
  return { transcript, prospectTurns, end: turn.end };
}

/** A rep who answers every objection of the scenario with its own keywords, then proposes a time. */
export function skilledRepLines(scenario: Scenario): string[] {
  const first = scenario.prospect.name.split(' ')[0];
  return [
    `Hi ${first}, this is Sam from Ledgerly. I'm calling because we help teams like yours at ${scenario.prospect.company} cut manual work.`,
    ...scenario.hiddenObjections.map(
      (o) =>
        `That's a fair point. On ${o.keywords[0]}, here is what we do: ${o.keywords.slice(0, 3).join(', ')}, with a customer example to back it up.`,
    ),
    'How about Tuesday at 10am for a 30-minute call?',
  ];
}
