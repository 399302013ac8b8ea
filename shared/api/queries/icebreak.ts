import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { queryKeys, type Owner } from './keys';

/** The caller's saved Icebreak analyses; an analysis that ends invalidates it. */
export const historyQuery = (api: Pick<ApiClient, 'getHistory'>, owner: Owner) =>
  queryOptions({ queryKey: queryKeys.history(owner.uid), queryFn: () => api.getHistory(owner.email) });
