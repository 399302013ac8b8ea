import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { MESSAGES } from '@shared/messages';
import { systemClock } from '../../server/src/clock';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { createOpenAiGenerator } from '../../server/src/features/generation/openai-generator';
import { databaseTargets, type DatabaseTarget } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DEFAULT_CHUNKS, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';

const DESCRIPTION = 'Jane Smith is the CTO at Acme Robotics in Berlin. She loves climbing and open-source hardware.';

/**
 * The writer's upstream request starts while the analysis is stored and charged (the two waits
 * overlap), but no text reaches the client before the charge, and a refused charge cancels it.
 */
/** A test app on `target` whose writer is the loopback OpenAI fake, with a way to make users with n credits. */
function appWithFakeWriter(target: DatabaseTarget) {
  const env = {} as { database: Awaited<ReturnType<DatabaseTarget['open']>>; fake: FakeOpenAi; app: TestApp };
  beforeAll(async () => {
    env.database = await target.open();
    env.fake = await startFakeOpenAi();
    env.app = await startTestApp({
      database: env.database,
      env: { RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_IP_PER_MINUTE: '10000' },
      deps: { generator: createOpenAiGenerator({ baseUrl: env.fake.url, model: 'fake-model', idleTimeoutMs: 5000, maxAttempts: 1 }) },
    });
  });
  afterAll(async () => {
    await env.app.close();
    await env.fake.close();
    await env.database.dispose();
  });

  async function userWithCredits(n: number): Promise<{ user: TestUser; id: string }> {
    const user = await env.app.signUp('Tester');
    const [row] = await env.database.raw.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email.toLowerCase()]);
    const credits = createCreditsService(env.database.db, systemClock);
    await env.database.db.transaction((tx) => credits.setAllowance(tx, row!.id, n, 'adjustment', 'test'));
    return { user, id: row!.id };
  }
  const search = (user: TestUser, profileUrl = DESCRIPTION) =>
    env.app.fetch(`/api/search?${new URLSearchParams({ profileUrl, email: user.email })}`, { user });
  return { env, userWithCredits, search };
}

describe.each(databaseTargets())('Icebreak writer started beside the charge, on $name', (target) => {
  const { env, userWithCredits, search } = appWithFakeWriter(target);

  it('one credit, five analyses at once: one answered and charged; every other upstream request is cancelled or never made', async () => {
    env.fake.requests.length = 0;
    env.fake.setDefault({ chunks: DEFAULT_CHUNKS, chunkDelayMs: 20 });
    const { user, id } = await userWithCredits(1);
    const results = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const res = await search(user, `${DESCRIPTION} Note ${i + 1}.`);
        return { status: res.status, body: await res.text() };
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 402);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(JSON.parse(r.body)).toEqual({ message: MESSAGES.noCredits, code: 'insufficient_credits' });
    await Promise.all(env.fake.requests.map((r) => r.closed));
    expect(env.fake.requests.filter((r) => r.finished)).toHaveLength(1);
    expect(env.fake.requests.filter((r) => !r.finished).every((r) => r.closedEarly)).toBe(true);
    const [debits] = await env.database.raw.query<{ n: string }>(
      `SELECT count(*) AS n FROM credit_ledger WHERE user_id = $1 AND reason = 'debit'`,
      [id],
    );
    expect(Number(debits!.n)).toBe(1);
    expect(await env.app.client(user).getHistory(user.email)).toHaveLength(1);
  });
});

/** PostgreSQL only: another transaction holds the user's row, so the debit waits while the upstream does not. */
describe.each(databaseTargets().filter((t) => t.name === 'postgres'))('Icebreak charge and upstream overlap, on $name', (target) => {
  const { env, userWithCredits, search } = appWithFakeWriter(target);

  /** Hold the user's row as the debit's UPDATE would (FOR NO KEY UPDATE) while `work` runs. */
  async function holdingUserRow<T>(userId: string, work: (read: (sql: string) => Promise<number>) => Promise<T>): Promise<T> {
    const [{ schema }] = (await env.database.raw.query<{ schema: string }>('SELECT current_schema() AS schema')) as [{ schema: string }];
    const locker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      // The history insert (FOR KEY SHARE on the user) does not wait for this lock; the debit does.
      await locker.query(`SELECT id FROM ${schema}.users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
      return await work(async (sql) => Number((await locker.query(sql.replaceAll('$schema', schema), [userId])).rows[0].n));
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
  }

  it('the upstream request is made while the debit waits; nothing is sent to the client until the charge', async () => {
    env.fake.requests.length = 0;
    env.fake.setDefault({ chunks: DEFAULT_CHUNKS });
    const { user, id } = await userWithCredits(5);
    const { response } = await holdingUserRow(id, async (count) => {
      let answered = false;
      const response = search(user).then((r) => {
        answered = true;
        return r;
      });
      await env.fake.waitForRequests(1);
      await new Promise((r) => setTimeout(r, 100));
      expect(answered).toBe(false); // not even the headers: the first line follows the charge
      expect(await count(`SELECT count(*) AS n FROM $schema.credit_ledger WHERE user_id = $1 AND reason = 'debit'`)).toBe(0);
      return { response }; // wrapped: returning the promise itself would wait for it while holding the lock
    });
    const res = await response;
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { content: string; done?: boolean; errorMessage?: string | null });
    expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: null });
    expect(lines.some((l) => l.content.includes('Berlin expansion'))).toBe(true);
  });

  it('one credit, three analyses past the balance check at once: the two refused charges cancel their upstream requests', async () => {
    env.fake.requests.length = 0;
    env.fake.setDefault({ chunks: DEFAULT_CHUNKS, chunkDelayMs: 20 });
    const { user, id } = await userWithCredits(1);
    const results = await holdingUserRow(id, async () => {
      const pending = [1, 2, 3].map((i) =>
        search(user, `${DESCRIPTION} Note ${i}.`).then(async (r) => ({ status: r.status, body: await r.text() })),
      );
      await env.fake.waitForRequests(3); // all three read 1 credit and started their writer
      return pending;
    }).then((pending) => Promise.all(pending));
    expect(results.map((r) => r.status).sort()).toEqual([200, 402, 402]);
    await Promise.all(env.fake.requests.map((r) => r.closed));
    expect(env.fake.requests).toHaveLength(3);
    expect(env.fake.requests.filter((r) => r.finished)).toHaveLength(1);
    expect(env.fake.requests.filter((r) => r.closedEarly)).toHaveLength(2);
    expect(await env.app.client(user).getHistory(user.email)).toHaveLength(1);
  });
});
