/**
 * What a reminder suggests practising. The practice-call scenario library (calls-engine branch) had
 * not landed when this was written: until it does, a rotating list of short call-skill tips.
 */
export const PRACTICE_TIPS: readonly string[] = [
  'Open with a reason for your call in one sentence, then ask permission to continue.',
  'Ask two open questions before you mention your product.',
  'When you hear "send me an e-mail", ask what they would look for in it.',
  'Practise handling "we already have a supplier" without arguing: get curious instead.',
  'Summarise what the prospect said before you propose a next step.',
  'End the call with a concrete next step and a date.',
  'Slow down: leave a full second of silence after each question.',
];

/** The same day gives the same tip on every server process; consecutive days differ. */
export function practiceFocusFor(slot: Date): string {
  const day = Math.floor(slot.getTime() / 86_400_000);
  return PRACTICE_TIPS[day % PRACTICE_TIPS.length]!;
}
