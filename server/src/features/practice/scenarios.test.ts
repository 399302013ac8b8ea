import fc from 'fast-check';
import * as z from 'zod/mini';
import { scenarioSummarySchema } from '@shared/schemas/calls';
import { describe, expect, it } from 'vitest';
import scenarioData from './scenarios.json';
import { CRITERIA, parseScenarios, pickScenario, scenarioById, SCENARIOS, toScenarioSummary } from './scenarios';

describe('practice scenarios', () => {
  it('has at least 12 valid scenarios with unique ids, titles and prospects', () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(SCENARIOS.map((s) => s.id)).size).toBe(SCENARIOS.length);
    expect(new Set(SCENARIOS.map((s) => s.title)).size).toBe(SCENARIOS.length);
    expect(new Set(SCENARIOS.map((s) => s.prospect.name)).size).toBe(SCENARIOS.length);
    for (const d of ['easy', 'medium', 'hard'] as const) expect(SCENARIOS.some((s) => s.difficulty === d)).toBe(true);
  });

  it('every scenario has 2–4 hidden objections, each with a good answer, and a rubric over the five criteria worth 100', () => {
    for (const s of SCENARIOS) {
      expect(s.hiddenObjections.length).toBeGreaterThanOrEqual(2);
      expect(s.hiddenObjections.length).toBeLessThanOrEqual(4);
      for (const o of s.hiddenObjections) expect(o.goodAnswer.length).toBeGreaterThan(20);
      expect(Object.keys(s.rubric).sort()).toEqual([...CRITERIA].sort());
      expect(CRITERIA.reduce((n, c) => n + s.rubric[c].max, 0)).toBe(100);
    }
  });

  it('the loader refuses broken data, naming the problem', () => {
    const good = structuredClone(scenarioData) as { id: string; hiddenObjections: unknown[]; rubric: { opener: { max: number } } }[];
    const oneObjection = structuredClone(good);
    oneObjection[0]!.hiddenObjections = oneObjection[0]!.hiddenObjections.slice(0, 1);
    expect(() => parseScenarios(oneObjection)).toThrow(`scenario "${good[0]!.id}" hiddenObjections`);
    const badSum = structuredClone(good);
    badSum[0]!.rubric.opener.max += 1;
    expect(() => parseScenarios(badSum)).toThrow(`scenario "${good[0]!.id}" rubric: rubric max points must add up to 100`);
    const dup = structuredClone(good);
    dup[1]!.id = dup[0]!.id;
    expect(() => parseScenarios(dup)).toThrow(/Duplicate practice scenario id/);
    expect(parseScenarios(good)).toHaveLength(SCENARIOS.length);
  });

  it('scenarioById finds each scenario and nothing else', () => {
    for (const s of SCENARIOS) expect(scenarioById(s.id)).toBe(s);
    expect(scenarioById('no-such-quest')).toBeUndefined();
  });

  it('pickScenario never repeats the last scenario, whatever the random source says', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...SCENARIOS.map((s) => s.id)), fc.double({ min: 0, max: 1, noNaN: true }), (last, r) => {
        const picked = pickScenario(last, () => r);
        expect(picked.id).not.toBe(last);
        expect(SCENARIOS).toContain(picked);
      }),
      { numRuns: 2000 },
    );
  });

  it('pickScenario reaches every other scenario (random, not fixed)', () => {
    let seed = 42;
    const lcg = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const last = SCENARIOS[0]!.id;
    const seen = new Set(Array.from({ length: 2000 }, () => pickScenario(last, lcg).id));
    expect(seen.size).toBe(SCENARIOS.length - 1);
    expect(seen.has(last)).toBe(false);
  });

  it('a chain of picks never has the same scenario twice in a row', () => {
    let last: string | null = null;
    for (let i = 0; i < 1000; i++) {
      const next: string = pickScenario(last).id;
      expect(next).not.toBe(last);
      last = next;
    }
  });

  it('the summary matches the shared schema and never reveals hidden objections or the agreement condition', () => {
    for (const s of SCENARIOS) {
      const summary = toScenarioSummary(s);
      expect(z.strictObject(scenarioSummarySchema.shape).parse(summary)).toEqual(summary);
      const json = JSON.stringify(summary);
      for (const o of s.hiddenObjections) {
        expect(json).not.toContain(o.line);
        expect(json).not.toContain(o.goodAnswer);
      }
      expect(json).not.toContain(s.agreesWhen);
      expect(summary).toMatchObject({
        id: s.id,
        title: s.title,
        prospectName: s.prospect.name,
        company: s.prospect.company,
        goal: s.repGoal,
      });
    }
  });
});
