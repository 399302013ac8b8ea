import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEEDBACK, callDetail, callSummary } from '../../test/call-fixtures';
import { errorJson, json, type RecordedRequest } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { formatDateTime } from '../../lib/dates';
import { CALL_LOG_PAGE_SIZE } from './CallLogsScreen';

const rows = () =>
  within(screen.getByRole('table', { name: 'Practice calls' }))
    .getAllByRole('row')
    .slice(1);

describe('call logs list', () => {
  it('lists scenario, mode, status, date, duration and score', async () => {
    renderApp({
      path: '/call-logs',
      routes: {
        'GET /api/calls': () =>
          json({
            items: [
              callSummary(1, {
                id: 'a',
                mode: 'browser',
                scenario: { id: 's', title: 'The Busy CFO' },
                status: 'completed',
                durationSeconds: 185,
                score: 72,
                createdAt: '2026-11-20T09:00:00Z',
              }),
              callSummary(2, {
                id: 'b',
                mode: 'phone',
                scenario: { id: 's', title: 'The Gatekeeper' },
                status: 'no-answer',
                durationSeconds: null,
                score: null,
              }),
            ],
            nextBefore: null,
          }),
      },
    });
    await screen.findByRole('table', { name: 'Practice calls' });
    const [first, second] = rows();
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(first!)).toEqual(['The Busy CFO', 'Browser', 'Completed', formatDateTime('2026-11-20T09:00:00Z'), '3:05', '72/100']);
    expect(cells(second!).slice(0, 3)).toEqual(['The Gatekeeper', 'Phone', 'No answer']);
    expect(cells(second!).slice(4)).toEqual(['—', '—']);
    expect(within(first!).getByRole('link', { name: 'The Busy CFO' })).toHaveAttribute('href', '/call-logs/a');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("a session that went nowhere is listed 'Abandoned' without a score, and its page says it did not count", async () => {
    const abandoned = { id: 'z', mode: 'browser' as const, status: 'abandoned' as const, durationSeconds: 12, score: null };
    renderApp({
      path: '/call-logs',
      routes: {
        'GET /api/calls': () =>
          json({ items: [callSummary(1, { ...abandoned, scenario: { id: 's', title: 'The Busy CFO' } })], nextBefore: null }),
        'GET /api/calls/:id': () => json(callDetail({ ...abandoned, feedback: null, errorMessage: null })),
      },
    });
    await screen.findByRole('table', { name: 'Practice calls' });
    const cells = within(rows()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[2]).toBe('Abandoned');
    expect(cells[5]).toBe('—');
    expect(screen.queryByText('Completed')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'The Busy CFO' }));
    expect(await screen.findByText(/does not count against your daily practice limit/)).toBeInTheDocument();
  });

  it('empty: says so and points to the Call screen', async () => {
    renderApp({ path: '/call-logs', routes: { 'GET /api/calls': () => json({ items: [], nextBefore: null }) } });
    expect(await screen.findByText('Your practice call logs will appear here after your first call.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a practice call' })).toHaveAttribute('href', '/call');
  });

  it('error: the reason and Try again, which recovers', async () => {
    let fail = true;
    renderApp({
      path: '/call-logs',
      routes: {
        'GET /api/calls': () => (fail ? errorJson(500, 'Database unavailable') : json({ items: [callSummary(1)], nextBefore: null })),
      },
    });
    expect(await screen.findByText('Your call logs could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('loads more a page at a time with the cursor the server gave', async () => {
    const seen: RecordedRequest[] = [];
    renderApp({
      path: '/call-logs',
      routes: {
        'GET /api/calls': (req) => {
          seen.push(req);
          const before = req.query.get('before');
          if (!before) return json({ items: Array.from({ length: CALL_LOG_PAGE_SIZE }, (_, i) => callSummary(i)), nextBefore: 'cursor-1' });
          return json({ items: [callSummary(100, { scenario: { id: 's', title: 'Oldest call' } })], nextBefore: null });
        },
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(CALL_LOG_PAGE_SIZE));
    expect(seen[0]!.query.get('limit')).toBe(String(CALL_LOG_PAGE_SIZE));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Oldest call' })).toBeInTheDocument();
    expect(rows()).toHaveLength(CALL_LOG_PAGE_SIZE + 1);
    expect(seen.at(-1)!.query.get('before')).toBe('cursor-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('Call and Call Logs are in the nav after Enrich settings', async () => {
    renderApp({ path: '/call-logs', routes: { 'GET /api/calls': () => json({ items: [], nextBefore: null }) } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Icebreak', 'Enrich settings', 'Call', 'Call Logs', 'Premium', 'FAQ', 'Settings', 'Usage']);
    await userEvent.click(within(nav).getByRole('link', { name: 'Call' }));
    expect(await screen.findByRole('heading', { name: 'Start an AI Practice Call Here' })).toBeInTheDocument();
  });
});

describe('call log detail', () => {
  it('shows the facts, the feedback and the transcript in order', async () => {
    const { fake, location } = renderApp({
      path: '/call-logs/call-42',
      routes: { 'GET /api/calls/:id': () => json(callDetail()), 'GET /api/calls': () => json({ items: [], nextBefore: null }) },
    });
    expect(await screen.findByRole('heading', { name: 'The Busy CFO', level: 1 })).toBeInTheDocument();
    expect(fake.requests.some((r) => r.path === '/api/calls/call-42')).toBe(true);
    expect(screen.getByText('Browser')).toBeInTheDocument();
    const feedback = screen.getByRole('group', { name: 'Feedback' });
    expect(within(feedback).getByTestId('feedback-score')).toHaveTextContent(String(FEEDBACK.score));
    expect(within(feedback).getByText(FEEDBACK.tips[0]!)).toBeInTheDocument();
    const transcript = screen.getByRole('list', { name: 'Transcript' });
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dana FoxDana speaking, I have two minutes.', 'YouHi Dana, this is Pat from Acme.', 'Dana FoxWhat is this about?']);
    await userEvent.click(screen.getByRole('link', { name: 'Back to Call Logs' }));
    await waitFor(() => expect(location()).toBe('/call-logs'));
  });

  it('a failed phone call shows why, and says it has no feedback', async () => {
    renderApp({
      path: '/call-logs/c-7',
      routes: {
        'GET /api/calls/:id': () =>
          json(
            callDetail({
              id: 'c-7',
              mode: 'phone',
              status: 'failed',
              errorMessage: 'The number is unreachable',
              feedback: null,
              transcript: [],
            }),
          ),
      },
    });
    expect(await screen.findByText('The number is unreachable')).toBeInTheDocument();
    expect(screen.getByText('No feedback for this call.')).toBeInTheDocument();
    expect(screen.getByText('Nothing was said in this call.')).toBeInTheDocument();
  });

  it("another user's call (404): a clear not-found message with a way back", async () => {
    const { location } = renderApp({
      path: '/call-logs/someone-elses',
      routes: {
        'GET /api/calls/:id': () => errorJson(404, 'Call not found'),
        'GET /api/calls': () => json({ items: [], nextBefore: null }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Call not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This call does not exist or belongs to another account.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Call Logs' }));
    await waitFor(() => expect(location()).toBe('/call-logs'));
  });

  it('another failure: the reason and Try again', async () => {
    renderApp({ path: '/call-logs/x', routes: { 'GET /api/calls/:id': () => errorJson(500, 'Database unavailable') } });
    expect(await screen.findByText('The call could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
