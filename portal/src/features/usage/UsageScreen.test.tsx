import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LedgerEntry } from '@shared/schemas';
import { json } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const entry = (id: number, fields: Partial<LedgerEntry>): LedgerEntry => ({
  id,
  at: '2026-03-01T10:00:00Z',
  delta: -1,
  balanceAfter: 10,
  reason: 'debit',
  purpose: null,
  subject: null,
  label: null,
  ...fields,
});

describe('usage: every ledger row says what it paid for', () => {
  it('debits name the prospect or lead, refunds say what they give back, grants have no purpose', async () => {
    renderApp({
      path: '/usage',
      routes: {
        'GET /api/credits/usage': () =>
          json({
            plan: 'free',
            allowance: 20,
            balance: 17,
            used: 3,
            periodStart: '2026-03-01T00:00:00.000Z',
            resetsAt: '2026-04-01T00:00:00.000Z',
            days: [{ date: '2026-03-01', used: 3 }],
          }),
        'GET /api/credits/history': () =>
          json({
            entries: [
              entry(5, { reason: 'refund', delta: 1, purpose: 'lead', label: 'Refund: LinkedIn DM — Maria Lopez, Northwind Logistics' }),
              entry(4, { purpose: 'lead', label: 'LinkedIn DM — Maria Lopez, Northwind Logistics' }),
              entry(3, { purpose: 'analysis', label: "Icebreak analysis — Tomás O'Connor, Lumen Bank" }),
              entry(2, { reason: 'refund', delta: 1, purpose: 'analysis' }),
              entry(1, { reason: 'signup', delta: 20, balanceAfter: 20 }),
            ],
            nextBefore: null,
          }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Credit history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Refund: LinkedIn DM — Maria Lopez, Northwind Logistics',
      'LinkedIn DM — Maria Lopez, Northwind Logistics',
      "Icebreak analysis — Tomás O'Connor, Lumen Bank",
      // A row written before labels were kept still says what it was for.
      'Refund: Icebreak analysis',
      '—',
    ]);
  });
});
