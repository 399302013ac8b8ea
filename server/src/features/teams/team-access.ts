import { isTeamManager, TEAM_MESSAGES, type TeamRole } from '@shared/teams';
import { HttpError } from '../../http/errors';
import type { Membership } from './teams-repository';

/** The caller's membership, or 404 with what to do when they are in no team. */
export function requireMembership(m: Membership | undefined): Membership {
  if (!m) throw new HttpError(404, TEAM_MESSAGES.notInTeam);
  return m;
}

/** Owners and admins: invite, remove, set roles, assign practice, read others' reports. */
export function requireManager(m: Membership | undefined): Membership {
  const found = requireMembership(m);
  if (!isTeamManager(found.role)) throw new HttpError(403, TEAM_MESSAGES.managersOnly);
  return found;
}

/** The owner alone: transfer ownership, delete the team (and, later, its billing). */
export function requireOwner(m: Membership | undefined): Membership {
  const found = requireMembership(m);
  if (found.role !== ('owner' satisfies TeamRole)) throw new HttpError(403, TEAM_MESSAGES.ownerOnly);
  return found;
}
