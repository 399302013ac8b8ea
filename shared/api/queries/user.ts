import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { getOrCreateUser } from '../user-record';
import { queryKeys, type Owner } from './keys';

/**
 * The caller's backend record, created when missing (docs/product.md#client-behaviour). How long it
 * stays fresh and whether it is retried is each app's policy. Its `credits` is a snapshot taken at
 * sign-in: screens show the balance from balanceQuery, which paid answers keep current.
 */
export const userRecordQuery = (api: Pick<ApiClient, 'getUser' | 'createUser'>, owner: Owner) =>
  queryOptions({
    queryKey: queryKeys.record(owner.uid),
    queryFn: () => getOrCreateUser(api, { uid: owner.uid, email: owner.email }),
  });
