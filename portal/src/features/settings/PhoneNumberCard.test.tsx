import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorJson, json } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

function open(saved: string | null, put = (body: unknown) => json({ phoneNumber: '+14155550100', echo: body })) {
  const app = renderApp({
    path: '/settings',
    routes: { 'GET /api/user/phone': () => json({ phoneNumber: saved }), 'PUT /api/user/phone': (req) => put(req.body) },
  });
  return app;
}
const card = async () => screen.findByRole('form', { name: 'Phone number' });

describe('phone number card', () => {
  it('shows the saved E.164 number and prefills the field', async () => {
    open('+4915123456789');
    expect(await screen.findByTestId('saved-phone')).toHaveTextContent('Saved number: +4915123456789');
    expect(within(await card()).getByRole('textbox', { name: /Phone number/ })).toHaveValue('+4915123456789');
    // The account card is still there.
    expect(screen.getByText('Account Information')).toBeInTheDocument();
  });

  it('requires a number and the consent box, without calling the server', async () => {
    const { fake } = open(null);
    expect(await screen.findByText('No phone number saved yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Phone Number' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm that we may call this number for practice calls')).toBeInTheDocument();
    expect(fake.count('PUT', '/api/user/phone')).toBe(0);
  });

  it('saves the number with consent and shows the stored E.164 form', async () => {
    const { fake } = open(null);
    const form = await card();
    await userEvent.type(within(form).getByRole('textbox', { name: /Phone number/ }), '(415) 555-0100');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Phone Number' }));
    await findToast('Phone number saved');
    expect(fake.requests.find((r) => r.method === 'PUT')!.body).toEqual({ phoneNumber: '(415) 555-0100', consent: true });
    await waitFor(() => expect(screen.getByTestId('saved-phone')).toHaveTextContent('Saved number: +14155550100'));
  });

  it("the server's 400 message is shown on the field", async () => {
    open(null, () => errorJson(400, 'This is not a phone number we can call. Include the country code, e.g. +1 415 555 0100.'));
    const form = await card();
    await userEvent.type(within(form).getByRole('textbox', { name: /Phone number/ }), '12');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Phone Number' }));
    const message = await screen.findByText('This is not a phone number we can call. Include the country code, e.g. +1 415 555 0100.');
    expect(within(form).getByRole('textbox', { name: /Phone number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(message).toBeInTheDocument();
    expect(screen.getByTestId('saved-phone')).toHaveTextContent('No phone number saved yet.');
  });
});
