import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LINK_MESSAGES, type PendingLink } from '@shared/auth';
import { fakeAuth } from '../../../test/fakes';
import { SignInForm } from './SignInForm';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

function mount(auth = fakeAuth(null)) {
  render(<SignInForm auth={auth} portalUrl="https://portal.example" suggestedEmail="sam.seller@example.com" />);
  return auth;
}

describe('widget sign-in: Continue with Google / Microsoft', () => {
  it('each button signs in with its provider', async () => {
    const user = userEvent.setup();
    const auth = mount();
    await user.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    expect(auth.signInWithProvider).toHaveBeenCalledWith('microsoft.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithProvider).toHaveBeenLastCalledWith('google.com');
  });

  it('an address with an account made another way: says how to link, and the form takes that address', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth(null);
    let pending: PendingLink | null = null;
    auth.pendingLink = () => pending;
    auth.signInWithProvider.mockImplementation(async () => {
      pending = { email: 'seller@example.com', providerId: 'google.com' };
      throw firebaseError('auth/account-exists-with-different-credential');
    });
    mount(auth);
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(LINK_MESSAGES.pending({ email: 'seller@example.com', providerId: 'google.com' }))).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('seller@example.com');
    expect(screen.queryByText('Login failed')).toBeNull();
  });

  it('a closed provider window says nothing; another failure is shown in plain words', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth(null);
    auth.signInWithProvider.mockRejectedValueOnce(firebaseError('auth/popup-closed-by-user'));
    auth.signInWithProvider.mockRejectedValueOnce(firebaseError('auth/unauthorized-domain'));
    mount(auth);
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    expect(screen.queryByText('Login failed')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(/its domain is not authorised in Firebase/)).toBeInTheDocument();
  });

  it('a sign-in that came back by redirect (popups blocked in the CRM frame) and failed is shown', async () => {
    const auth = fakeAuth(null);
    auth.redirectResult = async () => {
      throw firebaseError('auth/operation-not-allowed');
    };
    mount(auth);
    expect(await screen.findByText('This sign-in method is not enabled for this app.')).toBeInTheDocument();
  });
});
