import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/fakes/openai-server';
import { streamChatCompletion, type OpenAiOptions } from './openai-chat-stream';
import { GenerationError } from './text-generator';

let fake: FakeOpenAi;
const messages = [{ role: 'user' as const, content: 'hi' }];
const opts = (over: Partial<OpenAiOptions> = {}): OpenAiOptions => ({
  baseUrl: fake.url,
  model: 'm',
  idleTimeoutMs: 2000,
  retryBaseMs: 5,
  ...over,
});

async function read(o: OpenAiOptions, signal = new AbortController().signal) {
  const out: string[] = [];
  for await (const p of streamChatCompletion(o, messages, signal)) out.push(p);
  return out;
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.release();
});

describe('streamChatCompletion (Chat Completions SSE over fetch)', () => {
  it('yields the content deltas in order', async () => {
    fake.enqueue({ chunks: ['Hel', 'lo', ' world'] });
    expect(await read(opts())).toEqual(['Hel', 'lo', ' world']);
  });

  it('an abort during the backoff wait stops at once, without another attempt', async () => {
    fake.enqueue({ status: 503 });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('caller left')), 100);
    await expect(read(opts({ retryBaseMs: 10_000 }), controller.signal)).rejects.toThrow('caller left');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.requests).toHaveLength(1);
  });

  it('an upstream that goes silent after the first token times out, and is not retried', async () => {
    fake.enqueue({ chunks: ['a', 'b'], holdAfter: 1 });
    const got: string[] = [];
    const run = (async () => {
      for await (const p of streamChatCompletion(opts({ idleTimeoutMs: 200 }), messages, new AbortController().signal)) got.push(p);
    })();
    await expect(run).rejects.toBeInstanceOf(GenerationError);
    expect(got).toEqual(['a']);
    expect(fake.requests).toHaveLength(1);
    await fake.requests[0]!.closed; // the stalled upstream request was closed by us
    expect(fake.requests[0]!.closedEarly).toBe(true);
  });

  it('honours Retry-After (capped by retryMaxMs)', async () => {
    fake.enqueue({ status: 429, retryAfter: '30' }, { chunks: ['ok'] });
    const started = Date.now();
    expect(await read(opts({ retryMaxMs: 150 }))).toEqual(['ok']);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(5000);
    expect(fake.requests).toHaveLength(2);
  });

  it('a refused connection is retried, then reported', async () => {
    await expect(read(opts({ baseUrl: 'http://127.0.0.1:1/v1', maxAttempts: 2 }))).rejects.toThrow(/could not be reached/);
  });
});
