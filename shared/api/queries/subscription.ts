import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { queryKeys, type Owner } from './keys';

/** The subscription as Stripe has it now (POST /api/subscription/sync re-reads it: a read, though it is a POST). */
export const subscriptionQuery = (api: Pick<ApiClient, 'syncSubscription'>, owner: Owner) =>
  queryOptions({ queryKey: queryKeys.subscription(owner.uid), queryFn: () => api.syncSubscription({ email: owner.email }) });
