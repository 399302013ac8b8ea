import { sql } from 'drizzle-orm';
import { OUTPUT_LANGUAGE_SETTINGS } from '@shared/constants';
import { bigserial, bigint, check, foreignKey, index, integer, pgTable, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/*
 * The base tables every feature's tables refer to. Constraint names are PostgreSQL's own defaults
 * (`<table>_<column>_fkey`, `_key`, `_pkey`, `_check`): the databases created before drizzle-kit
 * generated the migrations carry those names, and a later generated ALTER … DROP CONSTRAINT must find them.
 */

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    firebaseUid: text('firebase_uid').notNull().unique('users_firebase_uid_key'),
    email: text('email').notNull().unique('users_email_key'),
    name: text('name'),
    credits: integer('credits').notNull(),
    plan: text('plan').notNull().default('free'),
    /** YYYY-MM of the last free-tier reset (the monthly reset happens lazily, on the next read). */
    creditsPeriod: text('credits_period').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The Stripe customer and the subscription as last read from Stripe.
    stripeCustomerId: text('stripe_customer_id').unique('users_stripe_customer_id_key'),
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

/** `user_id REFERENCES users(id) ON DELETE CASCADE`: the row goes with its user. */
export function belongsToUser(table: string, userId: PgColumn) {
  return foreignKey({ name: `${table}_user_id_fkey`, columns: [userId], foreignColumns: [users.id] }).onDelete('cascade');
}

/** `CHECK (column IN (…))` over a fixed list of values. */
export function oneOf(name: string, column: PgColumn, values: readonly string[]) {
  return check(name, sql`${column} IN (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`);
}

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null once the account is deleted: the row is kept, anonymised, for accounting. */
    userId: text('user_id'),
    /** A random id shared by the rows of one deleted account. */
    deletedAccount: text('deleted_account'),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    /**
     * What a debit paid for, as its user reads it ('Icebreak analysis — Tomás O'Connor, Lumen Bank');
     * a refund shows its debit's. Cleared when the account is deleted (it names prospects).
     */
    label: text('label'),
    /**
     * Set when the row moved a team's pool (docs/product.md#team-credits), not the user's own credits:
     * `balance_after` is then the pool's. No foreign key: the books of a deleted team are kept.
     */
    teamId: text('team_id'),
    /** Set on a refund row: the debit it reverses. Unique, so a debit is refunded at most once. */
    refundOf: bigint('refund_of', { mode: 'number' }).unique('credit_ledger_refund_of_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    index('credit_ledger_team_idx')
      .on(t.teamId, t.id)
      .where(sql`${t.teamId} IS NOT NULL`),
    foreignKey({ name: 'credit_ledger_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }).onDelete('set null'),
    foreignKey({ name: 'credit_ledger_refund_of_fkey', columns: [t.refundOf], foreignColumns: [t.id] }),
    check('credit_ledger_owner', sql`${t.userId} IS NOT NULL OR ${t.deletedAccount} IS NOT NULL`),
  ],
);

export const enrichmentSettings = pgTable(
  'enrichment_settings',
  {
    userId: text('user_id').primaryKey(),
    name: text('name').notNull(),
    aboutMe: text('about_me').notNull(),
    contentPreferences: text('content_preferences').notNull(),
    /** The writers' output language: `auto` (the description's language, else English) or a language code. */
    outputLanguage: text('output_language').notNull().default('auto'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    belongsToUser('enrichment_settings', t.userId),
    oneOf('enrichment_settings_output_language_check', t.outputLanguage, OUTPUT_LANGUAGE_SETTINGS),
  ],
);
