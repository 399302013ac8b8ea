import { z } from 'zod';
import type { RubricScore, ScenarioSummary } from '@shared/schemas/calls';
import scenarioData from './scenarios.json';

/** The five rubric criteria, in the order feedback lists them (shared/schemas/calls.ts rubricScoreSchema). */
export const CRITERIA = [
  'opener',
  'discovery',
  'objections',
  'talk_listen',
  'next_step',
] as const satisfies readonly RubricScore['criterion'][];
export type Criterion = (typeof CRITERIA)[number];

const text = z.string().trim().min(1);

const rubricItemSchema = z.object({
  label: text,
  /** What a reviewer looks for in this scenario. */
  lookFor: text,
  max: z.number().int().min(1).max(100),
});

const hiddenObjectionSchema = z.object({
  /** Short noun phrase the prospect and the feedback can name ("the spending freeze"). */
  topic: text,
  /** What the prospect says when raising it (spoken, first person). */
  line: text,
  /** A shorter way to press the point when the rep dodged it (spoken, first person). */
  followUp: text,
  /** What a good answer sounds like (for the LLM prompt and the feedback tips). */
  goodAnswer: text,
  /** Lower-case words/phrases that show the rep addressed it (offline detection; matched at word starts). */
  keywords: z.array(text.toLowerCase()).min(1),
});
export type HiddenObjection = z.infer<typeof hiddenObjectionSchema>;

export const scenarioSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{3,64}$/),
    title: text,
    summary: text,
    difficulty: z.enum(['easy', 'medium', 'hard']),
    prospect: z.object({
      name: text,
      role: text,
      company: text,
      industry: text,
      mood: text,
      background: text,
    }),
    /** Facts the prospect reveals when the rep asks good questions (first person, one sentence each). */
    discoveryFacts: z.array(text).min(2).max(5),
    hiddenObjections: z.array(hiddenObjectionSchema).min(2).max(4),
    agreesWhen: text,
    repGoal: text,
    rubric: z.object({
      opener: rubricItemSchema,
      discovery: rubricItemSchema,
      objections: rubricItemSchema,
      talk_listen: rubricItemSchema,
      next_step: rubricItemSchema,
    }),
  })
  .refine((s) => CRITERIA.reduce((sum, c) => sum + s.rubric[c].max, 0) === 100, {
    error: 'rubric max points must add up to 100',
    path: ['rubric'],
  });
export type Scenario = z.infer<typeof scenarioSchema>;

/** Validate the scenario library; throws naming the scenario and the field when the data is wrong. */
export function parseScenarios(data: unknown): Scenario[] {
  const result = z.array(scenarioSchema).min(1).safeParse(data);
  if (!result.success) {
    const list = Array.isArray(data) ? (data as { id?: unknown }[]) : [];
    const lines = result.error.issues.map((issue) => {
      const [index, ...field] = issue.path;
      const id = typeof index === 'number' ? list[index]?.id : undefined;
      const where = typeof index === 'number' ? `scenario ${typeof id === 'string' ? `"${id}"` : `#${index + 1}`}` : 'scenario list';
      return `  ${where}${field.length ? ` ${field.join('.')}` : ''}: ${issue.message}`;
    });
    throw new Error(`Invalid practice scenarios:\n${lines.join('\n')}`);
  }
  const seen = new Set<string>();
  for (const s of result.data) {
    if (seen.has(s.id)) throw new Error(`Duplicate practice scenario id: ${s.id}`);
    seen.add(s.id);
  }
  return result.data;
}

export const SCENARIOS: readonly Scenario[] = Object.freeze(parseScenarios(scenarioData));

const byId = new Map(SCENARIOS.map((s) => [s.id, s]));

export function scenarioById(id: string): Scenario | undefined {
  return byId.get(id);
}

/** A random scenario, never `lastScenarioId` (so "Start" never repeats the previous quest). */
export function pickScenario(lastScenarioId: string | null, random: () => number = Math.random): Scenario {
  const pool = SCENARIOS.filter((s) => s.id !== lastScenarioId);
  const index = Math.min(pool.length - 1, Math.floor(Math.max(0, random()) * pool.length));
  return pool[index] ?? SCENARIOS[0]!;
}

/** What the rep sees: no hidden objections, no agreement condition. */
export function toScenarioSummary(scenario: Scenario): ScenarioSummary {
  return {
    id: scenario.id,
    title: scenario.title,
    summary: scenario.summary,
    prospectName: scenario.prospect.name,
    prospectRole: scenario.prospect.role,
    company: scenario.prospect.company,
    difficulty: scenario.difficulty,
    goal: scenario.repGoal,
  };
}
