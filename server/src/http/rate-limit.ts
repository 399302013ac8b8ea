import type { RequestHandler } from 'express';
import { lt, sql } from 'drizzle-orm';
import { MESSAGES } from '@shared/messages';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';

const WINDOW_MS = 60_000;
/** How often a process writes its counts to the database, and how long a look at the shared count stays good. */
export const RATE_LIMIT_SYNC_MS = 1_000;
/**
 * Below the limit a process admits, without asking the database, at most this fraction of what it
 * last saw remaining. So with P processes the shared count can overshoot the limit by at most
 * P × remaining / LOCAL_SHARE (a few requests near the limit, ≤ 1/4 of it with two processes in the
 * worst burst), while far from the limit almost no request costs a database write.
 */
export const RATE_LIMIT_LOCAL_SHARE = 8;
const FLUSH_BATCH = 500;

/** One key's count in one window, as this process knows it. */
interface Counter {
  key: string;
  windowStart: number;
  limit: number;
  /** The shared count at the last contact with the database (this process' written hits included). */
  synced: number;
  /** Hits admitted here and not yet written. */
  pending: number;
  /** Hits this process may still admit without asking. */
  allowance: number;
  /** When the database was last asked (clock ms). */
  contactAt: number;
  /** The shared count went over the limit: refuse until the window ends. */
  blocked: boolean;
}

export interface RateLimiter {
  /** Refuse with 429 when `keyOf(req)` made more than `limitPerMinute` requests this minute (all processes together). */
  (limitPerMinute: number, keyOf: (req: Parameters<RequestHandler>[0]) => string | undefined): RequestHandler;
  /** Write the pending counts now (also done every RATE_LIMIT_SYNC_MS). */
  flush(): Promise<void>;
  /** Stop the periodic flush (the timer never keeps the process alive anyway). */
  stop(): void;
}

/**
 * Fixed one-minute windows counted in the database, so the limit holds across server processes,
 * without a database write per request: each process counts locally and writes its counts in one
 * batched upsert per second. A key's first request in a window, and every request once the count is
 * near the limit, asks the database synchronously, so small limits stay exact.
 */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  const counters = new Map<string, Counter>();
  let lastPrune = 0;

  const windowOf = (ms: number) => Math.floor(ms / WINDOW_MS) * WINDOW_MS;

  /** Add `hits` to the shared counts (one statement for many keys); returns the new totals. */
  async function add(rows: { key: string; windowStart: number; hits: number }[]) {
    const result = await db
      .insert(rateLimits)
      .values(rows)
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + excluded.hits` } })
      .returning({ key: rateLimits.key, windowStart: rateLimits.windowStart, hits: rateLimits.hits });
    return result;
  }

  function learn(counter: Counter, total: number, at: number) {
    counter.synced = Math.max(counter.synced, total);
    counter.contactAt = at;
    const seen = counter.synced + counter.pending;
    counter.allowance = Math.max(0, Math.floor((counter.limit - seen) / RATE_LIMIT_LOCAL_SHARE));
    if (counter.synced > counter.limit) counter.blocked = true;
  }

  /** Write this counter's pending hits plus `extra`, learn the shared total and return it. */
  async function contact(counter: Counter, extra: number): Promise<number> {
    const hits = counter.pending + extra;
    counter.pending = 0;
    try {
      const [row] = await add([{ key: counter.key, windowStart: counter.windowStart, hits }]);
      const total = row?.hits ?? hits;
      learn(counter, total, clock.now().getTime());
      return total;
    } catch (err) {
      counter.pending += hits - extra;
      throw err;
    }
  }

  async function flush(): Promise<void> {
    const now = clock.now().getTime();
    const current = windowOf(now);
    const due = [...counters.values()]
      .filter((c) => c.pending > 0)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart - b.windowStart));
    // Sorted, so two processes flushing at once lock rows in the same order (no deadlock).
    for (let i = 0; i < due.length; i += FLUSH_BATCH) {
      const batch = due.slice(i, i + FLUSH_BATCH);
      const taken = batch.map((c) => c.pending);
      batch.forEach((c) => (c.pending = 0));
      try {
        const totals = await add(batch.map((c, j) => ({ key: c.key, windowStart: c.windowStart, hits: taken[j]! })));
        const byId = new Map(totals.map((t) => [`${t.windowStart}|${t.key}`, t.hits]));
        for (const c of batch) learn(c, byId.get(`${c.windowStart}|${c.key}`) ?? c.synced, now);
      } catch (err) {
        batch.forEach((c, j) => (c.pending += taken[j]!));
        throw err;
      }
    }
    for (const [id, c] of counters) if (c.windowStart < current && c.pending === 0) counters.delete(id);
    if (now - lastPrune >= WINDOW_MS) {
      lastPrune = now;
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, current - WINDOW_MS));
    }
  }

  let flushing: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (flushing) return;
    // A failed flush keeps its counts for the next one (e.g. the database restarting).
    flushing = flush()
      .catch(() => undefined)
      .finally(() => (flushing = null));
  }, RATE_LIMIT_SYNC_MS);
  timer.unref();

  type Outcome = { count: number; refused: boolean; windowStart: number };

  /** Count one hit; the shared count as this process estimates it, or a promise when the database must be asked. */
  function hit(key: string, limit: number): Outcome | Promise<Outcome> {
    const now = clock.now().getTime();
    const windowStart = windowOf(now);
    const id = `${windowStart}|${key}`;
    let counter = counters.get(id);
    if (!counter) {
      counter = { key, windowStart, limit, synced: 0, pending: 0, allowance: 0, contactAt: -Infinity, blocked: false };
      counters.set(id, counter);
    }
    counter.limit = limit;
    if (counter.blocked) return { count: counter.synced, refused: true, windowStart };
    if (counter.allowance > 0 && now - counter.contactAt < RATE_LIMIT_SYNC_MS) {
      counter.allowance -= 1;
      counter.pending += 1;
      return { count: counter.synced + counter.pending, refused: false, windowStart };
    }
    // First hit here this window, a stale look, or close to the limit: ask the database.
    // Judged by this hit's own total: a concurrent hit's later (higher) total must not refuse it.
    const asked = counter;
    return contact(asked, 1).then((total) => ({ count: total + asked.pending, refused: total > limit, windowStart }));
  }

  function limit(limitPerMinute: number, keyOf: (req: Parameters<RequestHandler>[0]) => string | undefined): RequestHandler {
    const limitHeader = String(limitPerMinute);
    const answer = (res: Parameters<RequestHandler>[1], next: () => void, { count, refused, windowStart }: Outcome) => {
      res.setHeader('RateLimit-Limit', limitHeader);
      res.setHeader('RateLimit-Remaining', String(Math.max(0, limitPerMinute - count)));
      if (refused) {
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil((windowStart + WINDOW_MS - clock.now().getTime()) / 1000))));
        throw new HttpError(429, MESSAGES.tooManyRequests);
      }
      next();
    };
    // Synchronous while the local allowance lasts (almost every request): no promise to settle.
    return (req, res, next) => {
      const key = keyOf(req);
      if (!key) return next();
      const outcome = hit(key, limitPerMinute);
      if (outcome instanceof Promise) return outcome.then((known) => answer(res, next, known));
      answer(res, next, outcome);
    };
  }

  return Object.assign(limit, {
    flush: async () => {
      while (flushing) await flushing;
      await flush();
    },
    stop: () => clearInterval(timer),
  });
}
