import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { teamInvites, teamMembers, users } from '../../db/schema';

export type InviteRow = typeof teamInvites.$inferSelect;

const open = and(isNull(teamInvites.acceptedAt), isNull(teamInvites.revokedAt));

export function createInvitesRepository(db: Db) {
  return {
    /** The account with this address and the team it is in, if any. */
    async accountByEmail(email: string): Promise<{ userId: string; teamId: string | null } | undefined> {
      const [row] = await db
        .select({ userId: users.id, teamId: teamMembers.teamId })
        .from(users)
        .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
        .where(eq(users.email, email));
      return row;
    },

    async openFor(teamId: string, email: string): Promise<InviteRow | undefined> {
      const [row] = await db
        .select()
        .from(teamInvites)
        .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.email, email), open));
      return row;
    },

    /** False when another open invitation for the address was made meanwhile (unique index). */
    async insert(row: typeof teamInvites.$inferInsert): Promise<boolean> {
      const added = await db.insert(teamInvites).values(row).onConflictDoNothing().returning({ id: teamInvites.id });
      return added.length > 0;
    },

    /** Undo an invitation whose e-mail could not be sent: nothing is left half-done. */
    async remove(id: string): Promise<void> {
      await db.delete(teamInvites).where(eq(teamInvites.id, id));
    },

    /** The team's open invitations (expired ones included, to resend), oldest first, with the inviter's name. */
    async listOpen(teamId: string) {
      return db
        .select({ invite: teamInvites, inviter: users.name, inviterEmail: users.email })
        .from(teamInvites)
        .innerJoin(users, eq(users.id, teamInvites.invitedBy))
        .where(and(eq(teamInvites.teamId, teamId), open))
        .orderBy(asc(teamInvites.sentAt), asc(teamInvites.id));
    },

    async openOfTeam(teamId: string, id: string): Promise<InviteRow | undefined> {
      const [row] = await db
        .select()
        .from(teamInvites)
        .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.id, id), open));
      return row;
    },

    /** A resend: new nonce and expiry (the previous link stops working), unless it was accepted or revoked meanwhile. */
    async renew(id: string, nonce: string, sentAt: Date, expiresAt: Date): Promise<boolean> {
      const changed = await db
        .update(teamInvites)
        .set({ nonce, sentAt, expiresAt })
        .where(and(eq(teamInvites.id, id), open))
        .returning({ id: teamInvites.id });
      return changed.length > 0;
    },

    async revoke(teamId: string, id: string, at: Date): Promise<boolean> {
      const changed = await db
        .update(teamInvites)
        .set({ revokedAt: at })
        .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.id, id), open))
        .returning({ id: teamInvites.id });
      return changed.length > 0;
    },

    async byId(ex: Executor, id: string, lock = false): Promise<InviteRow | undefined> {
      const q = ex.select().from(teamInvites).where(eq(teamInvites.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** Join the invitation's team with its role; false when the user is already in a team. */
    async join(ex: Executor, invite: InviteRow, userId: string, at: Date): Promise<boolean> {
      const added = await ex
        .insert(teamMembers)
        .values({ teamId: invite.teamId, userId, role: invite.role, joinedAt: at })
        .onConflictDoNothing()
        .returning({ userId: teamMembers.userId });
      if (added.length === 0) return false;
      await ex.update(teamInvites).set({ acceptedAt: at }).where(eq(teamInvites.id, invite.id));
      return true;
    },
  };
}
