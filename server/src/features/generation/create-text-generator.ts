import type { Config } from '../../config';
import { withCommunicationStyle } from './communication-style';
import { createOfflineGenerator } from './offline-generator';
import { createOpenAiGenerator } from './openai-generator';
import { warmUpLinter } from './quality/lint-text';
import type { TextGenerator } from './text-generator';

/** LLM_BASE_URL set → the OpenAI-compatible writer; otherwise the offline writer (no network needed). */
export function createTextGenerator(config: Config): TextGenerator {
  // Every answer is checked by Harper before it is shown: the LLM's (answer-check.ts) and the offline
  // writer's (writer/grammar-gate.ts). Its WASM takes seconds to start, so it starts now.
  warmUpLinter();
  if (!config.LLM_BASE_URL) return withCommunicationStyle(createOfflineGenerator());
  return createOpenAiGenerator({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    idleTimeoutMs: config.LLM_TIMEOUT_MS,
  });
}
