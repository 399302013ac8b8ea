import { Router, type Request, type RequestHandler } from 'express';
import { createTeamRequestSchema, setRoleRequestSchema, transferOwnershipRequestSchema, type MessageResponse } from '@shared/schemas';
import { TEAM_BILLING_MESSAGES, TEAM_MESSAGES } from '@shared/teams';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { parseInput, pathParam } from '../../http/validate';
import type { UserRow } from '../users';
import { createAssignmentsRouter } from './assignments-routes';
import { createInvitesRouter, type InvitesDeps } from './invites-routes';
import { createPoolRouter } from './pool-routes';
import { teamAnswer } from './team-answer';
import { requireManager, requireMembership, requireOwner } from './team-access';
import { createTeamsRepository } from './teams-repository';

/** What the teams feature needs from the app: only these, not the whole context. */
export interface TeamsDeps extends InvitesDeps {
  db: Db;
  clock: Clock;
  requireAuth: () => RequestHandler;
  /** The caller's user record (404 when registration never created it). */
  currentUser: (req: Request) => Promise<UserRow>;
}

/** Teams and roles (docs/product.md#teams). Every route reads the caller's membership from the database. */
export function createTeamsRouter(deps: TeamsDeps) {
  const repo = createTeamsRepository(deps.db);
  const router = Router();
  const auth = deps.requireAuth();
  const done = (message: string): MessageResponse => ({ message });

  router.post('/teams', auth, async (req, res) => {
    const { name } = parseInput(createTeamRequestSchema, req.body);
    const user = await deps.currentUser(req);
    const id = await repo.create(user.id, name, deps.clock.now());
    if (!id) throw new HttpError(409, TEAM_MESSAGES.alreadyInTeam);
    res.status(201).json(await teamAnswer(repo, await repo.membership(user.id), deps.clock.now()));
  });

  router.get('/team', auth, async (req, res) => {
    const user = await deps.currentUser(req);
    res.json(await teamAnswer(repo, await repo.membership(user.id), deps.clock.now()));
  });

  router.delete('/team', auth, async (req, res) => {
    const user = await deps.currentUser(req);
    await repo.withMembership(user.id, async (tx, m) => {
      const owner = requireOwner(m);
      // The team's Stripe subscription would go on billing a team that no longer exists.
      if (await repo.hasLivePlan(tx, owner.teamId)) throw new HttpError(409, TEAM_BILLING_MESSAGES.deleteWhilePaid);
      await repo.deleteTeam(tx, owner.teamId);
    });
    res.json(done(TEAM_MESSAGES.teamDeleted));
  });

  router.post('/team/leave', auth, async (req, res) => {
    const user = await deps.currentUser(req);
    await repo.withMembership(user.id, async (tx, m) => {
      const me = requireMembership(m);
      if (me.role === 'owner') throw new HttpError(409, TEAM_MESSAGES.ownerCannotLeave);
      await repo.remove(tx, me.teamId, me.userId);
    });
    res.json(done(TEAM_MESSAGES.leftTeam));
  });

  router.delete('/team/members/:userId', auth, async (req, res) => {
    const target = pathParam(req.params, 'userId');
    const user = await deps.currentUser(req);
    await repo.withMembership(user.id, async (tx, m) => {
      const me = requireManager(m);
      if (target === me.userId) throw new HttpError(400, TEAM_MESSAGES.cannotRemoveSelf);
      const role = await repo.memberRole(tx, me.teamId, target);
      if (!role) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
      if (role === 'owner') throw new HttpError(403, TEAM_MESSAGES.cannotRemoveOwner);
      await repo.remove(tx, me.teamId, target);
    });
    res.json(done(TEAM_MESSAGES.memberRemoved));
  });

  router.put('/team/members/:userId/role', auth, async (req, res) => {
    const target = pathParam(req.params, 'userId');
    const { role } = parseInput(setRoleRequestSchema, req.body);
    const user = await deps.currentUser(req);
    await repo.withMembership(user.id, async (tx, m) => {
      const me = requireManager(m);
      const current = await repo.memberRole(tx, me.teamId, target);
      if (!current) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
      if (current === 'owner') throw new HttpError(403, TEAM_MESSAGES.cannotChangeOwnerRole);
      await repo.setRole(tx, me.teamId, target, role);
    });
    res.json(await teamAnswer(repo, await repo.membership(user.id), deps.clock.now()));
  });

  router.post('/team/transfer', auth, async (req, res) => {
    const { userId: target } = parseInput(transferOwnershipRequestSchema, req.body);
    const user = await deps.currentUser(req);
    await repo.withMembership(user.id, async (tx, m) => {
      const me = requireOwner(m);
      if (target === me.userId) throw new HttpError(400, TEAM_MESSAGES.transferToSelf);
      if (!(await repo.memberRole(tx, me.teamId, target))) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
      await repo.transfer(tx, me.teamId, me.userId, target);
    });
    res.json(await teamAnswer(repo, await repo.membership(user.id), deps.clock.now()));
  });

  router.use(createPoolRouter(deps, repo));
  router.use(createInvitesRouter(deps, repo, async (userId) => teamAnswer(repo, await repo.membership(userId), deps.clock.now())));
  router.use(createAssignmentsRouter(deps, repo));

  return router;
}
