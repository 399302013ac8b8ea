import type { ZohoPageLoadData } from './zoho-types';
import { ZohoSdkError } from './zoho-error';

/** Where the widget was opened: one lead (related list, detail-page button) or several (list-view button). */
export interface PageContext {
  entity: string;
  leadIds: string[];
  mode: 'single' | 'bulk';
  buttonPosition?: string;
}

/** Accept both PageLoad shapes (docs/architecture.md#zoho-sdk-facts): `EntityId` as a string or an array of ids. */
export function toPageContext(data: ZohoPageLoadData | null | undefined): PageContext {
  if (!data || typeof data !== 'object') {
    throw new ZohoSdkError('Zoho CRM opened the widget without telling it which record to use.', 'PageLoad');
  }
  const raw: unknown[] = Array.isArray(data.EntityId) ? data.EntityId : [data.EntityId];
  const leadIds = [
    ...new Set(raw.filter((id) => id !== null && id !== undefined && String(id).trim() !== '').map((id) => String(id).trim())),
  ];
  if (leadIds.length === 0) {
    throw new ZohoSdkError('No lead is selected. Open a lead, or select leads in the list view, and try again.', 'PageLoad');
  }
  const entity = typeof data.Entity === 'string' && data.Entity ? data.Entity : 'Leads';
  const buttonPosition = typeof data.ButtonPosition === 'string' ? data.ButtonPosition : undefined;
  const mode = buttonPosition === 'ListView' || leadIds.length > 1 ? 'bulk' : 'single';
  return { entity, leadIds, mode, ...(buttonPosition ? { buttonPosition } : {}) };
}
