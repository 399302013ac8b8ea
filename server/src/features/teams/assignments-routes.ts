import { Router } from 'express';
import {
  createAssignmentRequestSchema,
  teamReportQuerySchema,
  type Assignment,
  type AssignmentList,
  type TeamReport,
} from '@shared/schemas';
import { isTeamManager, TEAM_MESSAGES as T, type AssignmentStatus } from '@shared/teams';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { scenarioById } from '../practice';
import { createAssignmentsRepository } from './assignments-repository';
import { teamReportRows } from './report-repository';
import { requireManager, requireMembership } from './team-access';
import type { TeamsRepository } from './teams-repository';
import type { InvitesDeps } from './invites-routes';

type Row = Awaited<ReturnType<ReturnType<typeof createAssignmentsRepository>['list']>>[number];

/** Rows (one per assignment and member) grouped into assignments, each member with a status at `now`. */
export function groupAssignments(rows: Row[], now: Date): Assignment[] {
  const byId = new Map<string, Assignment>();
  for (const r of rows) {
    let a = byId.get(r.id);
    if (!a) {
      a = {
        id: r.id,
        scenarioId: r.scenarioId,
        scenarioTitle: r.scenarioTitle,
        dueAt: r.dueAt.toISOString(),
        minScore: r.minScore,
        createdAt: r.createdAt.toISOString(),
        members: [],
      };
      byId.set(r.id, a);
    }
    const status: AssignmentStatus = r.completedAt ? 'done' : r.dueAt <= now ? 'overdue' : 'due';
    a.members.push({
      userId: r.userId,
      name: r.name ?? 'Unnamed member',
      bestScore: r.bestScore,
      completedAt: r.completedAt?.toISOString() ?? null,
      status,
    });
  }
  return [...byId.values()];
}

/** Assigned practice (docs/product.md#assigned-practice): owners and admins assign; everyone reads their own. */
export function createAssignmentsRouter(deps: InvitesDeps, teams: TeamsRepository) {
  const repo = createAssignmentsRepository(deps.db);
  const router = Router();
  const auth = deps.requireAuth();

  async function list(teamId: string, userId?: string): Promise<AssignmentList> {
    return { assignments: groupAssignments(await repo.list(teamId, userId), deps.clock.now()) };
  }

  router.post('/team/assignments', auth, async (req, res) => {
    const body = parseInput(createAssignmentRequestSchema, req.body);
    const user = await deps.currentUser(req);
    const me = requireManager(await teams.membership(user.id));
    const scenario = scenarioById(body.scenarioId);
    if (!scenario) throw new HttpError(400, T.scenarioUnknown);
    const now = deps.clock.now();
    const dueAt = new Date(body.dueAt);
    if (dueAt <= now) throw new HttpError(400, T.dueInPast);
    const ids = [...new Set(body.memberIds)];
    const found = await repo.membersOf(me.teamId, ids);
    // Someone of another team (or no one) is reported as not a member: nothing about them is revealed.
    if (ids.some((id) => !found.has(id))) throw new HttpError(404, T.memberNotFound);
    await repo.create({
      teamId: me.teamId,
      scenarioId: scenario.id,
      scenarioTitle: scenario.title,
      dueAt,
      minScore: body.minScore,
      memberIds: ids,
      at: now,
    });
    res.status(201).json(await list(me.teamId));
  });

  router.get('/team/assignments', auth, async (req, res) => {
    const user = await deps.currentUser(req);
    const me = requireMembership(await teams.membership(user.id));
    res.json(await list(me.teamId, isTeamManager(me.role) ? undefined : me.userId));
  });

  // The month's report (docs/product.md#team-report): owners and admins every member, members their own row.
  router.get('/team/report', auth, async (req, res) => {
    const { month } = parseInput(teamReportQuerySchema, req.query);
    const user = await deps.currentUser(req);
    const me = requireMembership(await teams.membership(user.id));
    const [y, mo] = month.split('-').map(Number) as [number, number];
    const from = new Date(Date.UTC(y, mo - 1, 1));
    const to = new Date(Date.UTC(y, mo, 1));
    const rows = await teamReportRows(deps.db, me.teamId, from, to, deps.clock.now(), isTeamManager(me.role) ? undefined : me.userId);
    const body: TeamReport = {
      month,
      rows: rows.map((r) => ({ ...r, name: r.name ?? 'Unnamed member', lastPracticeAt: r.lastPracticeAt?.toISOString() ?? null })),
    };
    res.json(body);
  });

  return router;
}
