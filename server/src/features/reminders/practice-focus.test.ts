import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../practice/scenarios';
import { practiceFocusFor } from './practice-focus';

describe('what a reminder suggests practising', () => {
  it("a library scenario's title, situation and goal, the same all day, another the next day", () => {
    const monday = practiceFocusFor(new Date('2026-02-02T07:00:00Z'));
    expect(practiceFocusFor(new Date('2026-02-02T20:00:00Z'))).toBe(monday);
    expect(practiceFocusFor(new Date('2026-02-03T07:00:00Z'))).not.toBe(monday);
    const scenario = SCENARIOS.find((s) => monday.startsWith(`${s.title}: `))!;
    expect(monday).toBe(`${scenario.title}: ${scenario.summary} Your goal: ${scenario.repGoal}`);
    // The prospect's hidden objections stay out of the e-mail.
    for (const o of scenario.hiddenObjections) expect(monday).not.toContain(o.line);
  });
});
