import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { teamMembers, teams } from '../../db/schema';
import type { Payer, PayingAccount } from '../paid-work';

/**
 * A team member's paid work is charged to the team's pool first, then to their own credits
 * (docs/product.md#team-credits). The pool is offered only when it holds the cost now; the charge
 * itself decides (the member's cap, and other members spending the pool at the same time).
 */
export function teamPoolFirst(db: Db): Payer {
  return {
    async accountsFor(userId, cost) {
      const own: PayingAccount = { kind: 'user', userId };
      const [member] = await db
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(teamMembers.userId, userId), gte(teams.credits, cost)));
      return member ? [{ kind: 'team', userId, teamId: member.teamId }, own] : [own];
    },
  };
}
