import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboundCallRecord } from '@shared/schemas';
import { errorJson, json, userRecord, type RecordedRequest } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { OUTBOUND_CALL_PAGE_SIZE } from './OutboundCallsScreen';

const ADMIN = { 'GET /api/user/:uid': () => json(userRecord({ isAdmin: true })) };

const record = (i: number): OutboundCallRecord => ({
  id: `oc-${i}`,
  user: { email: `rep${i}@example.com` },
  quest: { title: `Quest ${i}` },
  status: 'in-progress',
  scheduledFor: '2026-11-20T09:00:00Z',
});

describe('admin outbound-call log: paging and refusal', () => {
  it('loads more a page at a time, newest first, starting before the last id shown', async () => {
    const seen: RecordedRequest[] = [];
    renderApp({
      path: '/admin/outbound-calls',
      routes: {
        ...ADMIN,
        'GET /api/outbound-calls': (req) => {
          seen.push(req);
          return req.query.get('before') ? json([record(999)]) : json(Array.from({ length: OUTBOUND_CALL_PAGE_SIZE }, (_, i) => record(i)));
        },
      },
    });
    expect(await screen.findByText('rep0@example.com')).toBeInTheDocument();
    expect(screen.getAllByText('Status: In-progress')).toHaveLength(OUTBOUND_CALL_PAGE_SIZE);
    expect(seen[0]!.query.get('limit')).toBe(String(OUTBOUND_CALL_PAGE_SIZE));
    expect(seen[0]!.query.get('before')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('rep999@example.com')).toBeInTheDocument();
    expect(seen.at(-1)!.query.get('before')).toBe(`oc-${OUTBOUND_CALL_PAGE_SIZE - 1}`);
    // A short page is the last one.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('a short first page has no Load more', async () => {
    renderApp({ path: '/admin/outbound-calls', routes: { ...ADMIN, 'GET /api/outbound-calls': () => json([record(1)]) } });
    expect(await screen.findByText('Quest 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('the server refusing (403) is shown as such', async () => {
    renderApp({ path: '/admin/outbound-calls', routes: { ...ADMIN, 'GET /api/outbound-calls': () => errorJson(403, 'Admins only') } });
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    expect(
      screen.getByText('Only administrators can see the outbound-call log, and the server does not count this account as one.'),
    ).toBeInTheDocument();
  });

  it('no calls yet', async () => {
    renderApp({ path: '/admin/outbound-calls', routes: { ...ADMIN, 'GET /api/outbound-calls': () => json([]) } });
    expect(await screen.findByText('No outbound calls yet.')).toBeInTheDocument();
  });
});
