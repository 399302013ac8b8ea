import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_LOCAL_SHARE } from '../../server/src/http/rate-limit';
import type { Clock } from '../../server/src/clock';
import { databaseTargets } from '../helpers/databases';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Mid-minute and frozen, so a burst never straddles two rate-limit windows; each test its own
 * (later) minute, so counts that closed apps still flush cannot land in another test's window.
 */
let minute = 0;
const frozenClock = (): Clock => {
  const at = new Date(Date.UTC(2026, 10, 20, 10, (minute += 2), 30));
  return { now: () => at };
};

/** The documented worst case: each process may admit 1/LOCAL_SHARE of what it saw remaining unseen. */
const tolerance = (limit: number, processes: number) => processes * Math.ceil(limit / RATE_LIMIT_LOCAL_SHARE);

/** `total` requests, `concurrency` at a time, spread over the apps in turn; returns the statuses. */
async function burst(apps: TestApp[], total: number, concurrency: number, request: (app: TestApp) => Promise<Response>) {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const app = apps[next++ % apps.length]!;
        const res = await request(app);
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    }),
  );
  return statuses;
}

describe.each(databaseTargets())('rate limits across two server processes on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.dispose());

  async function twoApps(env: Record<string, string>) {
    const clock = frozenClock();
    return Promise.all([startTestApp({ database, clock, env }), startTestApp({ database, clock, env })]);
  }

  /** Hits of `key` in its latest window: each test runs in a later minute than the ones before it. */
  const hitsOf = async (key: string) =>
    Number(
      (
        await database.raw.query<{ hits: number }>(
          'SELECT coalesce(sum(hits), 0) AS hits FROM rate_limits WHERE key = $1 AND window_start = (SELECT max(window_start) FROM rate_limits WHERE key = $1)',
          [key],
        )
      )[0]?.hits ?? 0,
    );

  it('per user: a concurrent burst through both processes admits the limit (within the tolerance), then both refuse', async () => {
    const limit = 40;
    const apps = await twoApps({ RATE_LIMIT_PER_MINUTE: String(limit), RATE_LIMIT_IP_PER_MINUTE: '100000' });
    try {
      const user: TestUser = await createTestUser({ verified: true });
      await apps[0]!.register(user, 'Burst'); // counts as one request of the user
      const statuses = await burst(apps, 160, 16, (app) => app.fetch(`/api/user-credits/${user.email}`, { user }));
      const admitted = statuses.filter((s) => s === 200).length + 1;
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect(admitted).toBeGreaterThanOrEqual(limit);
      expect(admitted).toBeLessThanOrEqual(limit + tolerance(limit, 2));
      for (const app of apps) expect((await app.fetch(`/api/user-credits/${user.email}`, { user })).status).toBe(429);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });

  it('per address: requests alternating between the processes are limited together', async () => {
    const limit = 30;
    const apps = await twoApps({ RATE_LIMIT_IP_PER_MINUTE: String(limit) });
    try {
      const statuses = await burst(apps, 90, 1, (app) => app.fetch('/api/config'));
      const admitted = statuses.filter((s) => s === 200).length;
      expect(admitted).toBeGreaterThanOrEqual(limit);
      expect(admitted).toBeLessThanOrEqual(limit + tolerance(limit, 2));
      expect(statuses.slice(-10).every((s) => s === 429)).toBe(true);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });

  it('far from the limit requests are counted in memory and written in a batch about once a second', async () => {
    const apps = await twoApps({ RATE_LIMIT_IP_PER_MINUTE: '100000' });
    try {
      const statuses = await burst(apps, 100, 1, (app) => app.fetch('/api/config'));
      expect(statuses.every((s) => s === 200)).toBe(true);
      const key = (await database.raw.query<{ key: string }>("SELECT key FROM rate_limits WHERE key LIKE 'ip:%'"))[0]?.key;
      expect(key).toBeDefined();
      // Each process wrote its first request at once; the rest wait for the next batch.
      const written = await hitsOf(key!);
      expect(written).toBeLessThan(100);
      await expect.poll(() => hitsOf(key!), { timeout: 5000, interval: 200 }).toBe(100);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });
});
