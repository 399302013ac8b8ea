/**
 * The LLM writer for `npm run eval -- --writer=llm`: the real endpoint when LLM_BASE_URL is set
 * (LLM_API_KEY, LLM_MODEL), else the loopback fake answering as a stand-in model. The writer is the
 * production one (prompts, checks with one retry, bounds), so what the evaluation scores is what
 * a user would be shown as Ready.
 */
import { boundGenerator } from '../../../server/src/features/generation/bounded-generator';
import { createOpenAiGenerator } from '../../../server/src/features/generation/openai-generator';
import { QualityCheckFailed, type TextGenerator } from '../../../server/src/features/generation/text-generator';
import { startFakeOpenAi } from '../../fakes/openai-server';
import { writerModelRouter } from '../../fakes/openai-writer-model';

export interface EvalLlmWriter {
  generator: TextGenerator;
  /** Answers the checks refused twice (a user would have been refunded): they count as no text. */
  refused: string[];
  /** Where the text comes from, for the printout. */
  source: string;
  close(): Promise<void>;
}

/** Refused answers are recorded and give no text, so one refusal does not stop the evaluation. */
function countingRefusals(inner: TextGenerator, refused: string[]): TextGenerator {
  const refuse = (err: unknown) => {
    if (!(err instanceof QualityCheckFailed)) throw err;
    refused.push(err.message);
  };
  return {
    kind: inner.kind,
    async *icebreak(input, signal) {
      const chunks = [];
      try {
        // Whole answers only: a withdrawn (restarted) first answer is not part of the result.
        for await (const c of inner.icebreak(input, signal)) {
          if (c.restart) chunks.length = 0;
          else chunks.push(c);
        }
      } catch (err) {
        refuse(err);
        return;
      }
      yield* chunks;
    },
    linkedinDm: (input, signal) =>
      inner.linkedinDm(input, signal).catch((err: unknown) => (refuse(err), { connectionNote: '', message: '' })),
    coldCallScript: (input, signal) =>
      inner
        .coldCallScript(input, signal)
        .catch(
          (err: unknown) => (refuse(err), { opener: '', reason: '', value: '', discoveryQuestions: [], objectionHandling: [], close: '' }),
        ),
  };
}

export async function startEvalLlmWriter(env: NodeJS.ProcessEnv = process.env): Promise<EvalLlmWriter> {
  const limits = { deadlineMs: 120_000, idleMs: 60_000, maxOutputChars: 40_000 };
  if (env.LLM_BASE_URL) {
    const model = env.LLM_MODEL || 'gpt-4o-mini';
    const generator = createOpenAiGenerator({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model, idleTimeoutMs: limits.idleMs });
    const refused: string[] = [];
    const bounded = countingRefusals(boundGenerator(generator, limits), refused);
    return { generator: bounded, refused, source: `${env.LLM_BASE_URL} (${model})`, close: async () => undefined };
  }
  const fake = await startFakeOpenAi();
  fake.setRouter(writerModelRouter);
  const generator = createOpenAiGenerator({ baseUrl: fake.url, apiKey: 'sk-eval', model: 'fake-model', idleTimeoutMs: limits.idleMs });
  const refused: string[] = [];
  const bounded = countingRefusals(boundGenerator(generator, limits), refused);
  return { generator: bounded, refused, source: 'the loopback fake (a stand-in model)', close: () => fake.close() };
}
