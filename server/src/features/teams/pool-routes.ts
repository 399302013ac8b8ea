import { Router } from 'express';
import { setCapRequestSchema, type TeamPoolResponse } from '@shared/schemas';
import { TEAM_MESSAGES } from '@shared/teams';
import { HttpError } from '../../http/errors';
import { parseInput, pathParam } from '../../http/validate';
import { requireManager } from './team-access';
import type { TeamsDeps } from './teams-routes';
import { monthStartOf } from '../../clock';
import { teamAnswer } from './team-answer';
import type { TeamsRepository } from './teams-repository';

/**
 * The team's shared credits (docs/product.md#team-credits): which pool pays first for the caller,
 * and the monthly caps owners and admins set on members' pool spending.
 */
export function createPoolRouter(deps: Pick<TeamsDeps, 'requireAuth' | 'currentUser' | 'clock'>, repo: TeamsRepository) {
  const router = Router();
  const auth = deps.requireAuth();

  router.get('/team/pool', auth, async (req, res) => {
    const user = await deps.currentUser(req);
    const pool = await repo.poolOf(user.id, monthStartOf(deps.clock.now()));
    res.json({ pool: pool ?? null } satisfies TeamPoolResponse);
  });

  router.put('/team/members/:userId/cap', auth, async (req, res) => {
    const target = pathParam(req.params, 'userId');
    const { monthlyCap } = parseInput(setCapRequestSchema, req.body);
    const user = await deps.currentUser(req);
    await repo.withMembership(user.id, async (tx, m) => {
      const me = requireManager(m);
      const role = await repo.memberRole(tx, me.teamId, target);
      if (!role) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
      // The owner pays for the pool: an admin does not limit the owner.
      if (role === 'owner' && me.role !== 'owner') throw new HttpError(403, TEAM_MESSAGES.ownerCapOwnerOnly);
      await repo.setCap(tx, me.teamId, target, monthlyCap);
    });
    res.json(await teamAnswer(repo, await repo.membership(user.id), deps.clock.now()));
  });

  return router;
}
