import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

/* Tables of migrations/0007_hardening.sql (re-exported by schema.ts). */

/** 0007_hardening: an Enrich request in flight, so a crash's debit can be found and refunded. */
export const enrichPending = pgTable(
  'enrich_pending',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: text('lead_id').notNull(),
    claimed: boolean('claimed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enrich_pending_created_idx').on(t.createdAt)],
);
