import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { practiceCalls } from '../../server/src/db/schema';
import { CALLS_MESSAGES } from '../../server/src/features/calls/calls-messages';
import { SCENARIOS } from '../../server/src/features/practice/scenarios';
import { databaseTargets } from '../helpers/databases';
import { createTestUser, uniqueEmail, type TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { parseRelayTwiml, startFakeTwilio, type FakeCall, type FakeTwilio } from '../fakes/twilio-server';

const PUBLIC_URL = 'https://practice.example.test';
const SAVED = '+442079460958';

describe.each(databaseTargets())('phone practice calls through Twilio on $name', (target) => {
  let twilio: FakeTwilio;
  let db: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    db = await target.open();
    const adminEmail = uniqueEmail('admin');
    app = await startTestApp({ env: { ...twilio.env(), PUBLIC_URL, ADMIN_EMAILS: adminEmail }, database: db });
    admin = await createTestUser({ verified: true, email: adminEmail });
    await app.register(admin, 'Admin');
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
    await twilio?.close();
  });

  async function userWithPhone(phone = '+44 20 7946 0958') {
    const user = await app.signUp('Rep');
    await app.client(user).savePhone({ phoneNumber: phone, consent: true });
    return user;
  }

  async function post(user: TestUser, body: object) {
    const res = await app.fetch('/api/outbound-call', {
      method: 'POST',
      user,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { success: boolean; error?: string | null; callId?: string; message?: string },
    };
  }

  async function record(callId: string) {
    const [row] = await db.db.select().from(practiceCalls).where(eq(practiceCalls.id, callId));
    return row!;
  }

  /** Place a call and find what the stand-in received for it. */
  async function place(user: TestUser): Promise<{ callId: string; call: FakeCall }> {
    const before = twilio.calls.length;
    const { status, body } = await post(user, {});
    expect(status, JSON.stringify(body)).toBe(200);
    expect(twilio.calls.length).toBe(before + 1);
    return { callId: body.callId!, call: twilio.calls.at(-1)! };
  }

  it('saves the phone number as E.164 (own user only); a number it cannot parse → 400', async () => {
    const user = await app.signUp('Rep');
    const client = app.client(user);
    expect(await client.getPhone()).toEqual({ phoneNumber: null });
    expect(await client.savePhone({ phoneNumber: '+44 20 7946-0958', consent: true })).toEqual({ phoneNumber: SAVED });
    expect(await client.savePhone({ phoneNumber: '0044 20 7946 0958', consent: true })).toEqual({ phoneNumber: SAVED });
    expect(await client.savePhone({ phoneNumber: '(415) 555-2671', consent: true })).toEqual({ phoneNumber: '+14155552671' });
    expect(await client.getPhone()).toEqual({ phoneNumber: '+14155552671' });

    for (const bad of ['hello', '+44 12', '12345']) {
      const res = await app.fetch('/api/user/phone', {
        method: 'PUT',
        user,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phoneNumber: bad, consent: true }),
      });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(CALLS_MESSAGES.phoneInvalid);
    }
    const noConsent = await app.fetch('/api/user/phone', {
      method: 'PUT',
      user,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phoneNumber: SAVED }),
    });
    expect(noConsent.status).toBe(400);
    expect(((await noConsent.json()) as { message: string }).message).toMatch(/call this number/);
    expect(await client.getPhone()).toEqual({ phoneNumber: '+14155552671' });
    expect((await app.fetch('/api/user/phone')).status).toBe(401);
  });

  it('places one call through the real SDK: to the saved number, from TWILIO_FROM_NUMBER, TwiML naming the relay', async () => {
    const user = await userWithPhone();
    // The body's number is accepted when it is the saved one, in any format.
    const before = twilio.calls.length;
    const { status, body } = await post(user, { phoneNumber: '+44 20 7946 0958' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, error: null });
    expect(twilio.calls.length).toBe(before + 1);
    const call = twilio.calls.at(-1)!;
    expect(call.to).toBe(SAVED);
    expect(call.from).toBe('+15005550006');
    const relay = parseRelayTwiml(call.twiml);
    // The URL Twilio signs names the call (and its token, issue 28): a signature holds for this call only.
    expect(relay.url).toMatch(new RegExp(`^wss://practice\\.example\\.test/api/calls/relay\\?callId=${body.callId}&token=[\\w-]+$`));
    expect(relay.parameters).toEqual({ callId: body.callId });
    expect(call.statusCallback).toBe(`${PUBLIC_URL}/api/calls/status?callId=${body.callId}`);
    expect(call.statusCallbackEvents).toEqual(['initiated', 'ringing', 'answered', 'completed']);

    const row = await record(body.callId!);
    expect(row).toMatchObject({ mode: 'phone', status: 'queued', toNumber: SAVED, fromNumber: '+15005550006', providerCallId: call.sid });
    expect(SCENARIOS.map((s) => s.id)).toContain(row.scenarioId);

    const list = await app.client(user).getCalls();
    expect(list.items.map((c) => [c.id, c.mode, c.status, c.scenario.title])).toEqual([
      [body.callId, 'phone', 'queued', row.scenarioTitle],
    ]);

    const log = await app.client(admin).getOutboundCalls();
    const entry = log.find((r) => r.id === body.callId);
    expect(entry).toMatchObject({
      user: { email: user.email },
      quest: { title: row.scenarioTitle },
      status: 'queued',
      scheduledFor: row.createdAt.toISOString(),
    });
    const notAdmin = await app.fetch('/api/outbound-calls', { user });
    expect(notAdmin.status).toBe(403);
    expect(((await notAdmin.json()) as { message: string }).message).toMatch(/administrators only/);

    await twilio.statusCallback(call, app.url, 'completed');
  });

  it('garbage never gives a 5xx: bodies and queries of the call routes → 4xx with a message', async () => {
    const user = await userWithPhone();
    const bodies: [string, string][] = [
      ['{"phoneNumber": ', 'application/json'],
      ['[1,2]', 'application/json'],
      [JSON.stringify({ phoneNumber: 42, consent: 'yes', scenarioId: {} }), 'application/json'],
      [JSON.stringify({ phoneNumber: 'x'.repeat(5000), consent: true, scenarioId: 'y'.repeat(500) }), 'application/json'],
      ['phoneNumber=1&consent=true', 'application/x-www-form-urlencoded'],
    ];
    for (const [method, path] of [
      ['PUT', '/api/user/phone'],
      ['POST', '/api/outbound-call'],
      ['POST', '/api/calls/practice'],
    ] as const) {
      for (const [body, type] of bodies) {
        const res = await app.fetch(path, { method, user, body, headers: { 'Content-Type': type } });
        expect(res.status, `${method} ${path} ${body.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const json = (await res.json()) as { message?: string; error?: string };
        expect(json.message ?? json.error).toBeTruthy();
      }
    }
    for (const path of [
      '/api/calls?limit=abc',
      '/api/calls?limit=0',
      '/api/calls?limit=1000',
      `/api/calls/${'c'.repeat(200)}`,
      '/api/calls/%E0%A4%A',
    ]) {
      const res = await app.fetch(path, { user });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await app.fetch('/api/outbound-calls?limit=-1', { user: admin })).status).toBe(400);
    expect((await app.client(user).getCalls()).items).toEqual([]);
  });

  it('signed status callbacks move the status forward; unsigned or wrongly signed → 403 and no change', async () => {
    const user = await userWithPhone();
    const { callId, call } = await place(user);

    for (const signature of ['none', 'wrong'] as const) {
      const res = await twilio.statusCallback(call, app.url, 'in-progress', { signature });
      expect(res.status, signature).toBe(403);
      expect((await record(callId)).status).toBe('queued');
    }

    expect((await twilio.statusCallback(call, app.url, 'initiated')).status).toBe(204);
    expect((await record(callId)).status).toBe('queued');
    expect((await twilio.statusCallback(call, app.url, 'ringing')).status).toBe(204);
    expect((await record(callId)).status).toBe('ringing');
    await twilio.statusCallback(call, app.url, 'in-progress');
    const answered = await record(callId);
    expect(answered.status).toBe('in-progress');
    expect(answered.startedAt).not.toBeNull();
    await twilio.statusCallback(call, app.url, 'completed', { extra: { CallDuration: '42' } });
    const done = await record(callId);
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    // A late or repeated callback never moves a final status back.
    await twilio.statusCallback(call, app.url, 'ringing');
    await twilio.statusCallback(call, app.url, 'busy');
    expect((await record(callId)).status).toBe('completed');

    const failed = await place(user);
    await twilio.statusCallback(failed.call, app.url, 'no-answer');
    expect(await record(failed.callId)).toMatchObject({ status: 'no-answer', errorMessage: 'Nobody answered the call.' });
  });

  it('one call at a time: a second call while one is in progress → 409', async () => {
    const user = await userWithPhone();
    const { call } = await place(user);
    const second = await post(user, {});
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, error: CALLS_MESSAGES.callInProgress });
    const practice = await app.fetch('/api/calls/practice', {
      method: 'POST',
      user,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(practice.status).toBe(409);
    await twilio.statusCallback(call, app.url, 'busy');
    expect((await post(user, {})).status).toBe(200);
  });

  it('refusals: no saved number, another number, Twilio says no (its reason kept in the record)', async () => {
    const noPhone = await app.signUp('Rep');
    const none = await post(noPhone, {});
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ success: false, error: CALLS_MESSAGES.phoneNotSet });
    expect(none.body.error).toMatch(/Settings/);

    const user = await userWithPhone();
    const other = await post(user, { phoneNumber: '+14155552671' });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ success: false, error: CALLS_MESSAGES.phoneMismatch });

    const count = twilio.calls.length;
    twilio.refuseNext({
      code: 21219,
      message: `The number ${SAVED} is unverified. Trial accounts cannot send messages to unverified numbers.`,
    });
    const refused = await post(user, {});
    expect(refused.status).toBe(502);
    expect(refused.body.success).toBe(false);
    expect(refused.body.error).toContain('is unverified');
    expect(refused.body.error).toContain('21219');
    expect(twilio.calls.length).toBe(count);
    const [latest] = (await app.client(user).getCalls()).items;
    expect(latest).toMatchObject({ status: 'failed' });
    expect(latest!.errorMessage).toContain('is unverified');
    // Nothing was placed, so nothing blocks the next call.
    expect((await post(user, {})).status).toBe(200);
  });

  it("another user's call → 404; the list is the caller's own, newest first, paged", async () => {
    const user = await userWithPhone();
    const first = await place(user);
    await twilio.statusCallback(first.call, app.url, 'completed');
    const second = await place(user);
    await twilio.statusCallback(second.call, app.url, 'completed');

    const stranger = await app.signUp('Stranger');
    const res = await app.fetch(`/api/calls/${first.callId}`, { user: stranger });
    expect(res.status).toBe(404);
    expect((await app.client(stranger).getCalls()).items).toEqual([]);

    const detail = await app.client(user).getCall(first.callId);
    expect(detail).toMatchObject({ id: first.callId, mode: 'phone', status: 'completed', transcript: [], feedback: null });
    const page1 = await app.client(user).getCalls({ limit: 1 });
    expect(page1.items.map((c) => c.id)).toEqual([second.callId]);
    expect(page1.nextBefore).toBe(second.callId);
    const page2 = await app.client(user).getCalls({ limit: 1, before: page1.nextBefore! });
    expect(page2.items.map((c) => c.id)).toEqual([first.callId]);
    expect(page2.nextBefore).toBeNull();
  });
});

describe('phone calls without Twilio', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('answers {success:false, error} naming browser practice, and the status callback is off', async () => {
    const user = await app.signUp('Rep');
    await app.client(user).savePhone({ phoneNumber: SAVED, consent: true });
    const res = await app.fetch('/api/outbound-call', {
      method: 'POST',
      user,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { success: boolean; error: string };
    expect(body).toMatchObject({ success: false, error: CALLS_MESSAGES.phoneNotConfigured });
    expect(body.error).toMatch(/not set up/);
    expect(body.error).toMatch(/browser/);
    expect((await app.client(user).getCalls()).items).toEqual([]);
    const status = await app.fetch('/api/calls/status', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'CallSid=CA1&CallStatus=completed',
    });
    expect(status.status).toBe(503);
    const scenarios = await app.client(user).getScenarios();
    expect(scenarios.length).toBeGreaterThanOrEqual(12);
  });
});
