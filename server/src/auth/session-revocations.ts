import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { batchedReads } from '../db/batched-reads';
import { revokedSessions } from '../db/schema';

/** An ID token lives an hour: a revocation older than this can no longer match a usable token. */
const KEEP_REVOCATIONS_MS = 2 * 3_600_000;

/**
 * Sessions ended by account deletion, in the database so every process sees a deletion at once
 * (docs/architecture.md#sessions-end-with-the-account): a token of the uid issued at or before
 * `revokedBefore` is refused, whatever a process's verified-token cache remembers.
 */
export function createSessionRevocations(db: Db) {
  const selectByUids = db
    .select()
    .from(revokedSessions)
    .where(sql`${revokedSessions.firebaseUid} = any(${sql.placeholder('uids')})`)
    .prepare('revoked_sessions_by_uids');

  return {
    /** When the uid's sessions were ended, if they were; reads of one event-loop turn share one query. */
    revokedBefore: batchedReads(
      async (uids: string[]) => {
        const rows = await selectByUids.execute({ uids });
        return new Map(rows.map((r) => [r.firebaseUid, r.revokedBefore]));
      },
      (d) => new Date(d),
    ),

    /** End every session of the uid issued up to `at` (a later revocation of the same uid wins). */
    async revoke(firebaseUid: string, at: Date): Promise<void> {
      await db
        .insert(revokedSessions)
        .values({ firebaseUid, revokedBefore: at })
        .onConflictDoUpdate({
          target: revokedSessions.firebaseUid,
          set: { revokedBefore: sql`greatest(${revokedSessions.revokedBefore}, excluded.revoked_before)` },
        });
      await db.delete(revokedSessions).where(lt(revokedSessions.revokedBefore, new Date(at.getTime() - KEEP_REVOCATIONS_MS)));
    },
  };
}

export type SessionRevocations = ReturnType<typeof createSessionRevocations>;

/** Whether a token issued at `issuedAt` (ms; unknown counts as oldest) is one the revocation ended. */
export function isRevoked(issuedAt: number | undefined, revokedBefore: Date | undefined): boolean {
  return revokedBefore !== undefined && (issuedAt ?? 0) <= revokedBefore.getTime();
}
