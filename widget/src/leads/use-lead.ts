import { useEffect, useState } from 'react';
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

export type LeadState = { status: 'loading' } | { status: 'ready'; lead: Lead } | { status: 'failed'; error: unknown };

/** Reads the lead once per mount (remount with a new key to read it again). */
export function useLead(crm: ZohoCrm, entity: string, id: string): LeadState {
  const [state, setState] = useState<LeadState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadLeadFields(crm, entity)
      .then((fields) => loadLead(crm, entity, id, fields))
      .then(
        (lead) => live && setState({ status: 'ready', lead }),
        (error: unknown) => live && setState({ status: 'failed', error }),
      );
    return () => {
      live = false;
    };
  }, [crm, entity, id]);
  return state;
}
