import { TEAM_MESSAGES } from '@shared/teams';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { createTeamsRepository } from './teams-repository';

/**
 * Account deletion asks this first: an owner's team would be left without an owner, so the owner is
 * told to transfer or delete it (409). A member's or admin's membership goes with the account (cascade).
 */
export async function assertNoOwnedTeam(db: Db, userId: string): Promise<void> {
  const m = await createTeamsRepository(db).membership(userId);
  if (m?.role === 'owner') throw new HttpError(409, TEAM_MESSAGES.ownerDeletingAccount(m.teamName));
}
