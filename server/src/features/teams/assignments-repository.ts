import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { practiceCalls, teamAssignmentMembers, teamAssignments, teamMembers, users } from '../../db/schema';

export interface NewAssignment {
  teamId: string;
  scenarioId: string;
  scenarioTitle: string;
  dueAt: Date;
  minScore: number;
  memberIds: string[];
  at: Date;
}

export function createAssignmentsRepository(db: Db) {
  return {
    /** Which of these ids are members of the team. */
    async membersOf(teamId: string, ids: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, ids)));
      return new Set(rows.map((r) => r.userId));
    },

    /** The assignment and its members, in one transaction. */
    async create(a: NewAssignment): Promise<string> {
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await tx.insert(teamAssignments).values({
          id,
          teamId: a.teamId,
          scenarioId: a.scenarioId,
          scenarioTitle: a.scenarioTitle,
          dueAt: a.dueAt,
          minScore: a.minScore,
          createdAt: a.at,
        });
        await tx.insert(teamAssignmentMembers).values(a.memberIds.map((userId) => ({ assignmentId: id, userId })));
      });
      return id;
    },

    /**
     * The team's assignments with, per assignee, the best score of a scored practice call on the
     * scenario since the assignment and when one first reached the minimum. `userId` narrows to one member.
     */
    async list(teamId: string, userId?: string) {
      const c = practiceCalls;
      const a = teamAssignments;
      const m = teamAssignmentMembers;
      const score = sql`(${c.feedback}->>'score')::int`;
      const since = sql`${c.userId} = ${m.userId} AND ${c.scenarioId} = ${a.scenarioId} AND ${c.createdAt} >= ${a.createdAt} AND ${c.feedback} IS NOT NULL`;
      return db
        .select({
          id: a.id,
          scenarioId: a.scenarioId,
          scenarioTitle: a.scenarioTitle,
          dueAt: a.dueAt,
          minScore: a.minScore,
          createdAt: a.createdAt,
          userId: m.userId,
          name: users.name,
          bestScore: sql<number | null>`(SELECT max(${score}) FROM ${c} WHERE ${since})`.mapWith((v) => (v === null ? null : Number(v))),
          completedAt:
            sql<Date | null>`(SELECT min(coalesce(${c.completedAt}, ${c.updatedAt})) FROM ${c} WHERE ${since} AND ${score} >= ${a.minScore})`.mapWith(
              (v) => (v === null ? null : new Date(v as string)),
            ),
        })
        .from(a)
        .innerJoin(m, eq(m.assignmentId, a.id))
        .innerJoin(users, eq(users.id, m.userId))
        .where(and(eq(a.teamId, teamId), userId ? eq(m.userId, userId) : undefined))
        .orderBy(asc(a.dueAt), asc(a.id), asc(users.name));
    },
  };
}
