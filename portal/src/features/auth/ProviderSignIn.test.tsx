import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LINK_MESSAGES } from '@shared/auth';
import { FakeAuthService } from '../../test/fake-auth';
import { errorJson, json, userRecord } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('Continue with Google / Microsoft', () => {
  it('a new Google account the provider vouches for goes straight in: its record is created, no verification card', async () => {
    const auth = new FakeAuthService(null);
    let created: unknown = null;
    const { location } = renderApp({
      auth,
      path: '/auth',
      routes: {
        // First visit of a provider account: no record yet (404), then created (docs/product.md#client-behaviour).
        'GET /api/user/:uid': () => (created ? json(userRecord({ firebaseUid: 'uid-google.com' })) : errorJson(404, 'User not found')),
        'POST /api/user': (req) => {
          created = req.body;
          return json({ message: 'User created', user: userRecord() }, 201);
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('heading', { name: 'Icebreak' });
    expect(location()).toBe('/icebreak');
    expect(auth.calls).toEqual(['provider:google.com']);
    expect(created).toMatchObject({ firebaseUid: 'uid-google.com', email: 'pat@gmail.example' });
    expect(screen.queryByRole('heading', { name: 'Verify your email' })).toBeNull();
  });

  it('an address the provider does not vouch for still gets the verification card', async () => {
    const auth = new FakeAuthService(null);
    auth.providerResult = async () => ({ uid: 'uid-ms', email: 'pat@contoso.example', emailVerified: false });
    renderApp({ auth, path: '/auth' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(auth.calls).toEqual(['provider:microsoft.com']);
  });

  it('an e-mail with an account made another way: says how to link, then the password sign-in links it', async () => {
    const auth = new FakeAuthService(null);
    auth.providerResult = async () => {
      auth.pending = { email: 'pat@example.com', providerId: 'google.com' };
      throw firebaseError('auth/account-exists-with-different-credential');
    };
    auth.signInResult = async (email) => {
      auth.pending = null;
      return { uid: 'uid-1', email, emailVerified: true, linked: 'google.com' };
    };
    const { location } = renderApp({ auth, path: '/auth' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(LINK_MESSAGES.pending({ email: 'pat@example.com', providerId: 'google.com' }))).toBeInTheDocument();
    expect(screen.queryByText('Login failed', { selector: '.fui-ToastTitle' })).toBeNull();
    // The login form starts from the existing account's address: only the password is left to type.
    expect(screen.getByLabelText(/^Email/)).toHaveValue('pat@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await findToast(LINK_MESSAGES.linkedTitle);
    expect(screen.getAllByText(LINK_MESSAGES.linked('google.com')).length).toBeGreaterThan(0);
    await waitFor(() => expect(location()).toBe('/icebreak'));
    expect(auth.calls).toEqual(['provider:google.com', 'signIn:pat@example.com']);
  });

  it("'Don't link' forgets the waiting provider", async () => {
    const auth = new FakeAuthService(null);
    auth.providerResult = async () => {
      auth.pending = { email: 'pat@example.com', providerId: 'microsoft.com' };
      throw firebaseError('auth/account-exists-with-different-credential');
    };
    renderApp({ auth, path: '/auth' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    await userEvent.click(await screen.findByRole('button', { name: "Don't link" }));
    expect(screen.queryByText(/to link Microsoft to it/)).toBeNull();
    expect(auth.pending).toBeNull();
  });

  it('closing the provider window says nothing; any other failure is a Login failed toast in plain words', async () => {
    const auth = new FakeAuthService(null);
    auth.providerResult = async () => {
      throw firebaseError('auth/popup-closed-by-user');
    };
    renderApp({ auth, path: '/auth' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    expect(screen.queryByText('Login failed', { selector: '.fui-ToastTitle' })).toBeNull();

    auth.providerResult = async () => {
      throw firebaseError('auth/unauthorized-domain');
    };
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await findToast('Login failed');
    expect(screen.getAllByText(/its domain is not authorised in Firebase/).length).toBeGreaterThan(0);
  });

  it('a sign-in that came back by redirect and failed is reported on the sign-in screen', async () => {
    const auth = new FakeAuthService(null);
    auth.redirectOutcome = async () => {
      throw firebaseError('auth/operation-not-allowed');
    };
    renderApp({ auth, path: '/auth' });
    await findToast('Login failed');
    expect(screen.getAllByText('This sign-in method is not enabled for this app.').length).toBeGreaterThan(0);
  });
});
