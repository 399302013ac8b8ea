import type { Config } from '../../config';
import { withCommunicationStyle } from './communication-style';
import { createOfflineGenerator } from './offline-generator';
import { createOpenAiGenerator } from './openai-generator';
import type { TextGenerator } from './text-generator';

/** LLM_BASE_URL set → the OpenAI-compatible writer; otherwise the offline writer (no network needed). */
export function createTextGenerator(config: Config): TextGenerator {
  if (!config.LLM_BASE_URL) return withCommunicationStyle(createOfflineGenerator());
  return createOpenAiGenerator({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    idleTimeoutMs: config.LLM_TIMEOUT_MS,
  });
}
