/**
 * The LLM coach: asks an OpenAI-compatible endpoint for a JSON score against the scenario's rubric,
 * validates it with the shared schema, and falls back to the offline rules when the answer is
 * unusable (malformed, incomplete, or the service failed) — the rep always gets feedback.
 */
import { callFeedbackSchema, type CallFeedback, type RubricScore } from '@shared/schemas/calls';
import * as z from 'zod/mini';
import { completeChat, jsonSchemaOf, type ChatMessage, type JsonSchemaFormat, type OpenAiOptions } from '../generation';
import { scoreOffline, type FeedbackInput, type FeedbackWriter } from './feedback';
import { CRITERIA } from './scenarios';

export const FEEDBACK_MAX_TOKENS = 900;

/** What the model must return (the shared shape without `generator`, which we set). */
const modelAnswerSchema = z.extend(z.omit(callFeedbackSchema, { generator: true }), {
  tips: z.array(z.string().check(z.trim(), z.minLength(1))).check(z.length(3)),
});

/** The same shape as a strict JSON schema for `response_format: json_schema`, from the zod schema itself. */
export const FEEDBACK_JSON_SCHEMA: JsonSchemaFormat = jsonSchemaOf('call_feedback', modelAnswerSchema);

export function feedbackMessages(input: FeedbackInput): ChatMessage[] {
  const { scenario } = input;
  const rubric = CRITERIA.map(
    (c) => `- ${c} ("${scenario.rubric[c].label}", max ${scenario.rubric[c].max}): ${scenario.rubric[c].lookFor}`,
  ).join('\n');
  const objections = scenario.hiddenObjections.map((o) => `- ${o.topic}: ${o.goodAnswer}`).join('\n');
  const transcript = input.transcript
    .filter((t) => t.text.trim())
    .map((t) => `${t.role === 'rep' ? 'REP' : 'PROSPECT'}: ${t.text.trim()}`)
    .join('\n');
  const system = [
    'You are a sales coach scoring a practice cold call. Be fair, specific and brief.',
    `Scenario: "${scenario.title}". Prospect: ${scenario.prospect.name}, ${scenario.prospect.role} at ${scenario.prospect.company}. The rep's goal: ${scenario.repGoal}`,
    `Rubric (score each criterion from 0 to its max):\n${rubric}`,
    `The prospect's hidden objections and what good answers sound like:\n${objections}`,
    `The prospect agrees to a next step when: ${scenario.agreesWhen}`,
    [
      'Answer with one JSON object only, no prose around it:',
      '{"score": <0-100, the sum of the rubric scores>,',
      ' "rubric": [{"criterion": "opener"|"discovery"|"objections"|"talk_listen"|"next_step", "label": string, "score": integer, "max": integer, "note": one sentence}] (all five criteria, once each),',
      ' "tips": [exactly 3 concrete tips; each quotes the rep\'s own words in double quotes, then says what to say instead],',
      ' "summary": two sentences}',
    ].join('\n'),
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Transcript:\n${transcript}` },
  ];
}

/** The JSON object in the answer, validated and reconciled with the scenario's rubric; null if unusable. */
export function parseFeedbackAnswer(input: FeedbackInput, text: string): CallFeedback | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = modelAnswerSchema.safeParse(value);
  if (!parsed.success) return null;
  const { scenario } = input;
  const rubric: RubricScore[] = [];
  for (const criterion of CRITERIA) {
    const entries = parsed.data.rubric.filter((r) => r.criterion === criterion);
    if (entries.length !== 1) return null;
    const item = scenario.rubric[criterion];
    // The scenario owns labels and maxima; the model only judges.
    rubric.push({
      criterion,
      label: item.label,
      max: item.max,
      score: Math.min(item.max, entries[0]!.score),
      note: entries[0]!.note.trim(),
    });
  }
  const total = rubric.reduce((n, r) => n + r.score, 0);
  const maxTotal = rubric.reduce((n, r) => n + r.max, 0);
  return {
    score: Math.round((total / maxTotal) * 100),
    rubric,
    tips: parsed.data.tips.map((t) => t.trim()),
    summary: parsed.data.summary.trim(),
    generator: 'openai',
  };
}

export function createOpenAiFeedbackWriter(options: OpenAiOptions, onFallback?: (reason: string) => void): FeedbackWriter {
  const scoreOptions: OpenAiOptions = { ...options, maxTokens: FEEDBACK_MAX_TOKENS, jsonSchema: FEEDBACK_JSON_SCHEMA, temperature: 0.2 };
  return {
    kind: 'openai',
    async score(input, signal) {
      // Nothing said: nothing for a model to judge.
      if (!input.transcript.some((t) => t.role === 'rep' && t.text.trim())) return scoreOffline(input);
      let answer: string;
      try {
        answer = await completeChat(scoreOptions, feedbackMessages(input), signal);
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        onFallback?.(`the AI service failed: ${(err as Error).message}`);
        return scoreOffline(input);
      }
      const feedback = parseFeedbackAnswer(input, answer);
      if (feedback) return feedback;
      onFallback?.('the AI service answered with unusable feedback JSON');
      return scoreOffline(input);
    },
  };
}
