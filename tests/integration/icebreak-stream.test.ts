import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { PORTAL_MESSAGES } from '@shared/messages';
import type { StreamLine } from '@shared/schemas/icebreak';
import { STILL_PROCESSING_TEXT } from '../../server/src/features/icebreak/icebreak-routes';
import type { TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startLlmTestApp } from '../helpers/llm-test-app';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createOpenAiGenerator } from '../../server/src/features/generation/openai-generator';
import { DEFAULT_CHUNKS, type FakeOpenAi } from '../fakes/openai-server';

const DESCRIPTION = 'Jane Smith is the CTO at Acme Robotics in Berlin. She loves climbing and open-source hardware.';

let fake: FakeOpenAi;
let app: TestApp;
let user: TestUser;

async function credits() {
  return (await app.client(user).getCredits(user.email)).credits;
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  ({ fake, app } = await startLlmTestApp({ model: 'fake-model', retryBaseMs: 10, maxAttempts: 3 }));
  user = await app.signUp('Sam Seller');
  await app.client(user).updateSettings(user.email, {
    name: 'Sam Seller',
    aboutMe: 'I sell warehouse automation at LiftCo.',
    contentPreferences: 'Casual, concise.',
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

describe('Icebreak stream through an OpenAI-compatible upstream (loopback fake)', () => {
  it('streams sections in order; the first line arrives before the upstream has finished', async () => {
    const before = await credits();
    fake.enqueue({ chunks: DEFAULT_CHUNKS, holdAfter: 3 });
    const lines = await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'book a demo' });
    const received: StreamLine[] = [];
    // Read by hand (a for-await `break` would close the stream).
    for (let r = await lines.next(); !r.done; r = await lines.next()) {
      received.push(r.value);
      if (r.value.content.includes('Berlin expansion')) break;
    }
    // Still held upstream: the client already has text while generation is not over.
    expect(fake.requests[0]!.finished).toBe(false);
    expect(received[0]).toMatchObject({ content: '', section: 0, errorMessage: null, generator: 'openai' });
    const historyId = received[0]!.historyId!;
    expect(historyId).toMatch(/^[0-9a-f-]{36}$/);
    // Meanwhile the history shows the item as processing, and it cannot be viewed yet.
    const pending = await app.client(user).getInsights(historyId, user.email);
    expect(pending).toMatchObject({ success: false, fallbackText: STILL_PROCESSING_TEXT, historyItem: { status: 'processing' } });
    fake.release();
    const rest = await collectLines(lines);
    const all = [...received, ...rest];
    const sections = all.filter((l) => l.content).map((l) => l.section);
    expect(sections).toEqual([...sections].sort((a, b) => a - b));
    expect(new Set(sections)).toEqual(new Set([0, 1, 2]));
    expect(all.every((l) => !l.errorMessage)).toBe(true);
    expect(all.at(-1)).toMatchObject({ done: true, historyId });
    // No marker text leaks to the client.
    expect(all.map((l) => l.content).join('')).not.toContain('[[section');

    // The prompt carries the description, the goal and the user's enrichment settings.
    const prompt = fake.requests[0]!.body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain(DESCRIPTION);
    expect(prompt).toContain('book a demo');
    expect(prompt).toContain('I sell warehouse automation at LiftCo.');
    expect(prompt).toContain('Casual, concise.');
    expect(fake.requests[0]!.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-test');

    expect(await credits()).toBe(before - 1);
    const { success, historyItem } = await app.client(user).getInsights(historyId, user.email);
    expect(success).toBe(true);
    expect(historyItem).toMatchObject({
      status: 'Ready',
      generator: 'openai',
      goal: 'book a demo',
      insightsStructure: { profile: { firstName: 'Jane', lastName: 'Smith', description: DESCRIPTION } },
    });
    expect(historyItem!.insightsText[0]).toContain('Berlin expansion');
    expect(historyItem!.insightsText[1]).toContain('keep it short');
    expect(historyItem!.insightsText[2]).toContain('CTO at Acme Robotics');
  });

  it('an upstream failure mid-stream → an errorMessage line, the credit refunded, the item Failed', async () => {
    const before = await credits();
    fake.enqueue({ chunks: DEFAULT_CHUNKS, failAfter: 2, chunkDelayMs: 30 });
    const lines = await app.client(user).searchPost({ profileUrl: DESCRIPTION, email: user.email });
    const all: StreamLine[] = [];
    for (let r = await lines.next(); !r.done; r = await lines.next()) {
      all.push(r.value);
      // By the time the error line arrives the credit is back and the item is Failed.
      if (r.value.errorMessage) {
        expect(await credits()).toBe(before);
        expect((await app.client(user).getInsights(all[0]!.historyId!, user.email)).historyItem?.status).toBe('Failed');
      }
    }
    expect(all.some((l) => l.content.includes('Berlin expansion'))).toBe(true);
    const last = all.at(-1)!;
    expect(last.errorMessage).toBe(PORTAL_MESSAGES.analysisError);
    expect(await credits()).toBe(before);
    expect(fake.requests).toHaveLength(1); // no retry once text was shown
    const item = (await app.client(user).getHistory(user.email)).find((h) => h._id === all[0]!.historyId)!;
    expect(item.status).toBe('Failed');
    const insights = await app.client(user).getInsights(item._id, user.email);
    expect(insights.success).toBe(false);
    expect(insights.fallbackText).toBe(`## Analysis failed\n${PORTAL_MESSAGES.analysisError}`);
  });

  it('an in-stream error event from the upstream is a failure too', async () => {
    const before = await credits();
    fake.enqueue({ chunks: DEFAULT_CHUNKS, errorEventAfter: 1 });
    const all = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email }));
    expect(all.at(-1)!.errorMessage).toBe(PORTAL_MESSAGES.analysisError);
    expect(await credits()).toBe(before);
  });

  it('nothing usable from the upstream → the no-insights error line, refunded, Failed', async () => {
    const before = await credits();
    fake.enqueue({ chunks: ['[[section:0]]\n', '   \n', '[[section:1]]', '\n'] });
    const all = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email }));
    expect(all.at(-1)!.errorMessage).toBe(PORTAL_MESSAGES.noInsightsGenerated);
    expect(await credits()).toBe(before);
    const item = (await app.client(user).getHistory(user.email)).find((h) => h._id === all[0]!.historyId);
    expect(item?.status).toBe('Failed');
  });

  it('a client abort aborts the upstream request and refunds the credit', async () => {
    const before = await credits();
    fake.enqueue({ chunks: DEFAULT_CHUNKS, holdAfter: 2 });
    const controller = new AbortController();
    const lines = await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email }, controller.signal);
    let historyId = '';
    for await (const line of lines) {
      historyId ||= line.historyId ?? '';
      if (line.content) break;
    }
    expect(await credits()).toBe(before - 1);
    await fake.waitForRequests(1);
    controller.abort();
    await Promise.race([
      fake.requests[0]!.closed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('upstream not aborted')), 5000)),
    ]);
    expect(fake.requests[0]!.closedEarly).toBe(true);
    expect(fake.requests[0]!.finished).toBe(false);
    expect(await eventually(credits, (c) => c === before)).toBe(before);
    const item = await eventually(
      async () => (await app.client(user).getHistory(user.email)).find((h) => h._id === historyId),
      (h) => h?.status === 'Failed',
    );
    expect(item?.status).toBe('Failed');
    fake.release();
  });

  it('retries 429 and 5xx before the first token, then streams', async () => {
    const before = await credits();
    fake.enqueue({ status: 429, retryAfter: '0' }, { status: 503 }, { chunks: DEFAULT_CHUNKS });
    const all = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email }));
    expect(fake.requests).toHaveLength(3);
    expect(all.every((l) => !l.errorMessage)).toBe(true);
    expect(all.at(-1)!.done).toBe(true);
    expect(await credits()).toBe(before - 1);
  });

  it('gives up after the last attempt, and does not retry a 400', async () => {
    const before = await credits();
    fake.enqueue({ status: 500 }, { status: 502 }, { status: 503 });
    // A goal of its own: the input of the test above was answered and is stored (docs/decisions/0012-charged-once-per-answer.md).
    const all = await collectLines(
      await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'learn how it fails' }),
    );
    expect(fake.requests).toHaveLength(3);
    expect(all.at(-1)!.errorMessage).toBe(PORTAL_MESSAGES.analysisError);
    fake.requests.length = 0;
    fake.enqueue({ status: 400 });
    const bad = await collectLines(
      await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'learn how it fails' }),
    );
    expect(fake.requests).toHaveLength(1);
    expect(bad.at(-1)!.errorMessage).toBe(PORTAL_MESSAGES.analysisError);
    expect(await credits()).toBe(before);
  });

  it('an upstream that never answers hits the timeout: error line, credit refunded', async () => {
    const slow = await startTestApp({
      database: app.database,
      deps: { generator: createOpenAiGenerator({ baseUrl: fake.url, model: 'm', idleTimeoutMs: 200, maxAttempts: 1 }) },
    });
    try {
      const before = await credits();
      fake.enqueue({ headerDelayMs: 1500 });
      const all = await collectLines(await slow.client(user).search({ profileUrl: DESCRIPTION, email: user.email }));
      expect(all.at(-1)!.errorMessage).toBe(PORTAL_MESSAGES.analysisError);
      expect(await credits()).toBe(before);
    } finally {
      await slow.close();
    }
  });

  it('LLM_BASE_URL in the environment selects the OpenAI-compatible writer', async () => {
    const configured = await startTestApp({ database: app.database, env: { LLM_BASE_URL: fake.url, LLM_MODEL: 'from-env' } });
    try {
      const all = await collectLines(await configured.client(user).search({ profileUrl: DESCRIPTION, email: user.email }));
      expect(all[0]!.generator).toBe('openai');
      expect(fake.requests.at(-1)!.body.model).toBe('from-env');
    } finally {
      await configured.close();
    }
    expect(await credits()).toBeLessThan(FREE_MONTHLY_CREDITS);
  });
});
