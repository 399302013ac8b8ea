import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { setBalance } from './balance';
import { queryKeys } from './keys';

/** The current credit period (GET /api/credits/usage), read again on every visit; it carries the balance, so it updates the one balance. */
export const creditUsageQuery = (api: Pick<ApiClient, 'getCreditUsage'>, uid: string) =>
  queryOptions({
    queryKey: queryKeys.creditUsage(uid),
    queryFn: async ({ client }) => {
      const usage = await api.getCreditUsage();
      setBalance(client, uid, usage.balance);
      return usage;
    },
    refetchOnMount: 'always',
  });

/** The credit ledger, newest first, a page at a time (the next page starts before the last row's id). */
export const creditHistoryQuery = (api: Pick<ApiClient, 'getCreditHistory'>, uid: string, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.creditHistory(uid),
    queryFn: ({ pageParam }) => api.getCreditHistory({ before: pageParam, limit: pageSize }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    refetchOnMount: 'always',
  });
