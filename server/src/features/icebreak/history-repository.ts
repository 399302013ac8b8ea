import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { GeneratorKind, HistoryItem } from '@shared/schemas/icebreak';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { creditLedger, icebreakHistory } from '../../db/schema';
import { workRow, type CreditsService, type WorkRow } from '../credits';

export type HistoryRow = typeof icebreakHistory.$inferSelect;
/** The history list returns the newest analyses up to this many. */
export const HISTORY_LIST_LIMIT = 500;
export const HISTORY_STATUS = { processing: 'processing', ready: 'Ready', failed: 'Failed' } as const;

/** The ledger reference of an analysis' debit: lets a sweep find the debit of a crashed analysis. */
export const icebreakReference = (historyId: string) => `icebreak:${historyId}`;

export function toHistoryItem(row: HistoryRow): HistoryItem {
  return {
    _id: row.id,
    timestamp: row.createdAt.toISOString(),
    status: row.status,
    goal: row.goal,
    generator: (row.generator as GeneratorKind | null) ?? null,
    newsFound: row.newsFound,
    insightsText: row.insightsText,
    insightsStructure: {
      profile: {
        firstName: row.firstName,
        lastName: row.lastName,
        description: row.description,
        // Items stored before these were kept have neither: the portal shows the description's first words.
        ...(row.role ? { role: row.role } : {}),
        ...(row.company ? { company: row.company } : {}),
      },
    },
  };
}

export interface NewHistoryItem {
  id: string;
  userId: string;
  description: string;
  goal: string;
  firstName: string;
  lastName: string;
  role?: string;
  company?: string;
  generator: GeneratorKind;
  inputHash?: string;
  variant?: number;
}

export function createHistoryRepository(db: Db, clock: Clock, credits: CreditsService) {
  const processing = (item: NewHistoryItem): typeof icebreakHistory.$inferInsert => {
    const now = clock.now();
    return { ...item, status: HISTORY_STATUS.processing, createdAt: now, updatedAt: now };
  };

  // Every Icebreak request asks it before anything else can start: planned once per connection.
  const selectLatestReady = db
    .select()
    .from(icebreakHistory)
    .where(
      and(
        eq(icebreakHistory.userId, sql.placeholder('userId')),
        eq(icebreakHistory.inputHash, sql.placeholder('inputHash')),
        eq(icebreakHistory.status, HISTORY_STATUS.ready),
      ),
    )
    .orderBy(desc(icebreakHistory.createdAt), desc(icebreakHistory.id))
    .limit(1)
    .prepare('icebreak_history_latest_ready');

  return {
    /** An item without its charge (tests and tools: the app writes items with their debit, asChargedWork). */
    async create(item: NewHistoryItem) {
      await db.insert(icebreakHistory).values(processing(item));
    },

    /** A new item, processing, as the row its charge writes (credits.chargeFor). */
    asChargedWork: (item: NewHistoryItem): WorkRow => workRow(icebreakHistory, processing(item)),

    /** processing → Ready/Failed. False when the item was no longer processing (a sweep failed it first). */
    async finish(
      id: string,
      outcome: {
        status: 'Ready' | 'Failed';
        insightsText: string[];
        errorMessage?: string;
        debitLedgerId: number | null;
        newsFound?: boolean;
      },
    ): Promise<boolean> {
      const updated = await db
        .update(icebreakHistory)
        .set({
          status: outcome.status,
          insightsText: outcome.insightsText,
          errorMessage: outcome.errorMessage ?? null,
          debitLedgerId: outcome.debitLedgerId,
          ...(outcome.newsFound === undefined ? {} : { newsFound: outcome.newsFound }),
          updatedAt: clock.now(),
        })
        .where(and(eq(icebreakHistory.id, id), eq(icebreakHistory.status, HISTORY_STATUS.processing)))
        .returning({ id: icebreakHistory.id });
      return updated.length > 0;
    },

    /** The newest Ready answer of this user to exactly this input (docs/decisions/0012-charged-once-per-answer.md: answered once, charged once). */
    async latestReady(userId: string, inputHash: string): Promise<HistoryRow | undefined> {
      const [row] = await selectLatestReady.execute({ userId, inputHash });
      return row;
    },

    /** The next Regenerate variant for this input: one more than any answer written for it so far. */
    async nextVariant(userId: string, inputHash: string): Promise<number> {
      const [row] = await db
        .select({ v: sql<number | null>`max(${icebreakHistory.variant})` })
        .from(icebreakHistory)
        .where(and(eq(icebreakHistory.userId, userId), eq(icebreakHistory.inputHash, inputHash)));
      return row?.v === null || row?.v === undefined ? 0 : Number(row.v) + 1;
    },

    async byId(id: string): Promise<HistoryRow | undefined> {
      const [row] = await db.select().from(icebreakHistory).where(eq(icebreakHistory.id, id));
      return row;
    },

    /** Newest first, at most `limit` items. */
    async list(userId: string, limit = HISTORY_LIST_LIMIT): Promise<HistoryRow[]> {
      return db
        .select()
        .from(icebreakHistory)
        .where(eq(icebreakHistory.userId, userId))
        .orderBy(desc(icebreakHistory.createdAt), desc(icebreakHistory.id))
        .limit(limit);
    },

    /**
     * Items left `processing` longer than `staleMs` (a crashed process) become Failed and their
     * credit is refunded. The UPDATE … RETURNING claims each item for exactly one caller, and a
     * refund is at most once per debit, so several server processes may sweep at the same time.
     */
    async sweepStale(staleMs: number, limit = 100): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - staleMs);
      const stale = await db
        .select({ id: icebreakHistory.id })
        .from(icebreakHistory)
        .where(and(eq(icebreakHistory.status, HISTORY_STATUS.processing), lt(icebreakHistory.updatedAt, cutoff)))
        .limit(limit);
      if (!stale.length) return 0;
      // Refund first, then mark Failed: a sweep killed in between leaves the item processing, and
      // the next sweep's refund of the same debit changes nothing (one refund per debit), so every
      // stale debit is refunded exactly once whatever stops the sweeping process.
      const debits = await db
        .select({ id: creditLedger.id })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.reason, 'debit'),
            inArray(
              creditLedger.reference,
              stale.map((c) => icebreakReference(c.id)),
            ),
          ),
        );
      for (const d of debits) await credits.refund(d.id, 'icebreak-stale');
      const failed = await db
        .update(icebreakHistory)
        .set({ status: HISTORY_STATUS.failed, errorMessage: 'The analysis did not finish (the server stopped).', updatedAt: clock.now() })
        .where(
          and(
            inArray(
              icebreakHistory.id,
              stale.map((c) => c.id),
            ),
            eq(icebreakHistory.status, HISTORY_STATUS.processing),
          ),
        )
        .returning({ id: icebreakHistory.id });
      return failed.length;
    },

    /** For tests and tools: how many items are processing. */
    async countProcessing(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<string>`count(*)` })
        .from(icebreakHistory)
        .where(and(eq(icebreakHistory.userId, userId), eq(icebreakHistory.status, HISTORY_STATUS.processing)));
      return Number(row?.n ?? 0);
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
