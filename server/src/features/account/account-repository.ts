import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LEDGER_LABELS, LEDGER_REFERENCE_PREFIXES, ledgerPurposeOf } from '@shared/credit-usage';
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

/** A foreign key of the users' schema: `table(columns)` → `references(referencedColumns)`. */
interface ForeignKey {
  table: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
}

/** Every foreign key between tables of the schema that holds `users` (other test schemas on the same server excluded). */
async function foreignKeys(raw: SqlRunner): Promise<ForeignKey[]> {
  return raw.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS "table", c.confrelid::regclass::text AS "references",
            json_agg(a.attname::text ORDER BY k.ord) AS "columns", json_agg(fa.attname::text ORDER BY k.ord) AS "referencedColumns"
       FROM pg_constraint c
       JOIN pg_class r ON r.oid = c.conrelid
      CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(attnum, fattnum, ord)
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
       JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = k.fattnum
      WHERE c.contype = 'f' AND r.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'users'::regclass)
      GROUP BY c.oid, c.conrelid, c.confrelid
      ORDER BY 1, 2, c.oid`,
  );
}

/** The primary-key columns of each table of the users' schema: the order of its rows in the export. */
async function primaryKeys(raw: SqlRunner): Promise<Map<string, string[]>> {
  const rows = await raw.query<{ table: string; columns: string[] }>(
    `SELECT c.conrelid::regclass::text AS "table", json_agg(a.attname::text ORDER BY k.ord) AS "columns"
       FROM pg_constraint c
       JOIN pg_class r ON r.oid = c.conrelid
      CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
      WHERE c.contype = 'p' AND r.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'users'::regclass)
      GROUP BY c.oid, c.conrelid`,
  );
  return new Map(rows.map((r) => [r.table, r.columns]));
}

/**
 * The tables holding a user's rows, each with the condition (on parameter $1, the user id) that
 * selects them: the tables pointing at users, then the tables pointing at those (a call's turns
 * through its call), and so on, each reached by its shortest chain. Read from the catalog, so a
 * table added with such a foreign key is exported without editing this file.
 */
export async function userOwnedTables(raw: SqlRunner): Promise<Map<string, string>> {
  const fks = await foreignKeys(raw);
  const owned = new Map<string, string>([['users', 'id = $1']]);
  for (let frontier = ['users']; frontier.length > 0;) {
    const next: string[] = [];
    for (const fk of fks) {
      if (owned.has(fk.table) || !frontier.includes(fk.references)) continue;
      // Names come from the catalog (regclass text is already quoted where needed), never from input.
      const cols = fk.columns.map(quoteIdent).join(', ');
      const refCols = fk.referencedColumns.map(quoteIdent).join(', ');
      owned.set(fk.table, `(${cols}) IN (SELECT ${refCols} FROM ${fk.references} WHERE ${owned.get(fk.references)!})`);
      next.push(fk.table);
    }
    frontier = next;
  }
  owned.delete('users');
  return owned;
}

export function createAccountRepository(db: Db, raw: SqlRunner) {
  return {
    /** The caller's ledger, newest first, keyset-paged on id (stable while new rows arrive). */
    async creditHistory(userId: string, page: { before?: number; limit: number }): Promise<CreditHistoryResponse> {
      // A refund is for what its debit paid for: its purpose and label come from the debit.
      const debit = alias(creditLedger, 'debit');
      const rows = await db
        .select({ row: creditLedger, debitReference: debit.reference, debitLabel: debit.label })
        .from(creditLedger)
        .leftJoin(debit, eq(debit.id, creditLedger.refundOf))
        .where(and(eq(creditLedger.userId, userId), page.before === undefined ? undefined : lt(creditLedger.id, page.before)))
        .orderBy(desc(creditLedger.id))
        .limit(page.limit + 1);
      const entries = rows.slice(0, page.limit).map(({ row: r, debitReference, debitLabel }) => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        delta: r.delta,
        balanceAfter: r.balanceAfter,
        reason: r.reason as LedgerReasonName,
        ...ledgerPurposeOf(r.refundOf === null ? r.reference : debitReference),
        label: r.refundOf === null ? r.label : debitLabel === null ? null : LEDGER_LABELS.refund(debitLabel),
        ...(r.teamId === null ? {} : { teamPool: true as const }),
      }));
      return { entries, nextBefore: rows.length > page.limit ? entries[entries.length - 1]!.id : null };
    },

    /** The rows of the user's own credits in a period, oldest first (a team pool's rows are the pool's). */
    async ledgerSince(userId: string, from: Date) {
      return db
        .select({ at: creditLedger.createdAt, delta: creditLedger.delta, reason: creditLedger.reason })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), isNull(creditLedger.teamId), gte(creditLedger.createdAt, from)))
        .orderBy(asc(creditLedger.id));
    },

    /**
     * Everything stored about the user: the account row and the rows of every table that leads to
     * it (calls with their turns, reminders, history, ledger, settings…), each table present even when empty.
     */
    async exportAll(userId: string) {
      const [account] = await raw.query<Record<string, unknown>>(`SELECT * FROM users WHERE id = $1`, [userId]);
      const data: Record<string, Record<string, unknown>[]> = {};
      const keys = await primaryKeys(raw);
      for (const [table, condition] of await userOwnedTables(raw)) {
        const order = keys.get(table)?.map(quoteIdent).join(', ');
        data[table] = await raw.query<Record<string, unknown>>(
          `SELECT * FROM ${table} WHERE ${condition}${order ? ` ORDER BY ${order}` : ''}`,
          [userId],
        );
      }
      return { account: account ?? {}, data };
    },

    /**
     * Delete the user and, through ON DELETE CASCADE, every row that points at them. The ledger is
     * kept for accounting (ON DELETE SET NULL): first tagged with a tombstone, its references to
     * the user's analyses, leads and calls cut down to their kind, its labels (prospects' names) cleared. One transaction: all or nothing.
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
          .set({ deletedAccount: randomUUID(), reference: sql`CASE ${kindOf} ELSE ${creditLedger.reference} END`, label: null })
          .where(eq(creditLedger.userId, userId));
        await tx.delete(rateLimits).where(eq(rateLimits.key, `user:${firebaseUid}`));
        await tx.delete(users).where(eq(users.id, userId));
        return true;
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
