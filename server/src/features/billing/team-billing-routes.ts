import { Router, type Request } from 'express';
import { teamCheckoutRequestSchema, teamSeatsRequestSchema, type TeamSeatsResponse } from '@shared/schemas';
import { TEAM_BILLING_MESSAGES } from '@shared/teams';
import type { Db } from '../../db/database';
import type { RequireAuth } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { membershipOf, requireMembership } from '../teams';
import type { CurrentUser } from '../users';
import type { TeamBillingService } from './team-billing-service';

interface TeamBillingRouterDeps {
  db: Db;
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
}

/**
 * The team plan's routes (docs/product.md#team-plan-and-seats). No route takes a team id: each acts
 * on the caller's own team, and only its owner (who pays) may read or change the plan.
 */
export function createTeamBillingRouter(deps: TeamBillingRouterDeps, billing: TeamBillingService) {
  const router = Router();
  const auth = deps.requireAuth();

  async function owner(req: Request) {
    const user = await deps.currentUser(req);
    const m = requireMembership(await membershipOf(deps.db, user.id));
    if (m.role !== 'owner') throw new HttpError(403, TEAM_BILLING_MESSAGES.ownerOnly);
    return { user, teamId: m.teamId };
  }

  router.get('/team/billing', auth, async (req, res) => {
    const { teamId } = await owner(req);
    res.json(await billing.status(teamId));
  });

  router.post('/team/billing/checkout', auth, async (req, res) => {
    const body = parseInput(teamCheckoutRequestSchema, req.body);
    const { user, teamId } = await owner(req);
    res.json(await billing.checkout(user, teamId, body.plan, body.seats));
  });

  router.put('/team/billing/seats', auth, async (req, res) => {
    const { seats } = parseInput(teamSeatsRequestSchema, req.body);
    const { teamId } = await owner(req);
    const answer: TeamSeatsResponse = {
      message: TEAM_BILLING_MESSAGES.seatsChanged(seats),
      billing: await billing.setSeats(teamId, seats),
    };
    res.json(answer);
  });

  router.post('/team/billing/portal', auth, async (req, res) => {
    const { user, teamId } = await owner(req);
    res.json(await billing.portal(user, teamId));
  });

  return router;
}
