import { useQuery } from '@tanstack/react-query';
import { getOrCreateUser } from '@shared/api/user-record';
import { USER_QUERY_STALE_MS } from '@shared/constants';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import type { UserRecord } from '@shared/schemas';
import { useSignedInUser } from '../auth/AuthProvider';
import { failWith } from '../lib/errors';
import { useServices } from './services';
import { queryKeys } from './query-keys';

/**
 * The backend record of the signed-in user (docs/product.md#client-behaviour): cached 5 minutes, one retry, no refetch on focus.
 * A missing record (404) is created with POST /api/user, then fetched again.
 */
export function useUserRecord() {
  const user = useSignedInUser();
  const { api } = useServices();
  return useQuery<UserRecord, Error>({
    queryKey: queryKeys.user(user.uid),
    staleTime: USER_QUERY_STALE_MS,
    retry: 1,
    refetchOnWindowFocus: false,
    queryFn: () => failWith(M.fetchUserFailed, () => getOrCreateUser(api, user)),
  });
}
