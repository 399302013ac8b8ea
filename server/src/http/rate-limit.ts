import type { Request, RequestHandler } from 'express';
import { rateLimit, type IncrementResponse, type Store } from 'express-rate-limit';
import { eq, lt, sql } from 'drizzle-orm';
import { MESSAGES } from '@shared/messages';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';

const WINDOW_MS = 60_000;
/** How often a store writes its counts to the database, and how long a look at the shared count stays good. */
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

export interface RateLimitStoreOptions {
  /**
   * Count locally and write in batches (the default). Off: every hit is one upsert, as a plain
   * database store does (the benchmark's comparison, docs/decisions/0023-batched-rate-limit-store.md).
   */
  batched?: boolean;
}

/**
 * express-rate-limit's store on the `rate_limits` table: fixed one-minute windows of the app's
 * clock, shared by every server process. Batched: each process counts locally and writes its counts
 * in one upsert per second; a key's first hit in a window, and every hit once the count is near the
 * limit, asks the database at once, so small limits stay exact (docs/decisions/0023).
 */
export class DbRateLimitStore implements Store {
  readonly localKeys = false;
  private readonly counters = new Map<string, Counter>();
  private lastPrune = 0;
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly options: RateLimitStoreOptions = {},
  ) {
    this.timer = setInterval(() => {
      if (this.flushing) return;
      // A failed flush keeps its counts for the next one (e.g. the database restarting).
      this.flushing = this.flushNow()
        .catch(() => undefined)
        .finally(() => (this.flushing = null));
    }, RATE_LIMIT_SYNC_MS);
    this.timer.unref();
  }

  increment(key: string): IncrementResponse | Promise<IncrementResponse> {
    const now = this.clock.now().getTime();
    const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const resetTime = new Date(windowStart + WINDOW_MS);
    const id = `${windowStart}|${key}`;
    let counter = this.counters.get(id);
    if (!counter) {
      counter = { key, windowStart, synced: 0, pending: 0, allowance: 0, contactAt: -Infinity, blocked: false };
      this.counters.set(id, counter);
    }
    if (counter.blocked) return { totalHits: counter.synced, resetTime };
    if (counter.allowance > 0 && now - counter.contactAt < RATE_LIMIT_SYNC_MS) {
      counter.allowance -= 1;
      counter.pending += 1;
      return { totalHits: counter.synced + counter.pending, resetTime };
    }
    // First hit here this window, a stale look, or close to the limit: ask the database. Judged
    // by this hit's own total: a concurrent hit's later (higher) total must not refuse it.
    return this.contact(counter, 1).then((total) => ({ totalHits: total, resetTime }));
  }

  decrement(key: string): void {
    const now = this.clock.now().getTime();
    const counter = this.counters.get(`${Math.floor(now / WINDOW_MS) * WINDOW_MS}|${key}`);
    if (counter && counter.pending > 0) counter.pending -= 1;
  }

  async resetKey(key: string): Promise<void> {
    for (const [id, counter] of this.counters) if (counter.key === key) this.counters.delete(id);
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Write the pending counts now (also done every RATE_LIMIT_SYNC_MS). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.flushNow();
  }

  shutdown(): void {
    clearInterval(this.timer);
  }

  /** Add `hits` to the shared counts (one statement for many keys); returns the new totals. */
  private add(rows: { key: string; windowStart: number; hits: number }[]) {
    return this.db
      .insert(rateLimits)
      .values(rows)
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + excluded.hits` } })
      .returning({ key: rateLimits.key, windowStart: rateLimits.windowStart, hits: rateLimits.hits });
  }

  private learn(counter: Counter, total: number, at: number) {
    counter.synced = Math.max(counter.synced, total);
    counter.contactAt = at;
    const seen = counter.synced + counter.pending;
    counter.allowance = this.options.batched === false ? 0 : Math.max(0, Math.floor((this.limit - seen) / RATE_LIMIT_LOCAL_SHARE));
    if (counter.synced > this.limit) counter.blocked = true;
  }

  /** Write this counter's pending hits plus `extra`, learn the shared total and return it. */
  private async contact(counter: Counter, extra: number): Promise<number> {
    const hits = counter.pending + extra;
    counter.pending = 0;
    try {
      const [row] = await this.add([{ key: counter.key, windowStart: counter.windowStart, hits }]);
      const total = row?.hits ?? hits;
      this.learn(counter, total, this.clock.now().getTime());
      return total;
    } catch (err) {
      counter.pending += hits - extra;
      throw err;
    }
  }

  private async flushNow(): Promise<void> {
    const now = this.clock.now().getTime();
    const current = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const due = [...this.counters.values()]
      .filter((c) => c.pending > 0)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart - b.windowStart));
    // Sorted, so two processes flushing at once lock rows in the same order (no deadlock).
    for (let i = 0; i < due.length; i += FLUSH_BATCH) {
      const batch = due.slice(i, i + FLUSH_BATCH);
      const taken = batch.map((c) => c.pending);
      batch.forEach((c) => (c.pending = 0));
      try {
        const totals = await this.add(batch.map((c, j) => ({ key: c.key, windowStart: c.windowStart, hits: taken[j]! })));
        const byId = new Map(totals.map((t) => [`${t.windowStart}|${t.key}`, t.hits]));
        for (const c of batch) this.learn(c, byId.get(`${c.windowStart}|${c.key}`) ?? c.synced, now);
      } catch (err) {
        batch.forEach((c, j) => (c.pending += taken[j]!));
        throw err;
      }
    }
    for (const [id, c] of this.counters) if (c.windowStart < current && c.pending === 0) this.counters.delete(id);
    if (now - this.lastPrune >= WINDOW_MS) {
      this.lastPrune = now;
      await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, current - WINDOW_MS));
    }
  }
}

export type RateLimiter = (limitPerMinute: number, keyOf: (req: Request) => string | undefined) => RequestHandler;

/**
 * express-rate-limit with the shared store: refuse with 429 (the app's message, `Retry-After`
 * in seconds to the end of the window) when `keyOf(req)` made more than `limitPerMinute` requests
 * this minute, all processes together. A request without a key (no identity yet) is not counted.
 */
export function createRateLimiter(db: Db, clock: Clock, options: RateLimitStoreOptions = {}): RateLimiter {
  return (limitPerMinute, keyOf) =>
    rateLimit({
      windowMs: WINDOW_MS,
      limit: limitPerMinute,
      store: new DbRateLimitStore(db, clock, limitPerMinute, options),
      skip: (req) => keyOf(req) === undefined,
      keyGenerator: (req) => keyOf(req)!,
      standardHeaders: 'draft-6',
      legacyHeaders: false,
      // Seconds to the end of the window on the app's clock (the library's own count uses Date.now).
      retryAfter: (req) => {
        const resetAt = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime?.getTime() ?? 0;
        return Math.max(1, Math.ceil((resetAt - clock.now().getTime()) / 1000));
      },
      handler: (_req, _res, next) => next(new HttpError(429, MESSAGES.tooManyRequests)),
    });
}
