import { and, eq, getTableColumns, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { monthStartOf, periodOf, type Clock } from '../../clock';
import type { Db, Executor } from '../../db/database';
import { creditLedger, teams, users } from '../../db/schema';

export type LedgerReason = 'signup' | 'monthly_reset' | 'plan_allowance' | 'debit' | 'refund' | 'adjustment';

export type DebitResult =
  | { ok: true; ledgerId: number; balance: number }
  | { ok: false; balance: number; reason: 'insufficient' | 'no_user' | 'cap' | 'not_member' };

/**
 * A charge to a team's pool: `balance` is the pool's; a taken charge also says the member's own credits, read in
 * the charge's transaction, since the answer tells the member their own balance and a second query on another
 * connection could wait behind a burst of charges holding the pool (docs/product.md#team-credits).
 */
export type TeamDebitResult = (Extract<DebitResult, { ok: true }> & { ownBalance: number }) | Extract<DebitResult, { ok: false }>;

export interface RefundResult {
  refunded: boolean;
  balance: number;
}

/** The columns of a user row that decide its balance (a whole users row fits). */
export interface BalanceFields {
  id: string;
  credits: number;
  plan: string;
  creditsPeriod: string;
}

/** The row that records paid work (docs/decisions/0013-paid-work-recorded-before-the-debit.md), written by its debit's own statement. */
export interface WorkRow {
  table: PgTable;
  values: Record<string, unknown>;
}

export const workRow = <T extends PgTable>(table: T, values: T['$inferInsert']): WorkRow => ({ table, values });

/**
 * `INSERT … SELECT … FROM taken`: the row exists only when the debit's CTE `taken` took the
 * credits. PostgreSQL types each parameter by its target column; the column encodes the value.
 */
function insertWhenTaken({ table, values }: WorkRow): SQL {
  const columns = getTableColumns(table);
  const entries = Object.entries(values).flatMap(([key, value]) => {
    const column = columns[key];
    if (!column) throw new Error(`no column ${key} in the work row's table`);
    return value === undefined ? [] : [{ column, value }];
  });
  const names = sql.join(
    entries.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  const params = sql.join(
    entries.map(({ column, value }) => sql.param(value, column)),
    sql`, `,
  );
  return sql`INSERT INTO ${table} (${names}) SELECT ${params} FROM taken`;
}

/**
 * Pool credits a member spent since a date (debits less refunds on the ledger rows naming the pool):
 * what a monthly cap counts. A subquery, so a listing of members can carry it per row.
 */
export function poolSpentSince(teamId: SQLWrapper, userId: SQLWrapper, since: Date): SQL<number> {
  return sql<number>`(SELECT coalesce(-sum(${creditLedger.delta}), 0)::integer FROM ${creditLedger}
    WHERE ${creditLedger.teamId} = ${teamId} AND ${creditLedger.userId} = ${userId}
      AND ${creditLedger.reason} IN ('debit', 'refund') AND ${creditLedger.createdAt} >= ${since.toISOString()}::timestamptz)`;
}

/** Rows from `db.execute`: node-postgres and PGlite both answer with `{ rows }`. */
async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The one way balances change (docs/decisions/0005-credit-ledger.md): every change is a ledger row written in the same
 * transaction, debits are a single guarded UPDATE, a refund row is unique per debit.
 *
 * Hot paths take no row lock of their own: reads are plain SELECTs, a debit is one statement
 * (guarded UPDATE + ledger INSERT in a data-modifying CTE). Row locks are FOR NO KEY UPDATE, so
 * inserts of rows that reference the user (which take FOR KEY SHARE) are never blocked by them.
 */
export function createCreditsService(db: Db, clock: Clock) {
  /** The free tier is due a reset when its period is not the current month. */
  const resetDue = (row: BalanceFields, period: string) => row.plan === 'free' && row.creditsPeriod !== period;

  /**
   * The free tier's lazy monthly reset, as a conditional UPDATE that only matches when the period
   * changed: of several processes reading at once, exactly one resets and writes the ledger row.
   * Returns the balance after the reset, or null when there was nothing to reset.
   */
  async function resetIfDue(tx: Executor, userId: string): Promise<number | null> {
    const period = periodOf(clock.now());
    const [reset] = await rowsOf<{ before: number }>(
      tx,
      sql`WITH due AS (
            SELECT id, credits FROM users
            WHERE id = ${userId} AND plan = 'free' AND credits_period <> ${period}
            FOR NO KEY UPDATE
          )
          UPDATE users SET credits = ${FREE_MONTHLY_CREDITS}, credits_period = ${period}, updated_at = ${clock.now().toISOString()}::timestamptz
          FROM due WHERE users.id = due.id
          RETURNING due.credits AS before`,
    );
    if (!reset) return null;
    await tx.insert(creditLedger).values({
      userId,
      delta: FREE_MONTHLY_CREDITS - Number(reset.before),
      balanceAfter: FREE_MONTHLY_CREDITS,
      reason: 'monthly_reset',
      reference: period,
    });
    return FREE_MONTHLY_CREDITS;
  }

  /** The reset in its own transaction (the UPDATE and its ledger row commit together). */
  const resetNow = (userId: string) => db.transaction((tx) => resetIfDue(tx, userId));

  async function read(userId: string, executor: Executor = db): Promise<BalanceFields | undefined> {
    const [row] = await executor
      .select({ id: users.id, credits: users.credits, plan: users.plan, creditsPeriod: users.creditsPeriod })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /**
   * One statement: the guarded UPDATE, its ledger row and the work's row, or nothing when the guard
   * fails. One statement is one round trip and, outside a transaction, one commit.
   */
  async function tryDebit(executor: Executor, userId: string, n: number, reference: string | null, label: string | null, work?: WorkRow) {
    const period = periodOf(clock.now());
    const [entry] = await rowsOf<{ id: number | string; balance: number }>(
      executor,
      sql`WITH taken AS (
            UPDATE users SET credits = credits - ${n}, updated_at = ${clock.now().toISOString()}::timestamptz
            WHERE id = ${userId} AND credits >= ${n} AND (plan <> 'free' OR credits_period = ${period})
            RETURNING id, credits
          )${work ? sql`, recorded AS (${insertWhenTaken(work)})` : sql``}
          INSERT INTO credit_ledger (user_id, delta, balance_after, reason, reference, label)
          SELECT id, ${-n}::integer, credits, 'debit', ${reference}::text, ${label}::text FROM taken
          RETURNING id, balance_after AS balance`,
    );
    return entry && { ledgerId: Number(entry.id), balance: Number(entry.balance) };
  }

  async function debitOn(
    executor: Executor,
    userId: string,
    n: number,
    reference: string | null,
    label: string | null,
    work?: WorkRow,
  ): Promise<DebitResult> {
    if (!Number.isInteger(n) || n <= 0) throw new Error(`debit amount must be a positive integer, got ${n}`);
    for (let attempt = 0; ; attempt++) {
      const taken = await tryDebit(executor, userId, n, reference, label, work);
      if (taken) return { ok: true, ...taken };
      // The guard failed: no user, too few credits, or a free tier whose monthly reset is due.
      const row = await read(userId, executor);
      if (!row) return { ok: false, balance: 0, reason: 'no_user' };
      // A reset that another request applied between the guard and this read leaves credits to take: try once more.
      const due = resetDue(row, periodOf(clock.now()));
      if (attempt === 0 && (due || row.credits >= n)) {
        // Inside the caller's transaction the reset joins it; on its own it commits alone.
        if (due) await (executor === db ? resetNow(userId) : resetIfDue(executor, userId));
        continue;
      }
      return { ok: false, balance: row.credits, reason: 'insufficient' };
    }
  }

  /**
   * Charge a team's pool for a member's work (docs/product.md#team-credits), within the member's
   * monthly cap. The member's row is locked first, so one member's concurrent charges are counted
   * one after another against the cap; the pool itself is a guarded UPDATE, so members charging at
   * once on any number of processes never take it below zero.
   */
  async function chargeTeam(
    userId: string,
    teamId: string,
    n: number,
    reference: string,
    label: string | null,
    work?: WorkRow,
  ): Promise<TeamDebitResult> {
    if (!Number.isInteger(n) || n <= 0) throw new Error(`debit amount must be a positive integer, got ${n}`);
    return db.transaction(async (tx) => {
      const [member] = await rowsOf<{ cap: number | null }>(
        tx,
        sql`SELECT monthly_cap AS cap FROM team_members WHERE user_id = ${userId} AND team_id = ${teamId} FOR NO KEY UPDATE`,
      );
      if (!member) return { ok: false, balance: 0, reason: 'not_member' } as const;
      if (member.cap !== null) {
        const spent = await poolSpentThisMonth(tx, userId, teamId);
        if (spent + n > Number(member.cap)) return { ok: false, balance: 0, reason: 'cap' } as const;
      }
      // Read before the pool's row is locked: the lock is held from the UPDATE to the commit, and a burst of members waits for it.
      const ownBalance = await ownBalanceIn(tx, userId);
      const [entry] = await rowsOf<{ id: number | string; balance: number }>(
        tx,
        sql`WITH taken AS (
              UPDATE teams SET credits = credits - ${n} WHERE id = ${teamId} AND credits >= ${n} RETURNING id, credits
            )${work ? sql`, recorded AS (${insertWhenTaken(work)})` : sql``}
            INSERT INTO credit_ledger (user_id, team_id, delta, balance_after, reason, reference, label)
            SELECT ${userId}, id, ${-n}::integer, credits, 'debit', ${reference}::text, ${label}::text FROM taken
            RETURNING id, balance_after AS balance`,
      );
      if (!entry) {
        const [pool] = await tx.select({ credits: teams.credits }).from(teams).where(eq(teams.id, teamId));
        return { ok: false, balance: pool?.credits ?? 0, reason: 'insufficient' } as const;
      }
      return { ok: true, ledgerId: Number(entry.id), balance: Number(entry.balance), ownBalance } as const;
    });
  }

  /** A user's credits after any due monthly reset, inside the caller's transaction (the reset joins it). */
  async function ownBalanceIn(tx: Executor, userId: string): Promise<number> {
    const row = await read(userId, tx);
    if (!row) return 0;
    if (!resetDue(row, periodOf(clock.now()))) return row.credits;
    // null: another request reset it first; read what it left.
    return (await resetIfDue(tx, userId)) ?? (await read(userId, tx))?.credits ?? 0;
  }

  /** Pool credits a member spent this month (debits less refunds). */
  async function poolSpentThisMonth(executor: Executor, userId: string, teamId: string): Promise<number> {
    const [row] = await rowsOf<{ spent: number | string }>(
      executor,
      sql`SELECT ${poolSpentSince(sql`${teamId}`, sql`${userId}`, monthStartOf(clock.now()))} AS spent`,
    );
    return Number(row?.spent ?? 0);
  }

  /**
   * The refund row of a debit, for the same account (the user's own credits or the pool it names);
   * undefined when the debit was refunded already. The unique refund_of index decides which of two
   * concurrent refunds applies; balance_after is filled in by the caller, once the balance it follows is known.
   */
  async function insertRefundRow(tx: Executor, debit: typeof creditLedger.$inferSelect, reference: string | undefined) {
    const [inserted] = await tx
      .insert(creditLedger)
      .values({
        userId: debit.userId,
        deletedAccount: debit.deletedAccount,
        teamId: debit.teamId,
        delta: -debit.delta,
        balanceAfter: 0,
        reason: 'refund',
        reference: reference ?? debit.reference,
        refundOf: debit.id,
      })
      .onConflictDoNothing({ target: creditLedger.refundOf })
      .returning({ id: creditLedger.id });
    return inserted;
  }

  /** Give a pool debit back to the pool (the refund row, unique per debit, decides who applies it). */
  async function refundToPool(tx: Executor, debit: typeof creditLedger.$inferSelect, reference: string | undefined): Promise<RefundResult> {
    const teamId = debit.teamId!;
    const inserted = await insertRefundRow(tx, debit, reference);
    if (!inserted) {
      const [pool] = await tx.select({ credits: teams.credits }).from(teams).where(eq(teams.id, teamId));
      return { refunded: false, balance: pool?.credits ?? 0 };
    }
    const [applied] = await rowsOf<{ balance: number }>(
      tx,
      sql`WITH given AS (UPDATE teams SET credits = credits + ${-debit.delta} WHERE id = ${teamId} RETURNING credits)
          UPDATE credit_ledger SET balance_after = given.credits FROM given
          WHERE credit_ledger.id = ${inserted.id}
          RETURNING given.credits AS balance`,
    );
    // The team was deleted since: the row records the refund; there is no pool to give it to.
    if (!applied) return { refunded: false, balance: 0 };
    return { refunded: true, balance: Number(applied.balance) };
  }

  /**
   * The balance of a user row already read (the authed read's one SELECT): no query unless the
   * free tier's monthly reset is due.
   */
  async function balanceOf(row: BalanceFields): Promise<number> {
    if (!resetDue(row, periodOf(clock.now()))) return row.credits;
    const after = await resetNow(row.id);
    if (after !== null) return after;
    // Another request reset it first: read what it left.
    return (await read(row.id))?.credits ?? 0;
  }

  return {
    /** The balance after any due monthly reset; null when the user does not exist. */
    async balance(userId: string): Promise<number | null> {
      const row = await read(userId);
      return row ? balanceOf(row) : null;
    },

    balanceOf,

    /** Take n credits, or none: refused when the balance is below n. */
    debit: (userId: string, n: number, reference?: string, label?: string): Promise<DebitResult> =>
      debitOn(db, userId, n, reference ?? null, label ?? null),

    /**
     * Record paid work and charge for it in one statement (docs/decisions/0013-paid-work-recorded-before-the-debit.md):
     * the work's row is written only when the credits are taken, and both commit together. A free
     * tier's due monthly reset commits first, on its own, as any debit's does.
     */
    chargeFor: (userId: string, n: number, reference: string, work: WorkRow, label?: string): Promise<DebitResult> =>
      debitOn(db, userId, n, reference, label ?? null, work),

    /** Charge a team's pool for a member's paid work, within the member's monthly cap (see chargeTeam). */
    chargeTeamFor: (
      userId: string,
      teamId: string,
      n: number,
      reference: string,
      work: WorkRow,
      label?: string,
    ): Promise<TeamDebitResult> => chargeTeam(userId, teamId, n, reference, label ?? null, work),

    /** Take n credits from a team's pool for a member, or none (tests and tools; paid work uses chargeTeamFor). */
    debitTeam: (userId: string, teamId: string, n: number, reference: string, label?: string): Promise<TeamDebitResult> =>
      chargeTeam(userId, teamId, n, reference, label ?? null),

    /** Give back a debit. Applying it again changes nothing (the refund row is unique per debit). */
    async refund(debitLedgerId: number, reference?: string): Promise<RefundResult> {
      return db.transaction(async (tx) => {
        const [debit] = await tx.select().from(creditLedger).where(eq(creditLedger.id, debitLedgerId));
        if (!debit || debit.reason !== 'debit') throw new Error(`ledger row ${debitLedgerId} is not a debit`);
        if (debit.teamId !== null) return refundToPool(tx, debit, reference);
        // The account was deleted since: nothing to give back to.
        if (debit.userId === null) return { refunded: false, balance: 0 };
        await resetIfDue(tx, debit.userId);
        const inserted = await insertRefundRow(tx, debit, reference);
        if (!inserted) {
          const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, debit.userId));
          return { refunded: false, balance: row?.credits ?? 0 };
        }
        const [applied] = await rowsOf<{ balance: number }>(
          tx,
          sql`WITH given AS (
                UPDATE users SET credits = credits + ${-debit.delta}, updated_at = ${clock.now().toISOString()}::timestamptz
                WHERE id = ${debit.userId} RETURNING credits
              )
              UPDATE credit_ledger SET balance_after = given.credits FROM given
              WHERE credit_ledger.id = ${inserted.id}
              RETURNING given.credits AS balance`,
        );
        return { refunded: true, balance: Number(applied!.balance) };
      });
    },

    /**
     * Set the balance to an allowance (plan renewal, return to free: no rollover). Runs in the
     * caller's transaction so billing can record its event in the same commit.
     */
    async setAllowance(tx: Executor, userId: string, credits: number, reason: LedgerReason, reference: string | null) {
      const [row] = await rowsOf<{ before: number }>(
        tx,
        sql`WITH current AS (SELECT id, credits FROM users WHERE id = ${userId} FOR NO KEY UPDATE)
            UPDATE users SET credits = ${credits}, credits_period = ${periodOf(clock.now())}, updated_at = ${clock.now().toISOString()}::timestamptz
            FROM current WHERE users.id = current.id
            RETURNING current.credits AS before`,
      );
      if (!row) throw new Error(`no user ${userId}`);
      await tx.insert(creditLedger).values({ userId, delta: credits - Number(row.before), balanceAfter: credits, reason, reference });
      return credits;
    },

    /**
     * Set a team's pool to an allowance (a paid period of a team plan: seats × the plan's credits, no
     * rollover), with its ledger row naming the pool and the member who pays for it. In the caller's transaction.
     */
    async setTeamAllowance(tx: Executor, teamId: string, payerId: string, credits: number, reason: LedgerReason, reference: string | null) {
      const [row] = await rowsOf<{ before: number }>(
        tx,
        sql`WITH current AS (SELECT id, credits FROM teams WHERE id = ${teamId} FOR NO KEY UPDATE)
            UPDATE teams SET credits = ${credits} FROM current WHERE teams.id = current.id
            RETURNING current.credits AS before`,
      );
      if (!row) throw new Error(`no team ${teamId}`);
      await tx
        .insert(creditLedger)
        .values({ userId: payerId, teamId, delta: credits - Number(row.before), balanceAfter: credits, reason, reference });
      return credits;
    },

    /** Sum of the user's own ledger (rows of a team's pool aside): equals the balance when the books are right. */
    async ledgerSum(userId: string): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), isNull(creditLedger.teamId)));
      return Number(row?.sum ?? 0);
    },

    /** Sum of a team pool's ledger: equals the pool when the books are right. */
    async teamLedgerSum(teamId: string): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
        .from(creditLedger)
        .where(eq(creditLedger.teamId, teamId));
      return Number(row?.sum ?? 0);
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
