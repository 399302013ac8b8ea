import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import { FakeAuthService } from '../../test/fake-auth';
import { errorJson, json, userRecord } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';

const RESET_BODY = `${PORTAL_MESSAGES.resetIfAccountExists} ${PORTAL_MESSAGES.checkEmailReset}`;

const firebaseError = (code: string, message: string) => Object.assign(new Error(message), { code });

function signedOut() {
  return new FakeAuthService(null);
}

async function fillRegister(name: string, email: string, password: string) {
  await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
  if (name) await userEvent.type(screen.getByLabelText(/^Name/), name);
  if (email) await userEvent.type(screen.getByLabelText(/^Email/), email);
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe('auth screen', () => {
  it('opens on the Login tab with the side panel and the Register hint one tab away', async () => {
    renderApp({ auth: signedOut(), path: '/auth' });
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Rocket fuel for your sales team')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByText("We'll send you a verification email after registration.")).toBeInTheDocument();
  });

  it('login: the validation messages of the sign-in form', async () => {
    const auth = signedOut();
    renderApp({ auth, path: '/auth' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/^Password/), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(auth.calls).toEqual([]);
  });

  it('login: a verified user goes to /icebreak', async () => {
    const auth = signedOut();
    const { location } = renderApp({ auth, path: '/auth' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'pat@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Icebreak' });
    expect(location()).toBe('/icebreak');
    expect(auth.calls).toEqual(['signIn:pat@example.com']);
  });

  it("login failure: toast 'Login failed' with the provider's message", async () => {
    const auth = signedOut();
    auth.signInResult = async () => {
      throw firebaseError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).');
    };
    const { location } = renderApp({ auth, path: '/auth' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'pat@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await findToast('Login failed');
    expect(screen.getAllByText('The e-mail address or password is incorrect.').length).toBeGreaterThan(0);
    expect(location()).toBe('/auth');
  });

  it("forgot password: empty e-mail shows 'Please enter your email address'; otherwise the reset is sent", async () => {
    const auth = signedOut();
    renderApp({ auth, path: '/auth' });
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(auth.calls).toEqual([]);
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await findToast('Password reset email sent');
    expect(screen.getAllByText(RESET_BODY).length).toBeGreaterThan(0);
    expect(auth.calls).toEqual(['reset:pat@example.com']);
  });

  it('forgot password for an address with no account: the same answer as a sent link (no account enumeration)', async () => {
    const auth = signedOut();
    auth.resetResult = async () => {
      throw firebaseError('auth/user-not-found', 'Firebase: Error (auth/user-not-found).');
    };
    renderApp({ auth, path: '/auth' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ghost@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await findToast('Password reset email sent');
    expect(screen.getAllByText(RESET_BODY).length).toBeGreaterThan(0);
    expect(screen.queryByText(/No account exists/)).toBeNull();
    expect(screen.queryByText('Failed to send reset email')).toBeNull();
  });

  it("forgot password failure: toast 'Failed to send reset email'", async () => {
    const auth = signedOut();
    auth.resetResult = async () => {
      throw firebaseError('auth/too-many-requests', 'Firebase: Error (auth/too-many-requests).');
    };
    renderApp({ auth, path: '/auth' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'pat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await findToast('Failed to send reset email');
  });

  it('register: the validation messages of the registration form', async () => {
    const auth = signedOut();
    renderApp({ auth, path: '/auth' });
    await fillRegister('', 'bad', '12345');
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(auth.calls).toEqual([]);
  });

  it('register: identity, POST /api/users, verification e-mail, toast, then /icebreak with the verification card', async () => {
    const auth = signedOut();
    const { fake, location } = renderApp({
      auth,
      path: '/auth',
      routes: {
        'POST /api/users': () =>
          json({ message: 'User created', user: userRecord({ firebaseUid: 'uid-new', email: 'new@example.com' }) }, 201),
      },
    });
    await fillRegister('Nia New', 'new@example.com', 'secret-pass');
    await findToast('Account created successfully');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(location()).toBe('/icebreak');
    expect(auth.calls).toEqual(['signUp:new@example.com', 'sendVerification']);
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/users');
    expect(post?.body).toEqual({ name: 'Nia New', email: 'new@example.com', firebaseUid: 'uid-new' });
  });

  it('register from a link into the app (a team invitation): back on that page, with the verification card', async () => {
    const auth = signedOut();
    const { fake, location } = renderApp({
      auth,
      path: '/join?token=abc.def',
      routes: {
        'POST /api/users': () =>
          json({ message: 'User created', user: userRecord({ firebaseUid: 'uid-new', email: 'new@example.com' }) }, 201),
        'POST /api/team/invites/accept': () => errorJson(410, 'This invitation has already been used.'),
      },
    });
    await screen.findByRole('tab', { name: 'Register' });
    expect(location()).toBe('/auth');
    await fillRegister('Nia New', 'new@example.com', 'secret-pass');
    await findToast('Account created successfully');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(location()).toBe('/join');
    // Verified, the same page offers the invitation, with its token.
    auth.set({ uid: 'uid-new', email: 'new@example.com', emailVerified: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(fake.requests.find((r) => r.path === '/api/team/invites/accept')?.body).toEqual({ token: 'abc.def' }));
  });

  it("register: backend failure → 'Registration incomplete' and the identity is signed out", async () => {
    const auth = signedOut();
    const { location } = renderApp({ auth, path: '/auth', routes: { 'POST /api/users': () => errorJson(500, 'database down') } });
    await fillRegister('Nia New', 'new@example.com', 'secret-pass');
    await findToast('Registration incomplete');
    expect(
      screen.getAllByText("Your account was created but we couldn't save your profile. Please try again or contact support.").length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(auth.calls).toEqual(['signUp:new@example.com', 'signOut']));
    expect(location()).toBe('/auth');
    expect(auth.user).toBeNull();
  });

  it("register: an address whose account was lost (409): the server's message, a verification link sent, and the card says so truthfully", async () => {
    const auth = signedOut();
    renderApp({
      auth,
      path: '/auth',
      routes: { 'POST /api/users': () => json({ message: MESSAGES.emailTaken, code: 'conflict' }, 409) },
    });
    await fillRegister('Nia New', 'lost@example.com', 'secret-pass');
    await findToast('Registration incomplete');
    const body = `${MESSAGES.emailTaken} ${PORTAL_MESSAGES.reclaimVerificationSent('lost@example.com')}`;
    expect(screen.getAllByText(body).length).toBeGreaterThan(0);
    expect(
      screen.queryByText("Your account was created but we couldn't save your profile. Please try again or contact support."),
    ).toBeNull();
    // The link is sent before signing out (only a signed-in, unverified user can be sent one).
    await waitFor(() => expect(auth.calls).toEqual(['signUp:lost@example.com', 'sendVerification', 'signOut']));

    // Signing in again (unverified): the card says the e-mail was sent, because it was.
    auth.signInResult = async (email) => ({ uid: 'uid-new', email, emailVerified: false });
    await userEvent.click(screen.getByRole('tab', { name: 'Login' }));
    await userEvent.type(screen.getByLabelText(/^Email/), 'lost@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const card = (await screen.findByRole('heading', { name: 'Verify your email' })).closest('.fui-Card');
    expect(card).toHaveTextContent('We sent a verification email to lost@example.com.');
  });

  it('the verification card does not claim an e-mail was sent when this tab sent none', async () => {
    const auth = new FakeAuthService({ uid: 'uid-2', email: 'quiet@example.com', emailVerified: false });
    renderApp({ auth, path: '/icebreak' });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.queryByText(/We sent a verification email/)).toBeNull();
    expect(screen.getByText(/is not verified yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await findToast('Verification email sent');
    expect(screen.getByRole('heading', { name: 'Verify your email' }).closest('.fui-Card')).toHaveTextContent(
      'We sent a verification email to quiet@example.com.',
    );
  });

  it("register: identity failure → 'Registration failed' with the message", async () => {
    const auth = signedOut();
    auth.signUpResult = async () => {
      throw firebaseError('auth/email-already-in-use', 'Firebase: Error (auth/email-already-in-use).');
    };
    renderApp({ auth, path: '/auth' });
    await fillRegister('Nia New', 'taken@example.com', 'secret-pass');
    await findToast('Registration failed');
    expect(screen.getAllByText('An account with this e-mail address already exists.').length).toBeGreaterThan(0);
  });

  it("register: verification e-mail failure → 'Failed to send verification email', account kept", async () => {
    const auth = signedOut();
    auth.verificationResult = async () => {
      throw new Error('quota');
    };
    renderApp({ auth, path: '/auth', routes: { 'POST /api/users': () => json({ message: 'User created', user: userRecord() }, 201) } });
    await fillRegister('Nia New', 'new@example.com', 'secret-pass');
    await findToast('Failed to send verification email');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
  });
});
