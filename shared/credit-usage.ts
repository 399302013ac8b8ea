import { ENRICH_OUTPUT_LABELS, type EnrichOutput } from './constants';
import type { DailyUsage, LedgerPurpose } from './schemas/account';

/** Ledger reference prefixes the server writes (icebreak, enrich, calls): one place for the convention. */
export const LEDGER_REFERENCE_PREFIXES: Record<LedgerPurpose, string> = {
  analysis: 'icebreak:',
  lead: 'enrich:',
  call: 'call:',
};

/** What a ledger row was for, and its subject id, from its reference ('enrich:<leadId>' → lead). */
export function ledgerPurposeOf(reference: string | null): { purpose: LedgerPurpose | null; subject: string | null } {
  if (reference) {
    for (const [purpose, prefix] of Object.entries(LEDGER_REFERENCE_PREFIXES) as [LedgerPurpose, string][]) {
      if (reference.startsWith(prefix)) return { purpose, subject: reference.slice(prefix.length) || null };
    }
  }
  return { purpose: null, subject: null };
}

/** Longest ledger label kept (a prospect's name and company, or the first words of a description). */
export const LEDGER_LABEL_MAX = 160;

const clip = (text: string) => (text.length > LEDGER_LABEL_MAX ? `${text.slice(0, LEDGER_LABEL_MAX - 1).trimEnd()}…` : text);

/** Who a paid answer was about: 'Tomás O'Connor, Lumen Bank' (name and company, whichever are known). */
export function prospectText(p: { firstName?: string; lastName?: string; company?: string }, fallback = ''): string {
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ').trim();
  return [name, p.company?.trim()].filter(Boolean).join(', ') || fallback.trim();
}

/** The label stored on a debit: what the credits paid for, as the user reads it in the usage ledger. */
export const LEDGER_LABELS = {
  analysis: (prospect: string) => clip(`Icebreak analysis — ${prospect || 'unnamed prospect'}`),
  lead: (outputs: readonly EnrichOutput[], prospect: string) =>
    clip(`${outputs.map((o) => ENRICH_OUTPUT_LABELS[o]).join(' and ')} — ${prospect || 'unnamed lead'}`),
  refund: (debitLabel: string) => `Refund: ${debitLabel}`,
};

/** YYYY-MM-DD of an instant, in UTC (the server's and the chart's day). */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * Credits used per UTC day from `from` to `to` inclusive: debits count, refunds give back on the day
 * of the refund. Every day of the range is present, so a chart shows quiet days as zero.
 */
export function dailyUsage(rows: { at: Date; delta: number; reason: string }[], from: Date, to: Date): DailyUsage[] {
  const byDay = new Map<string, number>();
  for (
    let d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
    d <= to;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    byDay.set(utcDay(d), 0);
  }
  for (const row of rows) {
    if (row.reason !== 'debit' && row.reason !== 'refund') continue;
    const day = utcDay(row.at);
    if (!byDay.has(day)) continue;
    byDay.set(day, byDay.get(day)! - row.delta);
  }
  return [...byDay].map(([date, used]) => ({ date, used }));
}
