import type { Config } from '../../config';
import type { OpenAiOptions } from '../generation';
import { createOfflineFeedbackWriter, type FeedbackWriter } from './feedback';
import { createOfflineProspect } from './offline-prospect';
import { createOpenAiFeedbackWriter } from './openai-feedback';
import { createOpenAiProspect } from './openai-prospect';
import type { ProspectEngine } from './prospect-engine';

export interface PracticeEngine {
  prospect: ProspectEngine;
  feedback: FeedbackWriter;
}

/** LLM_BASE_URL set → the OpenAI-compatible prospect and coach; otherwise the offline ones (no network). */
export function createPracticeEngine(config: Config): PracticeEngine {
  if (!config.LLM_BASE_URL) return { prospect: createOfflineProspect(), feedback: createOfflineFeedbackWriter() };
  const options: OpenAiOptions = {
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    idleTimeoutMs: config.LLM_TIMEOUT_MS,
  };
  return { prospect: createOpenAiProspect(options), feedback: createOpenAiFeedbackWriter(options) };
}
