import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { queryKeys } from './keys';

/** The stored Enrich result of one lead (404 when there is none); a new answer replaces it with setQueryData. */
export const enrichmentQuery = (api: Pick<ApiClient, 'getEnrichment'>, uid: string, leadId: string) =>
  queryOptions({ queryKey: queryKeys.enrichment(uid, leadId), queryFn: () => api.getEnrichment(leadId) });
