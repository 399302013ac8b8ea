import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Stripe event ids already applied (written in the same transaction as the effects). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
