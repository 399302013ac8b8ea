import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { DbRateLimitStore } from './rate-limit';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database.close());

const at = new Date(Date.UTC(2026, 10, 20, 10, 0, 30));
const clock = { now: () => at };
const written = async (key: string) =>
  Number(
    (await database.raw.query<{ hits: number }>('SELECT coalesce(sum(hits), 0) AS hits FROM rate_limits WHERE key = $1', [key]))[0]?.hits,
  );

describe('DbRateLimitStore', () => {
  it('batched: the first hit asks the database, the next ones are counted here and written by the flush; the window ends on the clock', async () => {
    const store = new DbRateLimitStore(database.db, clock, 1000);
    try {
      const first = await store.increment('batched');
      expect(first).toEqual({ totalHits: 1, resetTime: new Date(Date.UTC(2026, 10, 20, 10, 1, 0)) });
      // Counted here without asking the database (an answer, not a promise of one).
      for (let i = 2; i <= 5; i++) expect(store.increment('batched')).toEqual({ totalHits: i, resetTime: first.resetTime });
      await store.flush();
      expect(await written('batched')).toBe(5);
    } finally {
      store.shutdown();
    }
  });

  it('unbatched: every hit is one write, and the count goes over the limit', async () => {
    const store = new DbRateLimitStore(database.db, clock, 2, { batched: false });
    try {
      const totals = [];
      for (let i = 0; i < 3; i++) totals.push((await store.increment('every-hit')).totalHits);
      expect(totals).toEqual([1, 2, 3]);
      expect(await written('every-hit')).toBe(3);
    } finally {
      store.shutdown();
    }
  });
});
