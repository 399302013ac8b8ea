import { sql } from 'drizzle-orm';
import { bigserial, bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/*.sql: the SQL files are the source of truth for the database, this is the typed view. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    firebaseUid: text('firebase_uid').notNull().unique(),
    email: text('email').notNull().unique(),
    name: text('name'),
    credits: integer('credits').notNull(),
    plan: text('plan').notNull().default('free'),
    /** YYYY-MM of the last free-tier reset (lazy monthly reset, docs/product.md#credits). */
    creditsPeriod: text('credits_period').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // 0003_billing: the Stripe customer and the subscription as last read from Stripe.
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status'),
    subscriptionPriceId: text('subscription_price_id'),
    subscriptionPeriodEnd: timestamp('subscription_period_end', { withTimezone: true }),
    subscriptionCancelAt: timestamp('subscription_cancel_at', { withTimezone: true }),
    /** Unix seconds: start of the billing period whose allowance was last applied. */
    allowancePeriodStart: bigint('allowance_period_start', { mode: 'number' }),
  },
  (t) => [check('users_credits_non_negative', sql`${t.credits} >= 0`)],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null once the account is deleted (0009_account): the row is kept, anonymised, for accounting. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 0009_account: a random id shared by the rows of one deleted account. */
    deletedAccount: text('deleted_account'),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    /** Set on a refund row: the debit it reverses. Unique, so a debit is refunded at most once. */
    refundOf: bigint('refund_of', { mode: 'number' }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.id)],
);

export const enrichmentSettings = pgTable('enrichment_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  aboutMe: text('about_me').notNull(),
  contentPreferences: text('content_preferences').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 0003_billing: Stripe event ids already applied (written in the same transaction as the effects). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** 0002_icebreak_enrich: Icebreak history, Enrich results, news cache. */
export * from './schema-icebreak-enrich';
/** 0005_practice_calls: phone numbers, practice calls and their turns. */
export * from './schema-calls';

/** 0006_reminders: practice-reminder opt-ins and delivery claims. */
export * from './schema-reminders';

/** 0007_hardening: Enrich requests in flight (crash recovery). */
export * from './schema-hardening';
