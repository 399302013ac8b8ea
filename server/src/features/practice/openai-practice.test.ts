import { callFeedbackSchema, type TranscriptTurn } from '@shared/schemas/calls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/fakes/openai-server';
import { collectTurn } from '../../../../tests/helpers/practice';
import { loadConfig } from '../../config';
import type { OpenAiOptions } from '../generation/openai-chat-stream';
import { createPracticeEngine } from './create-practice-engine';
import { scoreOffline } from './feedback';
import { createOpenAiFeedbackWriter, FEEDBACK_JSON_SCHEMA, FEEDBACK_MAX_TOKENS } from './openai-feedback';
import { createMarkerFilter, createOpenAiProspect, END_CALL_MARKER, PROSPECT_MAX_TOKENS } from './openai-prospect';
import { CRITERIA, scenarioById } from './scenarios';

let fake: FakeOpenAi;
const options = (): OpenAiOptions => ({
  baseUrl: fake.url,
  apiKey: 'sk-test',
  model: 'fake-model',
  idleTimeoutMs: 3000,
  retryBaseMs: 5,
  maxAttempts: 2,
});
const scenario = scenarioById('budget-freeze-cfo')!;
const seller = {
  name: 'Sam Carter',
  aboutMe: 'I sell expense automation software to mid-size companies.',
  contentPreferences: 'Short and direct.',
};
const turn = (role: TranscriptTurn['role'], text: string): TranscriptTurn => ({ role, text, at: '2026-01-01T09:00:00.000Z' });
const signal = () => new AbortController().signal;

const transcript: TranscriptTurn[] = [
  turn('prospect', 'Dana Whitfield speaking.'),
  turn('rep', "Hi Dana, this is Sam from Ledgerly. I'm calling because we help finance teams cut invoice matching."),
  turn('prospect', `Right. ${scenario.hiddenObjections[0]!.line}`),
  turn('rep', 'Totally understand the freeze. It pays for itself within the quarter. How about Tuesday at 10am for 30 minutes?'),
];

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

describe('OpenAI prospect', () => {
  it('streams the turn, sends the persona, the seller and the transcript, and caps the length', async () => {
    fake.enqueue({ chunks: ['Hm, ', 'that ', 'is ', 'fair. ', 'Go on.'] });
    const got = await collectTurn(
      createOpenAiProspect(options()),
      { scenario, seller, transcript, elapsedSeconds: 60, maxMinutes: 10 },
      signal(),
    );
    expect(got.tokens).toEqual(['Hm, ', 'that ', 'is ', 'fair. ', 'Go on.']);
    expect(got.end).toBeNull();

    const body = fake.requests[0]!.body;
    expect(body.stream).toBe(true);
    expect(body.max_tokens).toBe(PROSPECT_MAX_TOKENS);
    const [system, ...rest] = body.messages!;
    expect(system!.role).toBe('system');
    for (const part of [
      scenario.prospect.name,
      scenario.prospect.company,
      scenario.hiddenObjections[1]!.line,
      scenario.agreesWhen,
      seller.aboutMe,
      END_CALL_MARKER,
    ]) {
      expect(system!.content).toContain(part);
    }
    expect(rest.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
    expect(rest.map((m) => m.content)).toEqual(transcript.map((t) => t.text));
  });

  it('answers the phone on an empty transcript', async () => {
    fake.enqueue({ chunks: ['Dana Whitfield speaking.'] });
    const got = await collectTurn(
      createOpenAiProspect(options()),
      { scenario, seller, transcript: [], elapsedSeconds: 0, maxMinutes: 10 },
      signal(),
    );
    expect(got.text).toBe('Dana Whitfield speaking.');
    const messages = fake.requests[0]!.body.messages!;
    expect(messages.at(-1)!.role).toBe('user');
    expect(messages.at(-1)!.content).toMatch(/phone rings/i);
  });

  it('strips the end marker (even split across chunks), drops what follows, and ends the call', async () => {
    fake.enqueue({ chunks: ['Tuesday at 10am works. ', 'Send me an invite. Bye. [EN', 'D_CA', 'LL] and some stray text'] });
    const got = await collectTurn(
      createOpenAiProspect(options()),
      { scenario, seller, transcript, elapsedSeconds: 90, maxMinutes: 10 },
      signal(),
    );
    expect(got.text).toBe('Tuesday at 10am works. Send me an invite. Bye.');
    expect(got.tokens.join('')).not.toMatch(/\[|END|stray/);
    expect(got.end).toBe('next-step-agreed');
  });

  it('reads why the model ended: the rep said goodbye, or the prospect hung up', async () => {
    const engine = createOpenAiProspect(options());
    fake.enqueue({ chunks: [`Goodbye. ${END_CALL_MARKER}`] }, { chunks: [`I have to go. ${END_CALL_MARKER}`] });
    const bye = await collectTurn(
      engine,
      {
        scenario,
        seller,
        transcript: [...transcript.slice(0, 3), turn('rep', 'Thanks for your time, goodbye!')],
        elapsedSeconds: 60,
        maxMinutes: 10,
      },
      signal(),
    );
    expect(bye.end).toBe('rep-closed');
    const hung = await collectTurn(
      engine,
      { scenario, seller, transcript: transcript.slice(0, 2), elapsedSeconds: 60, maxMinutes: 10 },
      signal(),
    );
    expect(hung.end).toBe('prospect-ended');
    expect(hung.text).toBe('I have to go.');
  });

  it('at the time limit asks for a wrap-up and ends the call even without the marker', async () => {
    fake.enqueue({ chunks: ["We're out of time, I'm afraid. Send me an e-mail. Bye."] });
    const got = await collectTurn(
      createOpenAiProspect(options()),
      { scenario, seller, transcript, elapsedSeconds: 601, maxMinutes: 10 },
      signal(),
    );
    expect(got.end).toBe('time-limit');
    const last = fake.requests[0]!.body.messages!.at(-1)!;
    expect(last.role).toBe('system');
    expect(last.content).toMatch(/time limit/i);
  });

  it('does not speak a speaker label the model put first', async () => {
    fake.enqueue({ chunks: ['Da', 'na: Hm', ', go on.'] }, { chunks: ['Price: ', 'that is my worry.'] });
    const engine = createOpenAiProspect(options());
    const input = { scenario, seller, transcript, elapsedSeconds: 60, maxMinutes: 10 };
    expect((await collectTurn(engine, input, signal())).text).toBe('Hm, go on.');
    expect((await collectTurn(engine, input, signal())).text).toBe('Price: that is my worry.');
  });

  it('createMarkerFilter finds the marker wherever the chunks split it, and keeps ordinary brackets', () => {
    const text = `Okay [laughs] fine. Bye. ${END_CALL_MARKER} after`;
    for (let a = 1; a < text.length - 1; a++) {
      for (const b of [a + 1, a + 3, a + 9]) {
        const f = createMarkerFilter();
        const out = [text.slice(0, a), text.slice(a, b), text.slice(b)].map((c) => f.push(c)).join('') + f.flush();
        expect(out, `split at ${a}/${b}`).toBe('Okay [laughs] fine. Bye. ');
        expect(f.ended).toBe(true);
      }
    }
    const plain = createMarkerFilter();
    expect(plain.push('Price [in EUR') + plain.flush()).toBe('Price [in EUR');
    expect(plain.ended).toBe(false);
  });
});

const modelFeedback = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    score: 77,
    rubric: CRITERIA.map((criterion) => ({ criterion, label: `L-${criterion}`, score: 10, max: 10, note: `Note for ${criterion}.` })),
    tips: [
      'You said "It pays for itself within the quarter" — back it with one customer number.',
      'You asked no open question — ask "How do vendors get approved?"',
      'You proposed "Tuesday at 10am" — good; also invite the COO.',
    ],
    summary: 'Solid opener and a concrete close. Discovery was thin.',
    ...over,
  });

describe('OpenAI feedback', () => {
  it('asks for JSON by schema and returns the validated answer, with the scenario owning labels and maxima', async () => {
    const answer = modelFeedback();
    fake.enqueue({ chunks: [answer.slice(0, 40), answer.slice(40)] });
    const f = await createOpenAiFeedbackWriter(options()).score({ scenario, transcript }, signal());
    expect(callFeedbackSchema.parse(f)).toEqual(f);
    expect(f.generator).toBe('openai');
    expect(f.rubric.map((r) => r.label)).toEqual(CRITERIA.map((c) => scenario.rubric[c].label));
    expect(f.rubric.map((r) => r.max)).toEqual(CRITERIA.map((c) => scenario.rubric[c].max));
    expect(f.score).toBe(50); // 5 × 10 of 100, recomputed (the model's 77 did not add up)
    expect(f.tips[0]).toContain('"It pays for itself within the quarter"');
    const body = fake.requests[0]!.body;
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { ...FEEDBACK_JSON_SCHEMA, strict: true } });
    expect(body.max_tokens).toBe(FEEDBACK_MAX_TOKENS);
    expect(body.messages!.map((m) => m.content).join('\n')).toContain('REP: Totally understand the freeze');
  });

  it.each([
    ['malformed JSON', { chunks: ['{"score": 80, "rubric": [', 'oops'] }],
    ['two tips instead of three', { chunks: [modelFeedback({ tips: ['a', 'b'] })] }],
    [
      'a missing criterion',
      {
        chunks: [modelFeedback({ rubric: CRITERIA.slice(1).map((criterion) => ({ criterion, label: 'x', score: 1, max: 5, note: 'n' })) })],
      },
    ],
    ['no JSON at all', { chunks: ['I think the rep did great!'] }],
    ['a failing service', { status: 500 }],
  ])('falls back to the offline score on %s', async (_name, script) => {
    fake.setDefault(script);
    const reasons: string[] = [];
    try {
      const f = await createOpenAiFeedbackWriter(options(), (r) => reasons.push(r)).score({ scenario, transcript }, signal());
      expect(f).toEqual(scoreOffline({ scenario, transcript }));
      expect(f.generator).toBe('offline');
      expect(reasons).toHaveLength(1);
    } finally {
      fake.setDefault({ chunks: ['unused'] });
    }
  });

  it('does not call the model when the rep said nothing', async () => {
    const f = await createOpenAiFeedbackWriter(options()).score({ scenario, transcript: [turn('prospect', 'Hello?')] }, signal());
    expect(f.score).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('an abort is not turned into a fallback', async () => {
    fake.enqueue({ chunks: ['{"score":'], holdAfter: 1 });
    const controller = new AbortController();
    const pending = createOpenAiFeedbackWriter(options()).score({ scenario, transcript }, controller.signal);
    await fake.waitForRequests(1);
    controller.abort(new Error('session closed'));
    await expect(pending).rejects.toThrow('session closed');
    fake.release();
  });
});

describe('createPracticeEngine', () => {
  it('is offline without LLM_BASE_URL and OpenAI with it', async () => {
    const offline = createPracticeEngine(loadConfig({}));
    expect([offline.prospect.kind, offline.feedback.kind]).toEqual(['offline', 'offline']);
    const online = createPracticeEngine(loadConfig({ LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-model' }));
    expect([online.prospect.kind, online.feedback.kind]).toEqual(['openai', 'openai']);
    fake.enqueue({ chunks: ['Hello, Dana here.'] });
    const got = await collectTurn(online.prospect, { scenario, seller, transcript: [], elapsedSeconds: 0, maxMinutes: 10 }, signal());
    expect(got.text).toBe('Hello, Dana here.');
    expect(fake.requests[0]!.body.model).toBe('fake-model');
  });
});
