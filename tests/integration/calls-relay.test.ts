import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { callTurns, practiceCalls } from '../../server/src/db/schema';
import { CALLS_MESSAGES } from '../../server/src/features/calls/calls-messages';
import { createPracticeEngine, type PracticeEngine } from '../../server/src/features/practice/create-practice-engine';
import { loadConfig } from '../../server/src/config';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeTwilio, type FakeCall, type FakeTwilio } from '../fakes/twilio-server';

const PUBLIC_URL = 'https://practice.example.test';

/** Three things a rep says that neither close nor end the call. */
const REP_LINES = [
  "Hi, this is Sam from Acme. I'm calling because we help finance teams cut manual work. Is now a bad time?",
  'What does your team spend the most time on at the end of each month?',
  'How are you handling invoice matching across the depots today?',
];

describe.each(databaseTargets())('ConversationRelay WebSocket on $name', (target) => {
  let twilio: FakeTwilio;
  let db: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    db = await target.open();
    app = await startTestApp({ env: { ...twilio.env(), PUBLIC_URL }, database: db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
    await twilio?.close();
  });

  async function placeCall(): Promise<{ user: TestUser; callId: string; call: FakeCall }> {
    const user = await app.signUp('Rep');
    await app.client(user).savePhone({ phoneNumber: '+442079460958', consent: true });
    const { callId } = await app.client(user).startOutboundCall({});
    return { user, callId: callId!, call: twilio.calls.at(-1)! };
  }

  async function row(callId: string) {
    const [r] = await db.db.select().from(practiceCalls).where(eq(practiceCalls.id, callId));
    return r!;
  }

  async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > until) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('setup then three prompts → streamed text tokens ending last:true; every turn stored in order; hang-up → completed with feedback', async () => {
    const { user, callId, call } = await placeCall();
    await twilio.statusCallback(call, app.url, 'in-progress');
    const relay = await twilio.connectRelay(call, app.url);

    const greeting = await relay.nextTurn();
    expect(greeting.text.trim().length).toBeGreaterThan(0);
    const prospectTurns = [greeting.text.trim()];
    for (const line of REP_LINES) {
      relay.prompt(line);
      const turn = await relay.nextTurn();
      // Streamed: several tokens, only the last one marked last.
      expect(turn.tokens.length).toBeGreaterThan(1);
      const texts = relay.received.filter((m) => m.type === 'text') as { token: string; last: boolean }[];
      expect(texts.at(-1)!.last).toBe(true);
      prospectTurns.push(turn.text.trim());
    }
    const textMessages = relay.received.filter((m) => m.type === 'text') as { last: boolean }[];
    expect(textMessages.filter((m) => m.last)).toHaveLength(4);
    expect(relay.received.some((m) => m.type === 'end')).toBe(false);
    expect((await row(callId)).status).toBe('in-progress');

    await relay.hangUp();
    const done = await waitFor(
      () => row(callId),
      (r) => r.feedback !== null,
    );
    expect(done).toMatchObject({ status: 'completed', endReason: 'caller-hung-up' });
    expect(done.feedback!.score).toBeGreaterThanOrEqual(0);

    const turns = await db.db.select().from(callTurns).where(eq(callTurns.callId, callId)).orderBy(asc(callTurns.id));
    expect(turns.map((t) => [t.role, t.text])).toEqual([
      ['prospect', prospectTurns[0]],
      ['rep', REP_LINES[0]],
      ['prospect', prospectTurns[1]],
      ['rep', REP_LINES[1]],
      ['prospect', prospectTurns[2]],
      ['rep', REP_LINES[2]],
      ['prospect', prospectTurns[3]],
    ]);
    const detail = await app.client(user).getCall(callId);
    expect(detail.transcript.map((t) => t.role)).toEqual(['prospect', 'rep', 'prospect', 'rep', 'prospect', 'rep', 'prospect']);
    expect(detail.feedback?.score).toBe(done.feedback!.score);
    expect(detail.durationSeconds).not.toBeNull();

    // Twilio's own `completed` afterwards changes nothing.
    await twilio.statusCallback(call, app.url, 'completed');
    expect((await row(callId)).status).toBe('completed');
  });

  it('an unsigned or wrongly signed handshake is refused (403) and nothing is said', async () => {
    const { callId, call } = await placeCall();
    await expect(twilio.connectRelay(call, app.url, { signature: 'none' })).rejects.toMatchObject({ status: 403 });
    await expect(twilio.connectRelay(call, app.url, { signature: 'wrong' })).rejects.toMatchObject({ status: 403 });
    expect(await db.db.select().from(callTurns).where(eq(callTurns.callId, callId))).toEqual([]);
    expect((await row(callId)).status).toBe('queued');
  });

  it('a setup naming no known call is answered with a spoken apology and an end (no silent hang)', async () => {
    const { call } = await placeCall();
    const forged: FakeCall = { ...call, twiml: call.twiml.replace(/value="[^"]+"/, 'value="no-such-call"') };
    const relay = await twilio.connectRelay(forged, app.url);
    const turn = await relay.nextTurn();
    expect(turn.text).toBe(CALLS_MESSAGES.relayApology);
    await relay.nextEnd();
    await relay.closed;
  });
});

describe('ConversationRelay when the engine breaks mid-call', () => {
  let twilio: FakeTwilio;
  let app: TestApp;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    const real = createPracticeEngine(loadConfig({ NODE_ENV: 'test' }));
    let turns = 0;
    const breaking: PracticeEngine = {
      feedback: real.feedback,
      prospect: {
        kind: 'offline',
        // The greeting works; the first reply fails half-way through.
        async *reply(input, signal) {
          turns += 1;
          if (turns === 1) {
            yield* real.prospect.reply(input, signal);
            return;
          }
          yield { type: 'token', text: 'Well, ' };
          throw new Error('the model went away');
        },
      },
    };
    app = await startTestApp({ env: { ...twilio.env(), PUBLIC_URL }, deps: { practice: breaking } });
  });
  afterAll(async () => {
    await app?.close();
    await twilio?.close();
  });

  it('apologises out loud, ends the call and records it as failed', async () => {
    const user = await app.signUp('Rep');
    await app.client(user).savePhone({ phoneNumber: '+442079460958', consent: true });
    const { callId } = await app.client(user).startOutboundCall({});
    const relay = await twilio.connectRelay(twilio.calls.at(-1)!, app.url);
    await relay.nextTurn();
    relay.prompt(REP_LINES[0]!);
    await relay.nextEnd();
    const spoken = relay.received.filter((m) => m.type === 'text').map((m) => (m as { token: string }).token);
    expect(spoken).toContain(CALLS_MESSAGES.relayApology);
    await relay.closed;
    const detail = await app.client(user).getCall(callId!);
    expect(detail).toMatchObject({ status: 'failed', errorMessage: CALLS_MESSAGES.relayFailed });
  });
});
