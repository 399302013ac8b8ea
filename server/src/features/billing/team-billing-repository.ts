import { and, eq, isNull } from 'drizzle-orm';
import { planById, type PlanId } from '@shared/constants';
import type { TeamBilling } from '@shared/schemas';
import type { Db, Executor } from '../../db/database';
import { teamMembers, teams } from '../../db/schema';
import type { CreditsService } from '../credits';
import type { SubscriptionSnapshot } from './subscription-snapshot';

export type TeamRow = typeof teams.$inferSelect;

/** What the team's subscription is now: the snapshot plus the plan and seats it stands for (plan null unless live). */
export interface TeamPlanState {
  snap: SubscriptionSnapshot;
  plan: PlanId | null;
  seats: number | null;
}

const fromUnix = (s: number | null) => (s === null ? null : new Date(s * 1000));

/** GET /api/team/billing's answer from the stored row. */
export function teamBillingOf(row: TeamRow): TeamBilling {
  const plan = planById(row.plan);
  return {
    plan: plan?.id ?? null,
    seats: row.seats,
    status: row.planStatus,
    periodEnd: row.planPeriodEnd?.toISOString() ?? null,
    cancelAt: row.planCancelAt?.toISOString() ?? null,
    credits: row.credits,
    monthlyCredits: plan && row.seats ? plan.credits * row.seats : null,
  };
}

/** Team billing's reads and writes of the teams table (the pool itself moves through the credits service). */
export function createTeamBillingRepository(db: Db, credits: CreditsService) {
  async function lockTeam(tx: Executor, teamId: string): Promise<TeamRow | undefined> {
    const [row] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('no key update');
    return row;
  }

  /** Pool ledger rows name a person: the owner, who pays for the plan. */
  async function ownerOf(tx: Executor, teamId: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')));
    return row?.userId;
  }

  return {
    async byId(teamId: string): Promise<TeamRow | undefined> {
      const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
      return row;
    },

    async byCustomer(customerId: string): Promise<TeamRow | undefined> {
      const [row] = await db.select().from(teams).where(eq(teams.stripeCustomerId, customerId));
      return row;
    },

    /** Store the team's Stripe customer unless one is stored; returns the one stored (never moved to another team). */
    async linkCustomer(tx: Executor, teamId: string, customerId: string): Promise<string | null> {
      const [holder] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.stripeCustomerId, customerId));
      if (holder && holder.id !== teamId) return null;
      await tx
        .update(teams)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(teams.id, teamId), isNull(teams.stripeCustomerId)));
      const [row] = await tx.select({ customer: teams.stripeCustomerId }).from(teams).where(eq(teams.id, teamId));
      return row?.customer ?? null;
    },

    /** Forget a customer Stripe no longer knows (only if it is still the stored one); returns the row. */
    async unlinkCustomer(tx: Executor, teamId: string, customerId: string): Promise<TeamRow | undefined> {
      await tx
        .update(teams)
        .set({ stripeCustomerId: null })
        .where(and(eq(teams.id, teamId), eq(teams.stripeCustomerId, customerId)));
      const [row] = await tx.select().from(teams).where(eq(teams.id, teamId));
      return row;
    },

    /**
     * Make the stored team plan what Stripe holds. A plan that ends empties the pool (no free
     * allowance for a pool); credits of a paid period only come with a paid invoice (applyAllowance).
     */
    async applyState(tx: Executor, teamId: string, state: TeamPlanState, reference: string): Promise<TeamRow | undefined> {
      const row = await lockTeam(tx, teamId);
      if (!row) return undefined;
      const { snap } = state;
      if (row.plan !== null && state.plan === null) {
        const owner = await ownerOf(tx, teamId);
        if (owner) await credits.setTeamAllowance(tx, teamId, owner, 0, 'plan_allowance', reference);
      }
      const [updated] = await tx
        .update(teams)
        .set({
          plan: state.plan,
          seats: state.plan === null ? null : state.seats,
          stripeSubscriptionId: snap.subscriptionId,
          planStatus: snap.status,
          planPeriodEnd: fromUnix(snap.periodEnd),
          planCancelAt: fromUnix(snap.cancelAt),
          ...(state.plan === null ? { allowancePeriodStart: null } : {}),
        })
        .where(eq(teams.id, teamId))
        .returning();
      return updated;
    },

    /**
     * Set the pool to a paid period's allowance (no rollover) for the period starting at periodStart,
     * unless that period (or a later one) was already granted: a late, older invoice changes nothing.
     */
    async applyAllowance(tx: Executor, teamId: string, allowance: number, periodStart: number, reference: string): Promise<boolean> {
      const row = await lockTeam(tx, teamId);
      if (!row) return false;
      if (row.allowancePeriodStart !== null && row.allowancePeriodStart >= periodStart) return false;
      const owner = await ownerOf(tx, teamId);
      if (!owner) return false;
      await credits.setTeamAllowance(tx, teamId, owner, allowance, 'plan_allowance', reference);
      await tx.update(teams).set({ allowancePeriodStart: periodStart }).where(eq(teams.id, teamId));
      return true;
    },
  };
}

export type TeamBillingRepository = ReturnType<typeof createTeamBillingRepository>;
