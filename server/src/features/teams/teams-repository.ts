import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql, TransactionRollbackError } from 'drizzle-orm';
import type { AssignableRole, TeamRole } from '@shared/teams';
import type { Db, Executor } from '../../db/database';
import { teamMembers, teams, users } from '../../db/schema';
import { poolSpentSince } from '../credits';

/** The caller's place in a team, read from the database on every request (no cache: a removal counts at once). */
export interface Membership {
  teamId: string;
  teamName: string;
  role: TeamRole;
  userId: string;
}

export interface MemberRow {
  userId: string;
  name: string | null;
  email: string;
  role: TeamRole;
  joinedAt: Date;
  monthlyCap: number | null;
  /** Pool credits spent since `since` (debits less refunds). */
  poolUsed: number;
}

export function createTeamsRepository(db: Db) {
  /** `lock` takes the caller's row FOR UPDATE: a check and the change it allows see the same role. */
  async function membership(ex: Executor, userId: string, lock = false): Promise<Membership | undefined> {
    const q = ex
      .select({ teamId: teamMembers.teamId, teamName: teams.name, role: teamMembers.role, userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, userId));
    const [row] = lock ? await q.for('update', { of: teamMembers }) : await q;
    return row;
  }

  return {
    membership: (userId: string) => membership(db, userId),

    /**
     * Run `fn` in a transaction holding the caller's membership row: a concurrent removal or role
     * change waits for it, and `fn` sees the role the decision is made on.
     */
    withMembership<T>(userId: string, fn: (tx: Executor, m: Membership | undefined) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(tx, await membership(tx, userId, true)));
    },

    /** A new team owned by `userId`; undefined when the user is already in a team (nothing written). */
    async create(userId: string, name: string, now: Date): Promise<string | undefined> {
      return db
        .transaction(async (tx) => {
          const id = randomUUID();
          await tx.insert(teams).values({ id, name, createdAt: now });
          // The unique index on user_id decides a race between two creations or a creation and a join.
          const added = await tx
            .insert(teamMembers)
            .values({ teamId: id, userId, role: 'owner', joinedAt: now })
            .onConflictDoNothing()
            .returning({ userId: teamMembers.userId });
          // Already in a team: undo the team row too.
          if (added.length === 0) tx.rollback();
          return id;
        })
        .catch((err: unknown) => {
          if (err instanceof TransactionRollbackError) return undefined;
          throw err;
        });
    },

    async team(teamId: string) {
      const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
      return row;
    },

    /** The members, owner first; pool use counted from `since` (the month's start). */
    async members(teamId: string, since: Date): Promise<MemberRow[]> {
      const rows = await db
        .select({
          userId: teamMembers.userId,
          name: users.name,
          email: users.email,
          role: teamMembers.role,
          joinedAt: teamMembers.joinedAt,
          monthlyCap: teamMembers.monthlyCap,
          poolUsed: poolSpentSince(teamMembers.teamId, teamMembers.userId, since),
        })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(sql`CASE ${teamMembers.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`, asc(users.name), asc(users.email));
      return rows.map((r) => ({ ...r, poolUsed: Number(r.poolUsed) }));
    },

    /** Set a member's monthly cap on pool spending (null: none). */
    async setCap(ex: Executor, teamId: string, userId: string, monthlyCap: number | null): Promise<void> {
      await ex
        .update(teamMembers)
        .set({ monthlyCap })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    },

    /** The pool that pays first for a user's work, with what their cap still allows; undefined in no team. */
    async poolOf(userId: string, since: Date) {
      const [row] = await db
        .select({
          teamName: teams.name,
          credits: teams.credits,
          monthlyCap: teamMembers.monthlyCap,
          poolUsed: poolSpentSince(teamMembers.teamId, teamMembers.userId, since),
        })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(eq(teamMembers.userId, userId));
      if (!row) return undefined;
      const capLeft = row.monthlyCap === null ? null : Math.max(0, row.monthlyCap - Number(row.poolUsed));
      return { teamName: row.teamName, credits: row.credits, capLeft };
    },

    /** Remove a member who is not the owner; false when no such member of this team. */
    async remove(ex: Executor, teamId: string, userId: string): Promise<boolean> {
      const gone = await ex
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), ne(teamMembers.role, 'owner')))
        .returning({ userId: teamMembers.userId });
      return gone.length > 0;
    },

    /** The member's role in this team, locked for the change that follows. */
    async memberRole(ex: Executor, teamId: string, userId: string): Promise<TeamRole | undefined> {
      const [row] = await ex
        .select({ role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .for('update');
      return row?.role;
    },

    async setRole(ex: Executor, teamId: string, userId: string, role: AssignableRole): Promise<void> {
      await ex
        .update(teamMembers)
        .set({ role })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), ne(teamMembers.role, 'owner')));
    },

    /** The owner becomes an admin, then the member the owner (one owner per team, by a unique index). */
    async transfer(ex: Executor, teamId: string, fromUserId: string, toUserId: string): Promise<void> {
      await ex
        .update(teamMembers)
        .set({ role: 'admin' })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, fromUserId)));
      await ex
        .update(teamMembers)
        .set({ role: 'owner' })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, toUserId)));
    },

    /** Whether a paid team plan runs (teams.plan is set only while Stripe says the subscription is live); locks the row. */
    async hasLivePlan(ex: Executor, teamId: string): Promise<boolean> {
      const [row] = await ex.select({ plan: teams.plan }).from(teams).where(eq(teams.id, teamId)).for('update');
      return Boolean(row?.plan);
    },

    /** The team and, by ON DELETE CASCADE, its memberships (and later its invitations and assignments). */
    async deleteTeam(ex: Executor, teamId: string): Promise<void> {
      await ex.delete(teams).where(eq(teams.id, teamId));
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
