import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Fixed-window request counters, shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ name: 'rate_limits_pkey', columns: [t.key, t.windowStart] })],
);
