import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Lead } from '@shared/schemas/enrich';
import type { ZohoCrm } from '../sdk/zoho-crm';
import type { ZohoField } from '../sdk/zoho-types';
import { toLead } from './lead-data';

/** Custom fields of the org's Leads layout; optional (a failure only drops custom fields). */
export async function loadLeadFields(crm: ZohoCrm, entity: string): Promise<ZohoField[]> {
  return crm.getFields(entity).catch(() => []);
}

export async function loadLead(crm: ZohoCrm, entity: string, id: string, fields: readonly ZohoField[]): Promise<Lead> {
  return toLead(await crm.getRecord(entity, id), fields);
}

export const leadQueryKey = (entity: string, id: string) => ['lead', entity, id] as const;

/** The layout's fields are read once and shared by every lead read (one call for a whole selection). */
export function leadQueryFn(queryClient: QueryClient, crm: ZohoCrm, entity: string, id: string) {
  return async () => {
    const fields = await queryClient.fetchQuery({ queryKey: ['lead-fields', entity], queryFn: () => loadLeadFields(crm, entity) });
    return loadLead(crm, entity, id, fields);
  };
}

export type LeadState = { status: 'loading' } | { status: 'ready'; lead: Lead } | { status: 'failed'; error: unknown; retry(): void };

/** Reads the lead once; after a failure, `retry` reads it again (the spinner shows meanwhile). */
export function useLead(crm: ZohoCrm, entity: string, id: string): LeadState {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: leadQueryKey(entity, id), queryFn: leadQueryFn(queryClient, crm, entity, id) });
  if (query.isSuccess) return { status: 'ready', lead: query.data };
  if (query.isError && !query.isFetching) return { status: 'failed', error: query.error, retry: () => void query.refetch() };
  return { status: 'loading' };
}
