import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReminderPreferencesResponse } from '@shared/schemas/reminders';
import { json, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

const NEVER_SAVED: ReminderPreferencesResponse = {
  enabled: false,
  callFrequency: 'daily',
  weekday: null,
  preferredCallTime: '09:00',
  userTimezone: 'UTC',
  nextReminderAt: null,
  saved: false,
};
const WEEKLY_BERLIN: ReminderPreferencesResponse = {
  enabled: true,
  callFrequency: 'weekly',
  weekday: 3,
  preferredCallTime: '09:00',
  userTimezone: 'Europe/Berlin',
  nextReminderAt: '2026-01-21T08:00:00.000Z',
  saved: true,
};

function open(prefs: ReminderPreferencesResponse, routes: Record<string, Handler> = {}) {
  const app = renderApp({ path: '/settings', routes: { 'GET /api/user/reminders': () => json(prefs), ...routes } });
  return app;
}

const card = async () => within((await screen.findByRole('form', { name: 'Practice reminders' })) as HTMLElement);

// The route's chunk is transformed on first import: done before the first test's 4 s wait starts.
beforeAll(() => import('./SettingsScreen'), 60_000);
afterEach(() => vi.restoreAllMocks());

describe('practice reminders card in Settings', () => {
  it("proposes the browser's time zone until the user saves; says reminders are off", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: 'America/Chicago' };
    });
    open(NEVER_SAVED);
    const c = await card();
    expect(c.getByRole('switch', { name: 'Practice reminders' })).not.toBeChecked();
    expect(c.getByLabelText('Time zone')).toHaveValue('America/Chicago');
    expect(c.getByText('Reminders are off.')).toBeInTheDocument();
    // Account Information stays.
    expect(screen.getByText('Account Information')).toBeInTheDocument();
  });

  it("shows the saved choice and the next reminder's date and time in the user's zone", async () => {
    open(WEEKLY_BERLIN);
    const c = await card();
    expect(c.getByRole('switch', { name: 'Practice reminders' })).toBeChecked();
    expect(c.getByRole('combobox', { name: 'Frequency' })).toHaveValue('weekly');
    expect(c.getByRole('combobox', { name: 'Day' })).toHaveValue('3');
    expect(c.getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    // 08:00 UTC is 09:00 in Berlin in January.
    expect(c.getByText(/^Next reminder: Wednesday, January 21, 2026 at 9:00\sAM \(Europe\/Berlin\)$/)).toBeInTheDocument();
  });

  it('the day is asked only for weekly reminders', async () => {
    open({ ...WEEKLY_BERLIN, callFrequency: 'daily', weekday: null });
    const c = await card();
    expect(c.queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Frequency' }), 'weekly');
    expect(c.getByRole('combobox', { name: 'Day' })).toBeInTheDocument();
  });

  it('saves the choice (weekday only for weekly), then shows the next reminder from the answer', async () => {
    const { fake } = open(NEVER_SAVED, {
      'PUT /api/user/reminders': (req) =>
        json({
          // As the server answers: weekday null unless the request set one.
          weekday: null,
          ...(req.body as object),
          nextReminderAt: '2026-01-16T17:30:00.000Z',
          saved: true,
        } satisfies Partial<ReminderPreferencesResponse>),
    });
    const c = await card();
    await userEvent.click(c.getByRole('switch', { name: 'Practice reminders' }));
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Frequency' }), 'weekly');
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Day' }), 'Friday');
    fireEvent.change(c.getByLabelText(/^Preferred time/), { target: { value: '18:30' } });
    const zone = c.getByLabelText('Time zone');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Berlin');
    await userEvent.click(c.getByRole('button', { name: 'Save Reminder Settings' }));
    await findToast('Success');
    expect(fake.requests.find((r) => r.method === 'PUT')!.body).toEqual({
      enabled: true,
      callFrequency: 'weekly',
      weekday: 5,
      preferredCallTime: '18:30',
      userTimezone: 'Europe/Berlin',
    });
    expect(await c.findByText(/^Next reminder: Friday, January 16, 2026 at 6:30\sPM \(Europe\/Berlin\)$/)).toBeInTheDocument();

    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Frequency' }), 'daily');
    await userEvent.click(c.getByRole('button', { name: 'Save Reminder Settings' }));
    await vi.waitFor(() => expect(fake.count('PUT', '/api/user/reminders')).toBe(2));
    expect(fake.requests.filter((r) => r.method === 'PUT')[1]!.body).not.toHaveProperty('weekday');
  });

  it("shows the server's validation message at the field and keeps what the user typed", async () => {
    const message = 'Unknown time zone: use an IANA name such as Europe/Berlin';
    open(WEEKLY_BERLIN, {
      'PUT /api/user/reminders': () => json({ message, issues: [{ path: 'userTimezone', message }] }, 400),
    });
    const c = await card();
    const zone = c.getByLabelText('Time zone');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Phobos');
    await userEvent.click(c.getByRole('button', { name: 'Save Reminder Settings' }));
    await findToast('Error');
    expect(c.getByText(message)).toBeInTheDocument();
    expect(zone).toHaveValue('Mars/Phobos');
    // The saved state is unchanged.
    expect(c.getByText(/^Next reminder: Wednesday, January 21, 2026/)).toBeInTheDocument();
  });

  it('a failure to load says so', async () => {
    renderApp({ path: '/settings', routes: { 'GET /api/user/reminders': () => json({ message: 'Database unavailable' }, 503) } });
    expect(await screen.findByText('Failed to load reminder settings')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});
