import type { TeamResponse } from '@shared/schemas';
import { isTeamManager } from '@shared/teams';
import { monthStartOf } from '../../clock';
import type { Membership, TeamsRepository } from './teams-repository';

const UNNAMED = 'Unnamed member';

/** GET /api/team's answer: members see names and roles; owners and admins also e-mails and join dates. */
export async function teamAnswer(repo: TeamsRepository, m: Membership | undefined, now: Date): Promise<TeamResponse> {
  if (!m) return { team: null };
  const [team, members] = await Promise.all([repo.team(m.teamId), repo.members(m.teamId, monthStartOf(now))]);
  if (!team) return { team: null };
  const full = isTeamManager(m.role);
  return {
    team: {
      id: team.id,
      name: team.name,
      createdAt: team.createdAt.toISOString(),
      role: m.role,
      me: m.userId,
      credits: team.credits,
      members: members.map((r) => ({
        userId: r.userId,
        name: r.name ?? UNNAMED,
        role: r.role,
        ...(full ? { email: r.email, joinedAt: r.joinedAt.toISOString() } : {}),
        ...(full || r.userId === m.userId ? { monthlyCap: r.monthlyCap, poolUsed: r.poolUsed } : {}),
      })),
    },
  };
}
