/**
 * Practice sessions that go nowhere (issue 28, item 6; docs/product.md#practice-calls): a browser session in
 * which the rep says nothing (ended before a word, tab closed, never opened) is logged 'abandoned' and is not
 * counted against the daily limit; sessions with a word from the rep count as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../server/src/clock';
import { CALLS_MESSAGES } from '../../server/src/features/calls/calls-messages';
import { databaseTargets } from '../helpers/databases';
import { openPracticeSocket } from '../helpers/practice-socket';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe.each(databaseTargets())('practice sessions that go nowhere on $name', (target) => {
  let db: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  beforeAll(async () => {
    db = await target.open();
    app = await startTestApp({ database: db, clock, env: { PRACTICE_CALLS_PER_DAY: '2' } });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  it('two sessions that go nowhere (and one never opened) do not lock the user out; they are logged Abandoned', async () => {
    const user = await app.signUp('Rep');
    const client = app.client(user);
    const statusOf = async (callId: string) => (await client.getCall(callId)).status;

    // 1. Opened, the prospect greets, the rep ends before a word.
    const first = await client.startPractice({});
    const a = await openPracticeSocket(app.url, first.socketPath);
    a.send({ type: 'auth', token: user.idToken, callId: first.callId });
    await a.next('ready');
    await a.nextTurn();
    a.send({ type: 'end' });
    expect(await a.next('ended')).toEqual({ type: 'ended', reason: 'rep-ended' });
    expect(await a.next('error')).toEqual({ type: 'error', message: CALLS_MESSAGES.noFeedbackEmpty });
    await a.closed;
    expect(await statusOf(first.callId)).toBe('abandoned');

    // 2. Opened, then the tab is closed before the rep says anything.
    const second = await client.startPractice({});
    const b = await openPracticeSocket(app.url, second.socketPath);
    b.send({ type: 'auth', token: user.idToken, callId: second.callId });
    await b.next('ready');
    b.close();
    await expect.poll(() => statusOf(second.callId), { timeout: 10_000 }).toBe('abandoned');

    // 3. Started but never opened (the tab closed at once): abandoned when the next one starts, minutes later.
    const third = await client.startPractice({});
    offsetMs += 3 * 60_000;

    // Still free to practise: two real sessions (a word from the rep each) fill the limit of 2 …
    const real: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const started = await client.startPractice({});
      real.push(started.callId);
      const s = await openPracticeSocket(app.url, started.socketPath);
      s.send({ type: 'auth', token: user.idToken, callId: started.callId });
      await s.next('ready');
      await s.nextTurn();
      s.send({ type: 'prompt', text: 'Hi, this is Sam from Acme. Do you have a minute?' });
      await s.nextTurn();
      s.send({ type: 'end' });
      await s.next('feedback');
      await s.closed;
    }
    expect(await statusOf(third.callId)).toBe('abandoned');

    // … and only then is the next one refused, with the instant the limit resets.
    const refused = await app.fetch('/api/calls/practice', {
      method: 'POST',
      user,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string; retryAt: string };
    expect(body.message).toBe(CALLS_MESSAGES.dailyLimit(2));
    const firstReal = await client.getCall(real[0]!);
    expect(new Date(body.retryAt).getTime()).toBe(new Date(firstReal.createdAt).getTime() + 24 * 3600 * 1000);

    // Call Logs: the real sessions Completed with a score, the others Abandoned without one.
    const { items } = await client.getCalls();
    const byId = new Map(items.map((c) => [c.id, c]));
    for (const id of [first.callId, second.callId, third.callId]) expect(byId.get(id)).toMatchObject({ status: 'abandoned', score: null });
    for (const id of real) expect(byId.get(id)!.status).toBe('completed');
    for (const id of real) expect(byId.get(id)!.score).not.toBeNull();
  });
});
