import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@shared/api/client';
import { getOrCreateUser } from '@shared/api/user-record';
import { isSessionGone } from '@shared/auth';
import { USER_QUERY_STALE_MS } from '@shared/constants';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import { useAuth, useSignedInUser } from '../auth/AuthProvider';
import { failWith } from '../lib/errors';
import { useServices } from './services';
import { userRecordQuery } from '@shared/api/queries/user';

/** The server or the identity provider refused this session for good: only signing in again helps. */
export class SessionRefusedError extends Error {
  constructor(cause: unknown) {
    super(M.sessionRefused, { cause });
    this.name = 'SessionRefusedError';
  }
}

const refusedByServer = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

/**
 * The backend record of the signed-in user (docs/product.md#client-behaviour): cached 5 minutes, one retry, no refetch on focus.
 * A missing record (404) is created with POST /api/user, then fetched again. A refused token (401/403) is
 * refreshed from the provider and the read tried once more (Try again does the same); refused again, or the
 * provider saying the session is over, ends the session with a message on the sign-in screen.
 */
export function useUserRecord() {
  const user = useSignedInUser();
  const { refreshToken, endSession } = useAuth();
  const { api } = useServices();
  const query = useQuery({
    // The shared key; the read adds the portal's token refresh.
    ...userRecordQuery(api, user),
    staleTime: USER_QUERY_STALE_MS,
    retry: 1,
    refetchOnWindowFocus: false,
    queryFn: () =>
      failWith(M.fetchUserFailed, async () => {
        try {
          return await getOrCreateUser(api, user);
        } catch (err) {
          if (!refusedByServer(err)) throw err;
        }
        try {
          await refreshToken();
        } catch (err) {
          throw isSessionGone(err) ? new SessionRefusedError(err) : err;
        }
        try {
          return await getOrCreateUser(api, user);
        } catch (err) {
          throw refusedByServer(err) ? new SessionRefusedError(err) : err;
        }
      }),
  });
  const refused = query.error?.cause instanceof SessionRefusedError;
  useEffect(() => {
    if (refused) void endSession(M.sessionRefused);
  }, [refused, endSession]);
  return query;
}
