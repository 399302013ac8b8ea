import type { Config } from '../../config';
import { withCommunicationStyle } from './communication-style';
import { createOfflineGenerator } from './offline-generator';
import { createOpenAiGenerator } from './openai-generator';
import { warmUpLinter } from './quality/lint-text';
import type { TextGenerator } from './text-generator';

/**
 * LLM_BASE_URL set → the OpenAI-compatible writer; otherwise the offline writer (no network needed).
 * `warmUp` (the server process: main.ts) starts Harper now: every answer is checked by it before it is
 * shown, the LLM's (answer-check.ts) and the offline writer's (writer/grammar-gate.ts), and its WASM
 * takes seconds to start. An app made in a test starts it on first use instead (or for the LLM writer,
 * whose answers have a deadline), so the files that never write text do not pay for it.
 */
export function createTextGenerator(config: Config, { warmUp = false } = {}): TextGenerator {
  if (warmUp || config.LLM_BASE_URL) warmUpLinter();
  if (!config.LLM_BASE_URL) return withCommunicationStyle(createOfflineGenerator());
  return createOpenAiGenerator({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    idleTimeoutMs: config.LLM_TIMEOUT_MS,
  });
}
