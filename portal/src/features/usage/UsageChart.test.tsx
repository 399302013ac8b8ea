import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { dailyUsage } from '@shared/credit-usage';
import type { CreditUsage } from '@shared/schemas';
import { UsageChart } from './UsageChart';

/** A known ledger: 3 days of a period, a refund on day 2, an allowance row that is not usage. */
const LEDGER = [
  { at: new Date('2026-11-01T09:00:00Z'), delta: 20, reason: 'monthly_reset' },
  { at: new Date('2026-11-01T10:00:00Z'), delta: -1, reason: 'debit' },
  { at: new Date('2026-11-01T11:00:00Z'), delta: -2, reason: 'debit' },
  { at: new Date('2026-11-02T08:00:00Z'), delta: -1, reason: 'debit' },
  { at: new Date('2026-11-02T08:01:00Z'), delta: 1, reason: 'refund' },
  { at: new Date('2026-11-03T23:59:00Z'), delta: -4, reason: 'debit' },
];

function usageOf(ledger: typeof LEDGER): CreditUsage {
  const days = dailyUsage(ledger, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-03T12:00:00Z'));
  const used = -ledger.filter((r) => r.reason === 'debit' || r.reason === 'refund').reduce((s, r) => s + r.delta, 0);
  return {
    plan: 'free',
    allowance: 20,
    balance: 20 - used,
    used,
    periodStart: '2026-11-01T00:00:00.000Z',
    resetsAt: '2026-12-01T00:00:00.000Z',
    days,
  };
}

describe('usage chart', () => {
  it('per-day usage from a known ledger: one entry per day, refunds given back, totals equal the ledger', () => {
    const days = dailyUsage(LEDGER, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-03T12:00:00Z'));
    expect(days).toEqual([
      { date: '2026-11-01', used: 3 },
      { date: '2026-11-02', used: 0 },
      { date: '2026-11-03', used: 4 },
    ]);
  });

  it('draws one bar per day with its height in credits, and states the totals', async () => {
    const usage = usageOf(LEDGER);
    render(
      <FluentProvider theme={webLightTheme}>
        <UsageChart usage={usage} />
      </FluentProvider>,
    );
    expect(screen.getByTestId('usage-totals')).toHaveTextContent('7 of 20 credits used this period · 13 left');
    const chart = screen.getByTestId('usage-chart');
    // One bar per day of the period (a quiet day is a bar of height 0, which has no label of its own).
    expect(chart.querySelector('[aria-label^="Credits used per day this period."]')?.getAttribute('aria-label')).toContain('with 3 bars');
    const barLabels = [...chart.querySelectorAll('[aria-label]')]
      .map((n) => n.getAttribute('aria-label')!)
      .filter((l) => /^\w{3} \d+\. Credits used, /.test(l));
    expect(barLabels).toEqual(['Nov 1. Credits used, 3 credits.', 'Nov 3. Credits used, 4 credits.']);
    // The bars add up to the ledger's debits minus refunds.
    const total = barLabels.reduce((sum, l) => sum + Number(/, (\d+) credits?\.$/.exec(l)![1]), 0);
    expect(total).toBe(-LEDGER.filter((r) => r.reason !== 'monthly_reset').reduce((s, r) => s + r.delta, 0));
  });
});
