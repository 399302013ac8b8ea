import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { queryKeys, type Owner } from './keys';

/** The enrichment settings (name, about me, preferences, output language) the writers use. */
export const settingsQuery = (api: Pick<ApiClient, 'getSettings'>, owner: Owner) =>
  queryOptions({ queryKey: queryKeys.settings(owner.uid), queryFn: () => api.getSettings(owner.email) });
