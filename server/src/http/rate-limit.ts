import type { RequestHandler } from 'express';
import { lt, sql } from 'drizzle-orm';
import { MESSAGES } from '@shared/messages';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows counted in the database, so the limit holds across server processes.
 * One upsert per request; old windows are pruned now and then.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  async function hit(key: string): Promise<number> {
    const windowStart = Math.floor(clock.now().getTime() / WINDOW_MS) * WINDOW_MS;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, hits: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
      .returning({ hits: rateLimits.hits });
    if (Math.random() < 0.01) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, windowStart - WINDOW_MS));
    }
    return row?.hits ?? 1;
  }

  /** Refuse with 429 when `keyOf(req)` made more than `limit` requests this minute. */
  return function limit(limitPerMinute: number, keyOf: (req: Parameters<RequestHandler>[0]) => string | undefined): RequestHandler {
    return async (req, res, next) => {
      const key = keyOf(req);
      if (!key) return next();
      const hits = await hit(key);
      res.setHeader('RateLimit-Limit', String(limitPerMinute));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, limitPerMinute - hits)));
      if (hits > limitPerMinute) {
        res.setHeader('Retry-After', String(Math.ceil((WINDOW_MS - (clock.now().getTime() % WINDOW_MS)) / 1000)));
        throw new HttpError(429, MESSAGES.tooManyRequests);
      }
      next();
    };
  };
}
