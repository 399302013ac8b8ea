import { SCENARIOS, toScenarioSummary } from '../practice';

/**
 * What a reminder suggests practising: a scenario from the practice-call library (only what the rep
 * may see: title, situation, goal — never the hidden objections).
 * The same day gives the same scenario on every server process; consecutive days differ.
 */
export function practiceFocusFor(slot: Date): string {
  const day = Math.floor(slot.getTime() / 86_400_000);
  const scenario = toScenarioSummary(SCENARIOS[day % SCENARIOS.length]!);
  return `${scenario.title}: ${scenario.summary} Your goal: ${scenario.goal}`;
}
