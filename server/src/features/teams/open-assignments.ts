import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { teamMembers } from '../../db/schema';
import { createAssignmentsRepository } from './assignments-repository';

/** Practice a member's team assigned them that no call has completed yet (reminder e-mails list it). */
export interface OpenAssignment {
  scenarioTitle: string;
  dueAt: Date;
  minScore: number;
  bestScore: number | null;
}

/** Reads a user's open assignments (none outside a team), soonest due first. */
export function createOpenAssignmentsReader(db: Db) {
  const assignments = createAssignmentsRepository(db);
  return async (userId: string): Promise<OpenAssignment[]> => {
    const [member] = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
    if (!member) return [];
    const rows = await assignments.list(member.teamId, userId);
    return rows
      .filter((r) => r.completedAt === null)
      .map(({ scenarioTitle, dueAt, minScore, bestScore }) => ({ scenarioTitle, dueAt, minScore, bestScore }));
  };
}
