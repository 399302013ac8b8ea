import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsToUser } from './schema-users';

/** An Enrich request in flight, so a crash's debit can be found and refunded. */
export const enrichPending = pgTable(
  'enrich_pending',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    leadId: text('lead_id').notNull(),
    claimed: boolean('claimed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [belongsToUser('enrich_pending', t.userId), index('enrich_pending_created_idx').on(t.createdAt)],
);
