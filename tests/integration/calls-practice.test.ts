import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS_MESSAGES } from '../../server/src/features/calls/calls-messages';
import { SCENARIOS } from '../../server/src/features/practice/scenarios';
import { databaseTargets } from '../helpers/databases';
import { createTestUser } from '../helpers/emulator';
import { openPracticeSocket } from '../helpers/practice-socket';
import { startTestApp, type TestApp } from '../helpers/test-app';

const REP_LINES = [
  "Hi, this is Sam from Acme. I'm calling because we help teams like yours save time. Is now a bad time?",
  'What takes up most of your week at the moment?',
  'How do you handle that today, and what does it cost you?',
];

describe.each(databaseTargets())('browser practice over the WebSocket on $name', (target) => {
  let db: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;

  beforeAll(async () => {
    db = await target.open();
    // No Twilio: browser practice is the embedded default.
    app = await startTestApp({ database: db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  it('auth, greeting, three turns, end → ended then feedback; the session is in the call log with its transcript', async () => {
    const user = await app.signUp('Rep');
    const scenario = SCENARIOS[3]!;
    const started = await app.client(user).startPractice({ scenarioId: scenario.id });
    expect(started).toMatchObject({
      scenario: { id: scenario.id, title: scenario.title },
      socketPath: '/api/calls/practice/socket',
      maxMinutes: 10,
    });
    expect(JSON.stringify(started.scenario)).not.toContain(scenario.hiddenObjections[0]!.line);

    const socket = await openPracticeSocket(app.url, started.socketPath);
    socket.send({ type: 'auth', token: user.idToken, callId: started.callId });
    const ready = await socket.next('ready');
    expect(ready.scenario.id).toBe(scenario.id);
    const greeting = await socket.nextTurn();
    expect(greeting.text.trim()).not.toBe('');

    const prospect: string[] = [greeting.text.trim()];
    for (const line of REP_LINES) {
      socket.send({ type: 'prompt', text: line });
      const turn = await socket.nextTurn();
      expect(turn.tokens.length).toBeGreaterThan(1);
      prospect.push(turn.text.trim());
    }
    socket.send({ type: 'end' });
    expect(await socket.next('ended')).toEqual({ type: 'ended', reason: 'rep-ended' });
    const { feedback } = await socket.next('feedback');
    expect(feedback.score).toBeGreaterThanOrEqual(0);
    expect(feedback.score).toBeLessThanOrEqual(100);
    expect(feedback.tips.length).toBeGreaterThan(0);
    expect((await socket.closed).code).toBe(1000);

    const list = await app.client(user).getCalls();
    expect(list.items[0]).toMatchObject({
      id: started.callId,
      mode: 'browser',
      status: 'completed',
      score: feedback.score,
      scenario: { id: scenario.id },
    });
    const detail = await app.client(user).getCall(started.callId);
    expect(detail.transcript.map((t) => [t.role, t.text])).toEqual([
      ['prospect', prospect[0]],
      ['rep', REP_LINES[0]],
      ['prospect', prospect[1]],
      ['rep', REP_LINES[1]],
      ['prospect', prospect[2]],
      ['rep', REP_LINES[2]],
      ['prospect', prospect[3]],
    ]);
    expect(detail.feedback).toEqual(feedback);
    expect(detail.scenario).toMatchObject({ id: scenario.id, prospectName: scenario.prospect.name });

    // The admin outbound-call log holds phone calls only.
    const stranger = await app.signUp('Stranger');
    expect((await app.fetch(`/api/calls/${started.callId}`, { user: stranger })).status).toBe(404);
  });

  it("refuses a bad token, another user's session, a session opened twice, and anything before auth", async () => {
    const owner = await app.signUp('Owner');
    const other = await app.signUp('Other');
    const { callId, socketPath } = await app.client(owner).startPractice({});

    const early = await openPracticeSocket(app.url, socketPath);
    early.send({ type: 'prompt', text: 'hello?' });
    expect(await early.next('error')).toEqual({ type: 'error', message: CALLS_MESSAGES.socketAuthRequired });
    expect((await early.closed).code).toBe(1008);

    const forged = await openPracticeSocket(app.url, socketPath);
    forged.send({ type: 'auth', token: 'not-a-token', callId });
    expect(await forged.next('error')).toEqual({ type: 'error', message: CALLS_MESSAGES.socketAuthFailed });
    expect((await forged.closed).code).toBe(1008);

    const thief = await openPracticeSocket(app.url, socketPath);
    thief.send({ type: 'auth', token: other.idToken, callId });
    expect(await thief.next('error')).toEqual({ type: 'error', message: CALLS_MESSAGES.socketNotYours });

    const unverified = await createTestUser({ verified: false });
    const unverifiedSocket = await openPracticeSocket(app.url, socketPath);
    unverifiedSocket.send({ type: 'auth', token: unverified.idToken, callId });
    expect(await unverifiedSocket.next('error')).toEqual({ type: 'error', message: CALLS_MESSAGES.socketEmailUnverified });

    const first = await openPracticeSocket(app.url, socketPath);
    first.send({ type: 'auth', token: owner.idToken, callId });
    await first.next('ready');
    const second = await openPracticeSocket(app.url, socketPath);
    second.send({ type: 'auth', token: owner.idToken, callId });
    expect(await second.next('error')).toEqual({ type: 'error', message: CALLS_MESSAGES.socketAlreadyOpen });

    // One session at a time, the browser's too.
    const again = await app.fetch('/api/calls/practice', {
      method: 'POST',
      user: owner,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(CALLS_MESSAGES.callInProgress);

    // Leaving without a word: ended, nothing to score, the session closed and recorded as abandoned (issue 28).
    first.close();
    await first.closed;
    const detail = await waitForStatus(owner, callId, 'abandoned');
    expect(detail.feedback).toBeNull();
    expect(detail.transcript.map((t) => t.role)).toEqual(['prospect']);
  });

  it('an unknown scenario is refused with a clear 400', async () => {
    const user = await app.signUp('Rep');
    const res = await app.fetch('/api/calls/practice', {
      method: 'POST',
      user,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scenarioId: 'no-such-quest' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(CALLS_MESSAGES.unknownScenario);
  });

  it('"Start" never picks the same scenario twice in a row', async () => {
    const user = await app.signUp('Rep');
    let last: string | null = null;
    for (let i = 0; i < 4; i += 1) {
      const { callId, scenario, socketPath } = await app.client(user).startPractice({});
      expect(scenario.id).not.toBe(last);
      last = scenario.id;
      const socket = await openPracticeSocket(app.url, socketPath);
      socket.send({ type: 'auth', token: user.idToken, callId });
      await socket.next('ready');
      socket.send({ type: 'end' });
      await socket.closed;
    }
  });

  async function waitForStatus(user: Parameters<TestApp['client']>[0], callId: string, status: string) {
    const until = Date.now() + 10_000;
    for (;;) {
      const detail = await app.client(user).getCall(callId);
      if (detail.status === status || Date.now() > until) {
        expect(detail.status).toBe(status);
        return detail;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
});
