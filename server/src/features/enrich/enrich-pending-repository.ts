import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/database';
import { creditLedger, enrichPending } from '../../db/schema';
import { workRow, type CreditsService, type WorkRow } from '../credits';

/** The ledger reference of an Enrich request's debit: lets the sweep find the debit of a crashed request. */
export const enrichReference = (pendingId: string) => `enrich:${pendingId}`;

/**
 * Enrich requests in flight (docs/decisions/0013-paid-work-recorded-before-the-debit.md), the same crash recovery as Icebreak items: a row written
 * before the debit, removed when the request ends, swept and refunded when a process died.
 */
export function createEnrichPendingRepository(db: Db, clock: Clock, credits: CreditsService) {
  return {
    /** A request in flight, as the row its charge writes (credits.chargeFor). */
    asChargedWork: (item: { id: string; userId: string; leadId: string }): WorkRow =>
      workRow(enrichPending, { ...item, createdAt: clock.now() }),

    /**
     * The request delivers: its row goes in the caller's transaction (the one saving the result).
     * False when a sweep claimed it first (then the debit is being refunded: deliver nothing).
     */
    async complete(tx: Executor, id: string): Promise<boolean> {
      const gone = await tx
        .delete(enrichPending)
        .where(and(eq(enrichPending.id, id), eq(enrichPending.claimed, false)))
        .returning({ id: enrichPending.id });
      return gone.length > 0;
    },

    /** The request ended without a result (its debit already refunded, or never made). */
    async remove(id: string) {
      await db.delete(enrichPending).where(eq(enrichPending.id, id));
    },

    /**
     * Rows older than `staleMs` were left by a process that died. Claim them (a request still alive
     * can then no longer deliver), refund their debits (at most once per debit), then delete them.
     * A sweep that dies half-way leaves claimed rows the next sweep finishes; several processes may
     * sweep at once.
     */
    async sweepStale(staleMs: number, limit = 100): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - staleMs);
      const stale = db.select({ id: enrichPending.id }).from(enrichPending).where(lt(enrichPending.createdAt, cutoff)).limit(limit);
      const claimed = await db
        .update(enrichPending)
        .set({ claimed: true })
        .where(inArray(enrichPending.id, stale))
        .returning({ id: enrichPending.id });
      if (!claimed.length) return 0;
      const ids = claimed.map((c) => c.id);
      const debits = await db
        .select({ id: creditLedger.id })
        .from(creditLedger)
        .where(and(eq(creditLedger.reason, 'debit'), inArray(creditLedger.reference, ids.map(enrichReference))));
      for (const d of debits) await credits.refund(d.id, 'enrich-stale');
      await db.delete(enrichPending).where(inArray(enrichPending.id, ids));
      return ids.length;
    },
  };
}

export type EnrichPendingRepository = ReturnType<typeof createEnrichPendingRepository>;
