import type { LedgerEntry } from '@shared/schemas';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const WHEN = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Nov 23' for a YYYY-MM-DD day (UTC, as the server counts days). */
export const shortDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
export const longDate = (iso: string) => DATE.format(new Date(iso));
export const dateTime = (iso: string) => WHEN.format(new Date(iso));

const REASONS: Record<LedgerEntry['reason'], string> = {
  signup: 'Sign-up grant',
  monthly_reset: 'Monthly reset',
  plan_allowance: 'Plan allowance',
  debit: 'Used',
  refund: 'Refund',
  adjustment: 'Adjustment',
};
const PURPOSES: Record<NonNullable<LedgerEntry['purpose']>, string> = {
  analysis: 'Icebreak analysis',
  lead: 'Enrich (lead)',
  call: 'Practice call',
};

export const reasonLabel = (e: LedgerEntry) => REASONS[e.reason];
export const purposeLabel = (e: LedgerEntry) => (e.purpose ? PURPOSES[e.purpose] : '—');
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
