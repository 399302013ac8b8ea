/**
 * Issue 28 item 2: the ConversationRelay handshake is bound to its call and the call's user.
 * Two server instances share one database (the relay may land on either): a signature captured for
 * call A opens nothing else, a setup without callSid is refused, and a flood of partial prompts is
 * cut (memory and the stored turn stay bounded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { callTurns, practiceCalls } from '../../server/src/db/schema';
import { MAX_PROMPT_CHARS } from '../../server/src/features/calls/practice-conversation';
import { relayHandshake } from '../helpers/relay-handshake';
import { databaseTargets } from '../helpers/databases';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { parseRelayTwiml, startFakeTwilio, twilioSignature, type FakeCall, type FakeTwilio } from '../fakes/twilio-server';

const PUBLIC_URL = 'https://practice.example.test';

describe.each(databaseTargets())('relay handshake bound to its call on $name', (target) => {
  let twilio: FakeTwilio;
  let db: Awaited<ReturnType<typeof target.open>>;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    db = await target.open();
    first = await startTestApp({ env: { ...twilio.env(), PUBLIC_URL }, database: db });
    second = await startTestApp({ env: { ...twilio.env(), PUBLIC_URL }, database: db });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await db?.dispose();
    await twilio?.close();
  });

  async function placeCall(name: string): Promise<{ callId: string; call: FakeCall; relayUrl: string }> {
    const user = await first.signUp(name);
    await first.client(user).savePhone({ phoneNumber: '+442079460958', consent: true });
    const { callId } = await first.client(user).startOutboundCall({});
    const call = twilio.calls.at(-1)!;
    return { callId: callId!, call, relayUrl: parseRelayTwiml(call.twiml).url };
  }

  const status = async (callId: string) => (await db.db.select().from(practiceCalls).where(eq(practiceCalls.id, callId)))[0]!.status;

  it("the TwiML's relay URL names the call and a token; Twilio signs that full URL", async () => {
    const a = await placeCall('Ann');
    const url = new URL(a.relayUrl);
    expect(url.origin + url.pathname).toBe('wss://practice.example.test/api/calls/relay');
    expect(url.searchParams.get('callId')).toBe(a.callId);
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The genuine handshake opens, on either instance.
    expect(await relayHandshake(second.url, a.relayUrl, twilioSignature(twilio.authToken, a.relayUrl))).toBe(101);
  });

  it("a signature captured for call A does not open call B (another user's), on either instance", async () => {
    const a = await placeCall('Alice');
    const b = await placeCall('Bob');
    const capturedForA = twilioSignature(twilio.authToken, a.relayUrl);
    for (const app of [first, second]) expect(await relayHandshake(app.url, b.relayUrl, capturedForA)).toBe(403);
    // Nor does it open the bare endpoint, or A's call with B's token.
    const bare = `${PUBLIC_URL.replace('https', 'wss')}/api/calls/relay`;
    expect(await relayHandshake(second.url, bare, capturedForA)).toBe(403);
    // Even a URL Twilio would sign (the auth token's holder) needs the call's own token.
    const mixed = new URL(a.relayUrl);
    mixed.searchParams.set('token', new URL(b.relayUrl).searchParams.get('token')!);
    expect(await relayHandshake(second.url, mixed.toString(), twilioSignature(twilio.authToken, mixed.toString()))).toBe(403);
    const noCall = new URL(bare);
    expect(await relayHandshake(second.url, noCall.toString(), twilioSignature(twilio.authToken, noCall.toString()))).toBe(403);
    expect(await status(b.callId)).toBe('queued');
  });

  it('a setup without callSid is refused with a spoken apology and an end; the call does not start', async () => {
    const { callId, call } = await placeCall('Cleo');
    const relay = await twilio.connectRelay({ ...call, sid: '' }, second.url);
    const turn = await relay.nextTurn();
    expect(turn.text).toMatch(/sorry/i);
    await relay.nextEnd();
    expect(await status(callId)).toBe('queued');
    expect(await db.db.select().from(callTurns).where(eq(callTurns.callId, callId))).toEqual([]);
  });

  it('a flood of partial prompts is cut: the stored turn stays within its bound', async () => {
    const { callId, call } = await placeCall('Dana');
    await twilio.statusCallback(call, first.url, 'in-progress');
    const relay = await twilio.connectRelay(call, second.url);
    await relay.nextTurn();
    const piece = 'blah '.repeat(2000); // 10 kB a message
    for (let i = 0; i < 2000; i++) relay.send({ type: 'prompt', voicePrompt: piece, lang: 'en-US', last: false });
    relay.send({ type: 'prompt', voicePrompt: 'and that is why I called.', lang: 'en-US', last: true });
    await relay.nextTurn(30_000);
    const turns = await db.db.select().from(callTurns).where(eq(callTurns.callId, callId)).orderBy(asc(callTurns.id));
    const rep = turns.filter((t) => t.role === 'rep');
    expect(rep).toHaveLength(1);
    expect(rep[0]!.text.length).toBeLessThanOrEqual(MAX_PROMPT_CHARS);
    expect(turns.every((t) => t.text.length <= 4000)).toBe(true);
    await relay.hangUp();
  }, 60_000);
});
