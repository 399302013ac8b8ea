import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { LEDGER_REFERENCE_PREFIXES, ledgerPurposeOf } from '@shared/credit-usage';
import type { CreditHistoryResponse, LedgerReasonName } from '@shared/schemas';
import type { Db, SqlRunner } from '../../db/database';
import { creditLedger, rateLimits, users } from '../../db/schema';

/** A foreign key to users(id): the table, its column and what deleting a user does to its rows. */
export interface UserReference {
  table: string;
  column: string;
  /** pg_constraint.confdeltype: c cascade, n set null, a no action, r restrict, d set default. */
  onDelete: string;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table that points at users, read from the catalog: export and deletion follow it, so a
 * feature that adds a table with a user_id foreign key is covered without editing this file.
 */
export async function userReferences(raw: SqlRunner): Promise<UserReference[]> {
  return raw.query<UserReference>(
    `SELECT c.conrelid::regclass::text AS "table", a.attname::text AS "column", c.confdeltype::text AS "onDelete"
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
      ORDER BY 1, 2`,
  );
}

export function createAccountRepository(db: Db, raw: SqlRunner) {
  return {
    /** The caller's ledger, newest first, keyset-paged on id (stable while new rows arrive). */
    async creditHistory(userId: string, page: { before?: number; limit: number }): Promise<CreditHistoryResponse> {
      const rows = await db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), page.before === undefined ? undefined : lt(creditLedger.id, page.before)))
        .orderBy(desc(creditLedger.id))
        .limit(page.limit + 1);
      const entries = rows.slice(0, page.limit).map((r) => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        delta: r.delta,
        balanceAfter: r.balanceAfter,
        reason: r.reason as LedgerReasonName,
        ...ledgerPurposeOf(r.reference),
      }));
      return { entries, nextBefore: rows.length > page.limit ? entries[entries.length - 1]!.id : null };
    },

    /** The ledger rows of a period, oldest first (a period holds at most a plan's allowance of debits). */
    async ledgerSince(userId: string, from: Date) {
      return db
        .select({ at: creditLedger.createdAt, delta: creditLedger.delta, reason: creditLedger.reason })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), gte(creditLedger.createdAt, from)))
        .orderBy(asc(creditLedger.id));
    },

    /** Everything stored about the user: the account row and each referencing table's rows. */
    async exportAll(userId: string) {
      const [account] = await raw.query<Record<string, unknown>>(`SELECT * FROM users WHERE id = $1`, [userId]);
      const data: Record<string, Record<string, unknown>[]> = {};
      for (const ref of await userReferences(raw)) {
        // Names come from the catalog (regclass text is already quoted where needed), never from input.
        const rows = await raw.query<Record<string, unknown>>(`SELECT * FROM ${ref.table} WHERE ${quoteIdent(ref.column)} = $1`, [userId]);
        data[ref.table] = [...(data[ref.table] ?? []), ...rows];
      }
      return { account: account ?? {}, data };
    },

    /**
     * Delete the user and, through ON DELETE CASCADE, every row that points at them. The ledger is
     * kept for accounting (ON DELETE SET NULL): first tagged with a tombstone, its references to
     * the user's analyses, leads and calls cut down to their kind. One transaction: all or nothing.
     */
    async deleteUser(userId: string, firebaseUid: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!row) return false;
        const kindOf = sql.join(
          Object.values(LEDGER_REFERENCE_PREFIXES).map(
            (p) => sql`WHEN ${creditLedger.reference} LIKE ${`${p}%`} THEN ${p.replace(/:$/, '')}`,
          ),
          sql` `,
        );
        await tx
          .update(creditLedger)
          .set({ deletedAccount: randomUUID(), reference: sql`CASE ${kindOf} ELSE ${creditLedger.reference} END` })
          .where(eq(creditLedger.userId, userId));
        await tx.delete(rateLimits).where(eq(rateLimits.key, `user:${firebaseUid}`));
        await tx.delete(users).where(eq(users.id, userId));
        return true;
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
