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
