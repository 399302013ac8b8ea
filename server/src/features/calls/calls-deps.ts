import type { Logger } from 'pino';
import type { IdentityVerifier } from '../../auth/identity';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { RequireAuth } from '../../http/auth';
import type { PracticeEngine } from '../practice';
import type { CurrentUser, UsersRepository } from '../users';

/** What each part of the calls feature uses (the app hands the feature these, not its whole context). */
export interface CallsServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
}

export interface CallsRoutesDeps {
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
  config: Config;
  clock: Clock;
}

export interface RelaySocketDeps {
  clock: Clock;
  logger: Logger;
}

export interface PracticeSocketDeps extends RelaySocketDeps {
  verifier: Pick<IdentityVerifier, 'verify'>;
  users: Pick<UsersRepository, 'byUid'>;
}

export interface CallsRealtimeDeps extends PracticeSocketDeps {
  config: Config;
}

export interface CallsFeatureDeps extends CallsServiceDeps, CallsRoutesDeps, CallsRealtimeDeps {
  practice: PracticeEngine;
}
