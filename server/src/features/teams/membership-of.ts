import type { Db } from '../../db/database';
import { createTeamsRepository, type Membership } from './teams-repository';

/** The user's team and role, read now (for other features that act on the caller's team, such as its plan). */
export function membershipOf(db: Db, userId: string): Promise<Membership | undefined> {
  return createTeamsRepository(db).membership(userId);
}
