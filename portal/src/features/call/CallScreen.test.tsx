import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRACTICE_CALL_PHONE_NUMBER } from '@shared/constants';
import { errorJson, json, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

async function start(handler?: Handler) {
  const app = renderApp({ path: '/call', routes: handler ? { 'POST /api/outbound-call': handler } : {} });
  await userEvent.click(await screen.findByRole('button', { name: 'Start Practice Call' }));
  return app;
}

describe('practice call', () => {
  it('shows the card, its text and the fixed number', async () => {
    renderApp({ path: '/call' });
    expect(await screen.findByRole('heading', { name: 'Start an AI Practice Call Here' })).toBeInTheDocument();
    expect(screen.getByText('Start a call with a random conversation practice scenario')).toBeInTheDocument();
    expect(screen.getByText(PRACTICE_CALL_PHONE_NUMBER)).toBeInTheDocument();
  });

  it("posts the number, shows 'Initiating Call...' while busy, then 'Call initiated'", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fake } = await start(async () => (await gate, json({ success: true })));
    expect(await screen.findByRole('button', { name: 'Initiating Call...' })).toBeDisabled();
    release();
    await findToast('Call initiated');
    expect(screen.getAllByText('Your call is being connected. Please answer when your phone rings.').length).toBeGreaterThan(0);
    expect(fake.requests.find((r) => r.path === '/api/outbound-call')!.body).toEqual({ phoneNumber: PRACTICE_CALL_PHONE_NUMBER });
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
    await start(() => new Response('<html>oops</html>', { status: 200 }));
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
