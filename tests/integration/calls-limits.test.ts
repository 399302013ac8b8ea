import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/src/db/database';
import { practiceCalls, users } from '../../server/src/db/schema';
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
    const database = opened.databases[0]!;
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const calls = await database.db
      .select()
      .from(practiceCalls)
      .where(eq(practiceCalls.userId, row!.id))
      .orderBy(asc(practiceCalls.createdAt));
    expect(calls).toHaveLength(5);
    // Phone calls count even without a word from the rep (each rang a real phone); the reset instant is returned, the portal words it.
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
    expect(await database.db.select().from(practiceCalls).where(eq(practiceCalls.userId, row!.id))).toHaveLength(5);
  });

  it('two calls started at once on different processes: one is placed, the other gets 409', async () => {
    const user = await userWithPhone();
    const before = twilio.calls.length;
    const results = await Promise.all([post(appAt(0), user, '/api/outbound-call'), post(appAt(1), user, '/api/outbound-call')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(twilio.calls.length).toBe(before + 1);
  });
});
