import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHONE_OFF, PHONE_ON, PRACTICE_LINE, SAVED_NUMBER, SCENARIOS, callDetail } from '../../test/call-fixtures';
import { errorJson, json, offContract, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

// The Call screen (docs/product.md#practice-call-screen): the screen shows the configured practice line (not a built-in 555 number) and the call
// goes to the number the user saved in Settings; phone calls need Twilio configured.
const PHONE_ROUTES: Record<string, Handler> = { 'GET /api/user/phone': () => json({ phoneNumber: SAVED_NUMBER }) };

async function start(handler?: Handler) {
  const app = renderApp({
    path: '/call',
    config: { practice: PHONE_ON },
    routes: handler ? { ...PHONE_ROUTES, 'POST /api/outbound-call': handler } : PHONE_ROUTES,
  });
  await screen.findByText(SAVED_NUMBER); // the button waits for the saved number
  await userEvent.click(await screen.findByRole('button', { name: 'Start Practice Call' }));
  return app;
}

describe('practice call', () => {
  it('shows the card, its text and the configured practice line', async () => {
    renderApp({ path: '/call', config: { practice: PHONE_ON }, routes: PHONE_ROUTES });
    expect(await screen.findByRole('heading', { name: 'Start an AI Practice Call Here' })).toBeInTheDocument();
    expect(screen.getByText('Start a call with a random conversation practice scenario')).toBeInTheDocument();
    expect(screen.getByText(PRACTICE_LINE)).toBeInTheDocument();
  });

  it("posts the saved number, shows 'Initiating Call...' while busy, then 'Call initiated'", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fake } = await start(async () => (await gate, json({ success: true })));
    expect(await screen.findByRole('button', { name: 'Initiating Call...' })).toBeDisabled();
    release();
    await findToast('Call initiated');
    expect(screen.getAllByText('Your call is being connected. Please answer when your phone rings.').length).toBeGreaterThan(0);
    expect(fake.requests.find((r) => r.path === '/api/outbound-call')!.body).toEqual({ phoneNumber: SAVED_NUMBER });
    expect(await screen.findByRole('button', { name: 'Start Practice Call' })).toBeEnabled();
  });

  it("success false: 'Failed to initiate call' with the server error, or 'Something went wrong'", async () => {
    await start(() => json({ success: false, error: 'Line busy' }));
    await findToast('Failed to initiate call');
    expect(screen.getAllByText('Line busy').length).toBeGreaterThan(0);
  });

  it("success false without an error: 'Something went wrong'", async () => {
    await start(() => json({ success: false, error: null }));
    await findToast('Failed to initiate call');
    expect(screen.getAllByText('Something went wrong').length).toBeGreaterThan(0);
  });

  it("a non-JSON answer: 'Server returned non-JSON response'", async () => {
    await start(() => offContract(new Response('<html>oops</html>', { status: 200 })));
    await findToast('Error');
    expect(screen.getAllByText('Server returned non-JSON response').length).toBeGreaterThan(0);
  });

  it("a server without the call endpoint (404/501): toast 'Error' with its message", async () => {
    await start(() => errorJson(501, 'This feature is not available yet.'));
    await findToast('Error');
    expect(screen.getAllByText('This feature is not available yet.').length).toBeGreaterThan(0);
  });

  it("a network failure: toast 'Error' with the message", async () => {
    await start(() => Promise.reject(new TypeError('Failed to fetch')));
    await findToast('Error');
    expect(screen.getAllByText('Failed to fetch').length).toBeGreaterThan(0);
  });
});

describe('practice call: modes, scenarios and the saved number', () => {
  it('phone calls not set up: says so, keeps the phone button off, offers browser practice', async () => {
    const { fake } = renderApp({ path: '/call', config: { practice: PHONE_OFF } });
    expect(await screen.findByText(/Phone calls are not set up on this server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Practice Call' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Practice in the browser' })).toBeEnabled();
    expect(screen.queryByText(/^Practice line:/)).toBeNull();
    expect(fake.count('GET', '/api/user/phone')).toBe(0);
  });

  it('phone calls set up: both modes are offered', async () => {
    renderApp({ path: '/call', config: { practice: PHONE_ON }, routes: PHONE_ROUTES });
    expect(await screen.findByText(SAVED_NUMBER)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Practice Call' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Practice in the browser' })).toBeEnabled();
    expect(screen.queryByText(/Phone calls are not set up/)).toBeNull();
  });

  it('no saved phone number: says so with a link to Settings, and the phone button waits', async () => {
    const { location } = renderApp({
      path: '/call',
      config: { practice: PHONE_ON },
      routes: { 'GET /api/user/phone': () => json({ phoneNumber: null }) },
    });
    expect(await screen.findByText('Save your phone number in Settings to get a practice call.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Practice Call' })).toBeDisabled();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Settings' }));
    await waitFor(() => expect(location()).toBe('/settings'));
  });

  it('random by default; a chosen scenario is sent with the phone call and shown with its goal', async () => {
    const { fake } = renderApp({
      path: '/call',
      config: { practice: PHONE_ON },
      routes: {
        ...PHONE_ROUTES,
        'GET /api/calls/scenarios': () => json(SCENARIOS),
        'POST /api/outbound-call': () => json({ success: true, callId: 'c-9' }),
        'GET /api/calls/:id': () => json(callDetail({ id: 'c-9', mode: 'phone', status: 'ringing', feedback: null, transcript: [] })),
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Scenario' });
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Random scenario' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'The Curious Ops Lead (easy)' });
    await userEvent.selectOptions(select, 'curious-ops');
    expect(screen.getByText(/Goal: Agree on a demo with the team\./)).toBeInTheDocument();
    await screen.findByText(SAVED_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Start Practice Call' }));
    await findToast('Call initiated');
    expect(fake.requests.find((r) => r.path === '/api/outbound-call')!.body).toEqual({
      phoneNumber: SAVED_NUMBER,
      scenarioId: 'curious-ops',
    });
    // The placed call is followed: its status and a way to its log entry.
    expect(await screen.findByText('Ringing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow it in Call Logs' })).toHaveAttribute('href', '/call-logs/c-9');
  });

  it('the scenario list failing leaves random practice working', async () => {
    renderApp({ path: '/call', config: { practice: PHONE_OFF }, routes: { 'GET /api/calls/scenarios': () => errorJson(500, 'boom') } });
    expect(await screen.findByText('The scenario list could not be loaded; a random scenario will be used.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Practice in the browser' })).toBeEnabled();
  });

  it('browser practice refused with 409 (a call in progress): the reason and a way to Call Logs', async () => {
    renderApp({
      path: '/call',
      routes: {
        'POST /api/calls/practice': () => errorJson(409, 'You already have a practice call in progress. End it before starting another.'),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Practice in the browser' }));
    expect(await screen.findByText('You already have a practice call in progress. End it before starting another.')).toBeInTheDocument();
    expect(screen.getByText('The practice session could not start')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Call Logs' })).toHaveAttribute('href', '/call-logs');
    expect(screen.getByRole('button', { name: 'Practice in the browser' })).toBeEnabled();
  });

  it('browser practice refused by the daily cap: the server message, the next possible time in the local time zone, Call Logs', async () => {
    const message = 'You have used your 5 practice calls for the last 24 hours.';
    const retryAt = new Date(Date.now() + (3 * 60 + 5) * 60_000);
    const { fake } = renderApp({
      path: '/call',
      routes: { 'POST /api/calls/practice': () => json({ message, code: 'rate_limited', retryAt: retryAt.toISOString() }, 429) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Practice in the browser' }));
    const alert = (await screen.findByText('The practice session could not start')).closest('.fui-MessageBar') as HTMLElement;
    expect(alert).toHaveTextContent(message);
    // The reset instant from the server, said in the browser's own time zone (Intl), not in UTC.
    const local = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }).format(retryAt);
    expect(alert).toHaveTextContent(`Your next call is possible on`);
    expect(alert).toHaveTextContent(local);
    expect(alert).toHaveTextContent(/\(in 3 h [45] min\)/);
    expect(screen.getByRole('link', { name: 'See Call Logs' })).toHaveAttribute('href', '/call-logs');
    // That it wraps inside the card at 375 px is measured in Chromium (tests/e2e/practice-call.test.ts).
    expect(fake.requests.find((r) => r.path === '/api/calls/practice')!.body).toEqual({});
  });
});
