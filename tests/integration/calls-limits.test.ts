import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/src/db/database';
import { practiceCalls, users } from '../../server/src/db/schema';
import { CALLS_MESSAGES } from '../../server/src/features/calls/calls-messages';
import type { TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio-server';

const PUBLIC_URL = 'https://practice.example.test';
const url = process.env.TEST_DATABASE_URL;

/**
 * The daily cap and the one-call-at-a-time rule are kept in the database: on PostgreSQL two server
 * processes (two apps, two connection pools) share one schema; on PGlite one app.
 */
const setups = [
  {
    name: 'two server processes sharing PostgreSQL',
    enabled: Boolean(url),
    async open() {
      const schemaName = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const a = await openDatabase({ url: url!, schemaName });
      const b = await openDatabase({ url: url!, schemaName });
      return {
        databases: [a, b],
        async dispose() {
          await a.close();
          await b.close();
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
          await admin.end();
        },
      };
    },
  },
  {
    name: 'one server process on PGlite',
    enabled: true,
    async open() {
      const a = await openDatabase({});
      return { databases: [a], dispose: () => a.close() };
    },
  },
];

describe.each(setups.filter((s) => s.enabled))('practice-call limits: $name', (setup) => {
  let twilio: FakeTwilio;
  let opened: { databases: Database[]; dispose(): Promise<void> };
  let apps: TestApp[];

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    opened = await setup.open();
    apps = await Promise.all(
      opened.databases.map((database) => startTestApp({ env: { ...twilio.env(), PUBLIC_URL, PRACTICE_CALLS_PER_DAY: '5' }, database })),
    );
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await opened?.dispose();
    await twilio?.close();
  });

  const appAt = (i: number) => apps[i % apps.length]!;

  async function userWithPhone(): Promise<TestUser> {
    const user = await appAt(0).signUp('Rep');
    await appAt(0).client(user).savePhone({ phoneNumber: '+442079460958', consent: true });
    return user;
  }

  /** The user's call rows, oldest first. */
  async function callsOf(user: TestUser) {
    const { db } = opened.databases[0]!;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    return db.select().from(practiceCalls).where(eq(practiceCalls.userId, row!.id)).orderBy(asc(practiceCalls.createdAt));
  }

  async function post(app: TestApp, user: TestUser, path: string) {
    const res = await app.fetch(path, { method: 'POST', user, headers: { 'Content-Type': 'application/json' }, body: '{}' });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as { success?: boolean; error?: string; message?: string; callId?: string; retryAt?: string },
    };
  }

  it('the sixth call of the day is refused, naming when the next call is possible (browser sessions count too)', async () => {
    const user = await userWithPhone();
    for (let i = 0; i < 5; i += 1) {
      const placed = await post(appAt(i), user, '/api/outbound-call');
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      // The call ends; Twilio's callback reaches whichever process the load balancer picks.
      const res = await twilio.statusCallback(twilio.calls.at(-1)!, appAt(i + 1).url, 'completed');
      expect(res.status).toBe(204);
    }
    const calls = await callsOf(user);
    expect(calls).toHaveLength(5);
    // Answered phone calls count (Twilio reports them completed); the reset instant is returned, the portal words it.
    const next = new Date(calls[0]!.createdAt.getTime() + 24 * 3600 * 1000);

    const before = twilio.calls.length;
    for (const [i, path] of [
      [5, '/api/outbound-call'],
      [6, '/api/calls/practice'],
    ] as const) {
      const sixth = await post(appAt(i), user, path);
      expect(sixth.status, path).toBe(429);
      const text = sixth.body.error ?? sixth.body.message ?? '';
      expect(text).toContain('5 practice calls');
      expect(sixth.body.retryAt).toBe(next.toISOString());
      expect(Number(sixth.retryAfter)).toBeGreaterThan(23 * 3600);
    }
    expect(twilio.calls.length).toBe(before);
    expect(await callsOf(user)).toHaveLength(5);
  });

  it('unanswered or silent phone calls do not use up the limit, but a number is rung at most twice the limit a day', async () => {
    const user = await userWithPhone();
    // Ten calls nobody practised in: four unanswered, three busy, three answered and hung up before a word.
    const endings = [...Array<string>(4).fill('no-answer'), ...Array<string>(3).fill('busy')];
    for (let i = 0; i < 10; i += 1) {
      const placed = await post(appAt(i), user, '/api/outbound-call');
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const call = twilio.calls.at(-1)!;
      if (i < endings.length) {
        expect((await twilio.statusCallback(call, appAt(i + 1).url, endings[i]!)).status).toBe(204);
      } else {
        await twilio.statusCallback(call, appAt(i).url, 'in-progress');
        const relay = await twilio.connectRelay(call, appAt(i + 1).url);
        await relay.nextTurn();
        await relay.hangUp();
        await expect
          .poll(async () => (await appAt(0).client(user).getCall(placed.body.callId!)).status, { timeout: 10_000 })
          .toBe('abandoned');
      }
    }
    const calls = await callsOf(user);
    expect(calls.map((c) => c.counted)).toEqual(Array(10).fill(false));

    // The eleventh ring is refused, naming when the oldest leaves the 24 hours; the phone is not rung.
    const before = twilio.calls.length;
    const refused = await post(appAt(10), user, '/api/outbound-call');
    expect(refused.status).toBe(429);
    expect(refused.body.message ?? refused.body.error).toBe(CALLS_MESSAGES.phoneDialLimit(10));
    expect(refused.body.retryAt).toBe(new Date(calls[0]!.createdAt.getTime() + 24 * 3600 * 1000).toISOString());
    expect(twilio.calls.length).toBe(before);
    // Practice in the browser is still open: none of the ten counted against the daily limit.
    expect((await post(appAt(11), user, '/api/calls/practice')).status).toBe(201);
  });

  it('two calls started at once on different processes: one is placed, the other gets 409', async () => {
    const user = await userWithPhone();
    const before = twilio.calls.length;
    const results = await Promise.all([post(appAt(0), user, '/api/outbound-call'), post(appAt(1), user, '/api/outbound-call')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(twilio.calls.length).toBe(before + 1);
  });
});
