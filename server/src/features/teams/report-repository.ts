import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { creditLedger, practiceCalls, teamAssignmentMembers, teamAssignments, teamMembers, users } from '../../db/schema';

/** Per member of the team (or one member): the month's credits, calls and scores, and assignments due in it. */
export async function teamReportRows(db: Db, teamId: string, from: Date, to: Date, now: Date, userId?: string) {
  const c = practiceCalls;
  const m = teamMembers;
  const inMonth = (col: AnyPgColumn) => sql`${col} >= ${from} AND ${col} < ${to}`;
  const score = sql`(${c.feedback}->>'score')::int`;
  // Done = a scored call on the scenario since the assignment reached the minimum (as in assignments-repository).
  const done = sql`EXISTS (SELECT 1 FROM ${c} WHERE ${c.userId} = ${teamAssignmentMembers.userId} AND ${c.scenarioId} = ${teamAssignments.scenarioId}
    AND ${c.createdAt} >= ${teamAssignments.createdAt} AND ${c.feedback} IS NOT NULL AND ${score} >= ${teamAssignments.minScore})`;
  const assignments = (status: 'done' | 'due' | 'overdue') =>
    sql<number>`(SELECT count(*) FROM ${teamAssignmentMembers} JOIN ${teamAssignments} ON ${teamAssignments.id} = ${teamAssignmentMembers.assignmentId}
      WHERE ${teamAssignmentMembers.userId} = ${m.userId} AND ${teamAssignments.teamId} = ${m.teamId} AND ${inMonth(teamAssignments.dueAt)}
      AND ${status === 'done' ? done : status === 'due' ? sql`NOT ${done} AND ${teamAssignments.dueAt} > ${now}` : sql`NOT ${done} AND ${teamAssignments.dueAt} <= ${now}`})`.mapWith(
      Number,
    );
  return db
    .select({
      userId: m.userId,
      name: users.name,
      creditsUsed: sql<number>`(SELECT coalesce(-sum(${creditLedger.delta}), 0) FROM ${creditLedger}
        WHERE ${creditLedger.userId} = ${m.userId} AND ${creditLedger.reason} IN ('debit', 'refund') AND ${inMonth(creditLedger.createdAt)})`.mapWith(
        Number,
      ),
      practiceCalls:
        sql<number>`(SELECT count(*) FROM ${c} WHERE ${c.userId} = ${m.userId} AND ${c.counted} AND ${inMonth(c.createdAt)})`.mapWith(
          Number,
        ),
      averageScore: sql<
        number | null
      >`(SELECT round(avg(${score}), 1) FROM ${c} WHERE ${c.userId} = ${m.userId} AND ${c.feedback} IS NOT NULL AND ${inMonth(c.createdAt)})`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
      bestScore: sql<
        number | null
      >`(SELECT max(${score}) FROM ${c} WHERE ${c.userId} = ${m.userId} AND ${c.feedback} IS NOT NULL AND ${inMonth(c.createdAt)})`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
      assignmentsDone: assignments('done'),
      assignmentsDue: assignments('due'),
      assignmentsOverdue: assignments('overdue'),
      lastPracticeAt: sql<Date | null>`(SELECT max(${c.createdAt}) FROM ${c} WHERE ${c.userId} = ${m.userId} AND ${c.counted})`.mapWith(
        (v) => (v === null ? null : new Date(v as string)),
      ),
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(eq(m.teamId, teamId), userId ? eq(m.userId, userId) : undefined))
    .orderBy(asc(users.name), asc(users.email));
}
