import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { newsCache } from '../../db/schema';
import type { Headline } from './news-source';

export interface NewsCache {
  /** Headlines stored for this query and still fresh, or undefined. */
  get(provider: string, query: string): Promise<Headline[] | undefined>;
  /** Store headlines; a failed lookup (`failed`) is remembered for a shorter time. */
  put(provider: string, query: string, headlines: Headline[], failed: boolean): Promise<void>;
}

export interface NewsCacheOptions {
  ttlMs?: number;
  failureTtlMs?: number;
}

/**
 * A cache in the database, so every server process shares it (and GDELT's rate limit is respected
 * across them). A failure is stored with a back-dated time so it expires after failureTtlMs.
 */
export function createDbNewsCache(db: Db, clock: Clock, options: NewsCacheOptions = {}): NewsCache {
  const ttl = options.ttlMs ?? 60 * 60 * 1000;
  const failureTtl = Math.min(ttl, options.failureTtlMs ?? 5 * 60 * 1000);
  return {
    async get(provider, query) {
      const [row] = await db
        .select({ headlines: newsCache.headlines, fetchedAt: newsCache.fetchedAt })
        .from(newsCache)
        .where(and(eq(newsCache.provider, provider), eq(newsCache.query, query)));
      if (!row || clock.now().getTime() - row.fetchedAt.getTime() > ttl) return undefined;
      return row.headlines as Headline[];
    },
    async put(provider, query, headlines, failed) {
      const fetchedAt = new Date(clock.now().getTime() - (failed ? ttl - failureTtl : 0));
      await db
        .insert(newsCache)
        .values({ provider, query, headlines, fetchedAt })
        .onConflictDoUpdate({ target: [newsCache.provider, newsCache.query], set: { headlines, fetchedAt: sql`excluded.fetched_at` } });
    },
  };
}
