import type { LedgerEntry } from '@shared/schemas';

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
/** What a row paid for: its label ('Icebreak analysis — Tomás O'Connor, Lumen Bank'), else its kind. */
export const purposeLabel = (e: LedgerEntry) =>
  e.label ?? (e.purpose ? (e.reason === 'refund' ? `Refund: ${PURPOSES[e.purpose]}` : PURPOSES[e.purpose]) : '—');
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
