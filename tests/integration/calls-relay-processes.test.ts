/**
 * Issue 28 item 2 across OS processes: a call placed through one server process, its relay opened
 * on another (Twilio's WebSocket may land on any instance behind the load balancer). The handshake
 * binding lives in the shared database, not in a process's memory: the genuine handshake opens on
 * the other process, a signature captured for another user's call opens nothing there, and the
 * call then runs there. PostgreSQL only (PGlite serves one process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApiClient } from '@shared/api/client';
import type { Database } from '../../server/src/db/database';
import { practiceCalls } from '../../server/src/db/schema';
import { relayHandshake } from '../helpers/relay-handshake';
import { processDatabaseTargets } from '../helpers/databases';
import { createTestUser } from '../helpers/emulator';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { parseRelayTwiml, startFakeTwilio, twilioSignature, type FakeCall, type FakeTwilio } from '../fakes/twilio-server';

const PUBLIC_URL = 'https://practice.example.test';

const targets = processDatabaseTargets('relay-processes-');
const target = targets.find((t) => t.concurrent);

describe.runIf(target)('relay handshake across two server processes (PostgreSQL)', () => {
  let twilio: FakeTwilio;
  let database: Database;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    // Migrated before the processes start (two processes never race on a fresh schema).
    database = await target!.open();
    for (let i = 0; i < 2; i++)
      processes.push(await startServerProcess({ ...target!.env, ...twilio.env(), PUBLIC_URL, REMINDERS_ENABLED: 'false' }));
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await database?.close();
    for (const t of targets) await t.dispose();
    await twilio?.close();
  });

  /** A verified user registered on `server` places a practice call there. */
  async function placeCall(server: ServerProcess, name: string): Promise<{ callId: string; call: FakeCall; relayUrl: string }> {
    const user = await createTestUser({ verified: true });
    const client = createApiClient({ baseUrl: server.url, getToken: async () => user.idToken });
    await client.registerUser({ name, email: user.email, firebaseUid: user.uid });
    await client.savePhone({ phoneNumber: '+442079460958', consent: true });
    const { callId } = await client.startOutboundCall({});
    const call = twilio.calls.at(-1)!;
    return { callId: callId!, call, relayUrl: parseRelayTwiml(call.twiml).url };
  }

  const status = async (callId: string) =>
    (await database.db.select({ status: practiceCalls.status }).from(practiceCalls).where(eq(practiceCalls.id, callId)))[0]!.status;

  it("a call placed on one process opens its relay on the other; another user's captured signature opens nothing there", async () => {
    const [one, two] = processes as [ServerProcess, ServerProcess];
    const a = await placeCall(one, 'Alice');
    const b = await placeCall(two, 'Bob');

    const capturedForA = twilioSignature(twilio.authToken, a.relayUrl);
    // B's call, with A's signature, on either process.
    for (const server of processes) expect(await relayHandshake(server.url, b.relayUrl, capturedForA)).toBe(403);
    // A's URL with B's token, signed as Twilio would sign it: the token belongs to another call.
    const mixed = new URL(a.relayUrl);
    mixed.searchParams.set('token', new URL(b.relayUrl).searchParams.get('token')!);
    expect(await relayHandshake(two.url, mixed.toString(), twilioSignature(twilio.authToken, mixed.toString()))).toBe(403);
    expect(await status(b.callId)).toBe('queued');

    // The genuine handshake for A opens on the process that did not place it, and the call runs there.
    expect(await relayHandshake(two.url, a.relayUrl, capturedForA)).toBe(101);
    await twilio.statusCallback(a.call, one.url, 'in-progress');
    const relay = await twilio.connectRelay(a.call, two.url);
    const opening = await relay.nextTurn();
    expect(opening.text.length).toBeGreaterThan(0);
    await relay.hangUp();
  }, 90_000);
});
