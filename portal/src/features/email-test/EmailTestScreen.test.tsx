import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorJson, json, userRecord, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

const USERS = [{ id: 'u1', email: 'olga@example.com', callFrequency: 'weekly', preferredCallTime: '09:00', userTimezone: 'Europe/Berlin' }];

// The route's chunk is transformed on first import: done before the first test's 4 s wait starts.
beforeAll(() => import('./EmailTestScreen'), 60_000);

// The panel is for administrators (docs/product.md#reminder-test-panel): these tests sign in as one.
function open(routes: Record<string, Handler> = {}) {
  return renderApp({
    path: '/email-test',
    routes: {
      'GET /api/user/:uid': () => json(userRecord({ isAdmin: true })),
      'GET /api/users/email-enabled': () => json(USERS),
      ...routes,
    },
  });
}

describe('e-mail reminder test panel', () => {
  it("an empty address gives the toast 'Please enter an email address' and sends nothing", async () => {
    const { fake } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Send Test' }));
    await findToast('Please enter an email address');
    expect(fake.count('POST', '/api/reminders/instant-test')).toBe(0);
  });

  it('a malformed address is reported on the field', async () => {
    open();
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it("sends, shows 'Sending...' meanwhile, then 'Success' with the server message", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fake } = open({
      'POST /api/reminders/instant-test': async () => (await gate, json({ message: 'Reminder sent to olga@example.com' })),
    });
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'olga@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await findToast('Success');
    expect(screen.getAllByText('Reminder sent to olga@example.com').length).toBeGreaterThan(0);
    expect(fake.requests.find((r) => r.path === '/api/reminders/instant-test')!.body).toEqual({ email: 'olga@example.com' });
  });

  it("a failure: 'Failed to Send Email' with the server message, or the fallback text", async () => {
    let answer = () => errorJson(400, 'SMTP refused the address');
    open({ 'POST /api/reminders/instant-test': () => answer() });
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'olga@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    await findToast('Failed to Send Email');
    expect(screen.getAllByText('SMTP refused the address').length).toBeGreaterThan(0);
    answer = () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(
      (await screen.findAllByText('Failed to send test reminder. Please check server logs for verification instructions.')).length,
    ).toBeGreaterThan(0);
  });

  it('lists opted-in users with frequency, time and timezone, each with Send Test Reminder', async () => {
    const { fake } = open({ 'POST /api/reminders/test/:id': () => json({ message: 'Test reminder sent successfully' }) });
    const item = (await screen.findByText('olga@example.com')).closest('li')!;
    expect(within(item).getByText('Frequency: weekly')).toBeInTheDocument();
    expect(within(item).getByText('Preferred Time: 09:00')).toBeInTheDocument();
    expect(within(item).getByText('Timezone: Europe/Berlin')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Send Test Reminder to olga@example.com' }));
    await findToast('Success');
    expect(fake.count('POST', '/api/reminders/test/u1')).toBe(1);
  });

  // Reminder test panel (docs/product.md#reminder-test-panel): a failure to load the list says so (it used to read 'Failed to send test reminder').
  it("the list's error state says the list failed to load", async () => {
    open({ 'GET /api/users/email-enabled': () => errorJson(404, 'Not found') });
    expect(await screen.findByText('Failed to load opted-in users: Not found')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to send test reminder/)).not.toBeInTheDocument();
  });

  it('a non-admin is sent to / and the list is never requested; only admins see the nav entry', async () => {
    const { fake, location } = renderApp({ path: '/email-test', routes: { 'GET /api/users/email-enabled': () => json(USERS) } });
    await waitFor(() => expect(location()).toBe('/icebreak'));
    expect(fake.count('GET', '/api/users/email-enabled')).toBe(0);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Email Test' })).not.toBeInTheDocument();
  });

  it('an admin sees the panel and its nav entry', async () => {
    open();
    expect(await screen.findByText('olga@example.com')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Email Test' })).toHaveAttribute(
      'href',
      '/email-test',
    );
  });
});
