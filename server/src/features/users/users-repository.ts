import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import type { UserRecord } from '@shared/schemas';
import { periodOf, type Clock } from '../../clock';
import type { Db } from '../../db/database';
import { batchedReads } from '../../db/batched-reads';
import { creditLedger, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function toUserRecord(row: UserRow, opts: { credits: number; isAdmin: boolean; subscriptionStatus?: string | null }): UserRecord {
  return {
    firebaseUid: row.firebaseUid,
    email: row.email,
    name: row.name,
    credits: opts.credits,
    plan: row.plan as UserRecord['plan'],
    subscriptionStatus: opts.subscriptionStatus ?? null,
    isAdmin: opts.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

export type CreateUserOutcome = { created: true; user: UserRow } | { created: false; user: UserRow } | { conflict: 'email' };

export function createUsersRepository(db: Db, clock: Clock) {
  // Built once, and a named prepared statement on PostgreSQL: every authed request runs it.
  const selectByUids = db
    .select()
    .from(users)
    .where(sql`${users.firebaseUid} = any(${sql.placeholder('uids')})`)
    .prepare('users_by_uids');

  return {
    /** The user by Firebase uid; reads of one turn of the event loop share one query (db/batched-reads.ts). */
    byUid: batchedReads(
      async (uids: string[]) => {
        const rows = await selectByUids.execute({ uids });
        return new Map(rows.map((row) => [row.firebaseUid, row]));
      },
      (row) => ({ ...row }),
    ),

    async byEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },

    /**
     * Create the user with the free grant and its ledger row, or return the existing record.
     * Idempotent per uid, so a retried registration or two tabs at once cannot make two records.
     */
    async createIfMissing(input: {
      firebaseUid: string;
      email: string;
      name: string | null;
      /** The caller proved the e-mail is theirs: a record left by a deleted account with this address may be taken over. */
      emailVerified?: boolean;
    }): Promise<CreateUserOutcome> {
      const email = input.email.toLowerCase();
      return db.transaction(async (tx) => {
        const id = randomUUID();
        const inserted = await tx
          .insert(users)
          .values({
            id,
            firebaseUid: input.firebaseUid,
            email,
            name: input.name,
            credits: FREE_MONTHLY_CREDITS,
            creditsPeriod: periodOf(clock.now()),
          })
          .onConflictDoNothing()
          .returning();
        const created = inserted[0];
        if (created) {
          await tx.insert(creditLedger).values({
            userId: id,
            delta: FREE_MONTHLY_CREDITS,
            balanceAfter: FREE_MONTHLY_CREDITS,
            reason: 'signup',
            reference: null,
          });
          return { created: true as const, user: created };
        }
        const [existing] = await tx.select().from(users).where(eq(users.firebaseUid, input.firebaseUid));
        if (!existing) {
          if (!input.emailVerified) return { conflict: 'email' as const };
          // Same verified address, new identity account (the old one was deleted): keep the record, credits and history.
          const [relinked] = await tx
            .update(users)
            .set({ firebaseUid: input.firebaseUid, updatedAt: clock.now() })
            .where(eq(users.email, email))
            .returning();
          return relinked ? { created: false as const, user: relinked } : { conflict: 'email' as const };
        }
        if (input.name && !existing.name) {
          const [named] = await tx
            .update(users)
            .set({ name: input.name, updatedAt: clock.now() })
            .where(eq(users.id, existing.id))
            .returning();
          return { created: false as const, user: named! };
        }
        return { created: false as const, user: existing };
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
