import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ColdCallScript, LinkedinDm } from '@shared/schemas/enrich';
import { belongsToUser, creditLedger, oneOf } from './schema-users';

/** One Icebreak analysis (`processing` → `Ready` | `Failed`). */
export const icebreakHistory = pgTable(
  'icebreak_history',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    status: text('status').notNull(),
    description: text('description').notNull(),
    goal: text('goal').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Read from the description at the start: two analyses of one name are told apart by them. */
    role: text('role').notNull().default(''),
    company: text('company').notNull().default(''),
    generator: text('generator'),
    insightsText: jsonb('insights_text').$type<string[]>().notNull().default([]),
    errorMessage: text('error_message'),
    debitLedgerId: bigint('debit_ledger_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // What the answer was computed from, which Regenerate it is, whether news was cited.
    inputHash: text('input_hash'),
    variant: integer('variant').notNull().default(0),
    newsFound: boolean('news_found'),
  },
  (t) => [
    belongsToUser('icebreak_history', t.userId),
    foreignKey({ name: 'icebreak_history_debit_ledger_id_fkey', columns: [t.debitLedgerId], foreignColumns: [creditLedger.id] }),
    oneOf('icebreak_history_status', t.status, ['processing', 'Ready', 'Failed']),
    index('icebreak_history_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // The sweep's look-up of items a crashed process left behind.
    index('icebreak_history_processing_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'processing'`),
    // The same input already answered, returned without a charge.
    index('icebreak_history_input_idx')
      .on(t.userId, t.inputHash, t.createdAt.desc().nullsFirst())
      .where(sql`${t.status} = 'Ready'`),
  ],
);

/** The latest Enrich result of each output per user and CRM lead. */
export const leadEnrichments = pgTable(
  'lead_enrichments',
  {
    userId: text('user_id').notNull(),
    leadId: text('lead_id').notNull(),
    generator: text('generator').notNull(),
    linkedinDm: jsonb('linkedin_dm').$type<LinkedinDm>(),
    coldCallScript: jsonb('cold_call_script').$type<ColdCallScript>(),
    // Per output, what it was computed from and which Regenerate it is.
    linkedinDmInputHash: text('linkedin_dm_input_hash'),
    linkedinDmVariant: integer('linkedin_dm_variant').notNull().default(0),
    coldCallScriptInputHash: text('cold_call_script_input_hash'),
    coldCallScriptVariant: integer('cold_call_script_variant').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'lead_enrichments_pkey', columns: [t.userId, t.leadId] }),
    belongsToUser('lead_enrichments', t.userId),
    index('lead_enrichments_lead_idx').on(t.leadId),
  ],
);

/** Headlines per news provider and query, shared by every server process. */
export const newsCache = pgTable(
  'news_cache',
  {
    provider: text('provider').notNull(),
    query: text('query').notNull(),
    headlines: jsonb('headlines').$type<unknown[]>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'news_cache_pkey', columns: [t.provider, t.query] })],
);
