import { createOpenAiGenerator } from '../../server/src/features/generation/openai-generator';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { startTestApp, type TestApp } from './test-app';

export interface LlmTestApp {
  fake: FakeOpenAi;
  app: TestApp;
  close(): Promise<void>;
}

/** The app with the LLM writer pointed at the loopback OpenAI-compatible fake, with short retries for tests. */
export async function startLlmTestApp(options: { model?: string; retryBaseMs?: number; maxAttempts?: number } = {}): Promise<LlmTestApp> {
  const fake = await startFakeOpenAi();
  const app = await startTestApp({
    deps: {
      generator: createOpenAiGenerator({
        baseUrl: fake.url,
        apiKey: 'sk-test',
        model: options.model ?? 'fake',
        idleTimeoutMs: 2000,
        retryBaseMs: options.retryBaseMs ?? 5,
        maxAttempts: options.maxAttempts ?? 2,
      }),
    },
  });
  return {
    fake,
    app,
    async close() {
      await app.close();
      await fake.close();
    },
  };
}
