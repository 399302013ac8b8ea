import { LIMITS } from '@shared/constants';
import type { Lead } from '@shared/schemas/enrich';
import type { ZohoField, ZohoRecord } from '../sdk/zoho-types';

/** The standard Leads fields the server understands (shared leadSchema), all text except No_of_Employees. */
const TEXT_FIELDS = [
  'First_Name',
  'Last_Name',
  'Full_Name',
  'Company',
  'Designation',
  'Email',
  'Phone',
  'Website',
  'Industry',
  'Description',
  'City',
  'State',
  'Country',
  'Lead_Source',
  'Lead_Status',
] as const satisfies readonly (keyof Lead)[];

/** Custom field types worth sending: text a writer can use (no lookups, dates, currencies, booleans). */
const USEFUL_CUSTOM_TYPES = new Set(['text', 'textarea', 'website', 'picklist', 'email', 'phone']);

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t ? t.slice(0, LIMITS.leadField) : null;
}

/**
 * A Zoho Leads record → the lead the server enriches. Custom fields (e.g. a LinkedIn URL) go to `extra`,
 * labelled with their Zoho label, when META.getFields says they are text-like custom fields.
 */
export function toLead(record: ZohoRecord, fields: readonly ZohoField[] = []): Lead {
  const lead: Lead = { id: String(record.id) };
  for (const key of TEXT_FIELDS) {
    const v = text(record[key]);
    if (v !== null) lead[key] = v;
  }
  const employees = record.No_of_Employees;
  if (typeof employees === 'number' && Number.isFinite(employees)) lead.No_of_Employees = employees;
  else if (typeof employees === 'string' && employees.trim()) lead.No_of_Employees = employees.trim().slice(0, 32);

  const extra: Record<string, string> = {};
  for (const field of fields) {
    if (!field.custom_field || !USEFUL_CUSTOM_TYPES.has(field.data_type ?? 'text')) continue;
    const v = text(record[field.api_name]);
    if (v === null) continue;
    const label = (field.field_label || field.api_name).slice(0, 100);
    if (Object.keys(extra).length < LIMITS.leadExtraFields) extra[label] = v;
  }
  if (Object.keys(extra).length > 0) lead.extra = extra;
  return lead;
}

export function leadName(lead: Lead): string | null {
  const full = [lead.First_Name, lead.Last_Name].filter(Boolean).join(' ').trim();
  return full || lead.Full_Name || null;
}

/** What the summary lists as missing: the fields that make the writing personal. */
export const PERSONAL_FIELDS = [
  ['Company', 'company'],
  ['Designation', 'title'],
  ['Industry', 'industry'],
  ['Website', 'website'],
  ['Description', 'description'],
] as const;

export function missingFields(lead: Lead): string[] {
  const missing: string[] = [];
  if (!leadName(lead)) missing.push('name');
  for (const [key, label] of PERSONAL_FIELDS) if (!lead[key]) missing.push(label);
  return missing;
}

/**
 * The rule for "too little data to personalise": a lead needs a person's name and at least one of
 * company, title, industry, website or description. Checked before anything is charged.
 * Returns null when the lead is fine, else the reason shown to the user.
 */
export function insufficientDataReason(lead: Lead): string | null {
  const hasName = Boolean(leadName(lead));
  const hasContext = PERSONAL_FIELDS.some(([key]) => Boolean(lead[key])) || Boolean(lead.extra && Object.keys(lead.extra).length);
  if (hasName && hasContext) return null;
  const need = [!hasName ? 'a name' : null, !hasContext ? 'a company, title, industry, website or description' : null]
    .filter(Boolean)
    .join(' and ');
  return `This lead has too little data to personalise: add ${need} in Zoho CRM, then try again. Nothing was charged.`;
}

/** The lead as one paragraph: what Icebreak analyses. */
export function describeLead(lead: Lead): string {
  const name = leadName(lead) ?? 'This person';
  const parts: string[] = [];
  const role = [lead.Designation, lead.Company ? `at ${lead.Company}` : null].filter(Boolean).join(' ');
  parts.push(role ? `${name}, ${role}.` : `${name}.`);
  const place = [lead.City, lead.State, lead.Country].filter(Boolean).join(', ');
  if (place) parts.push(`Based in ${place}.`);
  if (lead.Industry) parts.push(`Industry: ${lead.Industry}.`);
  if (lead.No_of_Employees !== undefined && lead.No_of_Employees !== null && lead.No_of_Employees !== '') {
    parts.push(`Company size: ${lead.No_of_Employees} employees.`);
  }
  if (lead.Website) parts.push(`Website: ${lead.Website}.`);
  for (const [label, value] of Object.entries(lead.extra ?? {})) parts.push(`${label}: ${value}.`);
  if (lead.Description) parts.push(`Notes: ${lead.Description}`);
  return parts.join(' ').slice(0, LIMITS.description);
}
