import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@shared/api/client';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import type { LoginForm, RegisterForm } from '@shared/schemas';
import { useNotify } from '../components/notify';
import { useServices } from '../core/services';
import {
  authErrorCode,
  authErrorMessage,
  LINK_MESSAGES,
  type AuthService,
  type AuthUser,
  type PendingLink,
  type SignInOutcome,
  type SignInProviderId,
} from './auth-service';
import { returnPathOf } from './return-path';

export interface AuthContextValue {
  user: AuthUser | null;
  /** True until the identity provider has said who is signed in. */
  loading: boolean;
  /** True while a registration is in flight (the auth screen stays put until it settles). */
  pending: boolean;
  login(input: LoginForm): Promise<void>;
  /** "Continue with Google/Microsoft" (a popup, or a redirect where popups are blocked). */
  continueWith(providerId: SignInProviderId): Promise<void>;
  /** A provider sign-in waiting to be linked to the existing account of its e-mail (shown on the sign-in screen), else null. */
  pendingLink: PendingLink | null;
  cancelPendingLink(): void;
  register(input: RegisterForm): Promise<void>;
  logout(): Promise<void>;
  resendVerification(): Promise<void>;
  resetPassword(email: string): Promise<void>;
  /** Re-reads the user (the verification card does so when the window regains focus). */
  refreshUser(): Promise<void>;
  getToken(): Promise<string | null>;
  /** A new ID token from the provider now (the server refused the held one); rejects when the session is over. */
  refreshToken(): Promise<void>;
  /** Sign out because the session was refused for good, and say why on the sign-in screen. */
  endSession(reason: string): Promise<void>;
  /** The address this tab last sent a verification e-mail to (the gate says "we sent" only then), else null. */
  verificationSentTo: string | null;
  /** Why the last session was ended for the user (shown on the sign-in screen until the next sign-in), else null. */
  signedOutReason: string | null;
  /** Re-authenticate with the current password and set a new one; rejects with the provider's error. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ service, children }: { service: AuthService; children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [pending, setPending] = useState(false);
  const [signedOutReason, setSignedOutReason] = useState<string | null>(null);
  const [verificationSentTo, setVerificationSentTo] = useState<string | null>(null);
  const [pendingLink, setPendingLink] = useState<PendingLink | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { api } = useServices();

  useEffect(
    () =>
      service.subscribe((next) => {
        setUser(next);
        setLoading(false);
        if (next) setSignedOutReason(null);
      }),
    [service],
  );

  /** After any sign-in: say what became of a waiting link, then (verified users only) go on into the app. */
  const signedIn = useCallback(
    (outcome: SignInOutcome) => {
      if (outcome.linked) notify({ title: LINK_MESSAGES.linkedTitle, body: LINK_MESSAGES.linked(outcome.linked), intent: 'success' });
      if (outcome.linkError) notify({ title: LINK_MESSAGES.linkFailedTitle, body: authErrorMessage(outcome.linkError), intent: 'error' });
      setPendingLink(service.pendingLink());
      // The gate (docs/product.md#gate): only a verified user is taken to the app; others see the verification card.
      if (outcome.emailVerified) navigate(returnPathOf(location.state), { replace: true });
    },
    [service, navigate, notify, location.state],
  );

  const providerFailed = useCallback(
    (err: unknown) => {
      const code = authErrorCode(err);
      // The e-mail has an account made another way: the sign-in screen says how to link (Firebase's account-linking flow).
      if (code === 'auth/account-exists-with-different-credential' && service.pendingLink()) {
        setPendingLink(service.pendingLink());
        return;
      }
      // The person closed the provider's window: their choice, nothing to report.
      if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return;
      notify({ title: M.loginFailed, body: authErrorMessage(err), intent: 'error' });
    },
    [service, notify],
  );

  // A provider sign-in that went by redirect comes back as a new page load: finish it here.
  useEffect(() => {
    let live = true;
    service.redirectResult().then(
      (outcome) => {
        if (live && outcome) signedIn(outcome);
      },
      (err: unknown) => {
        if (live) providerFailed(err);
      },
    );
    return () => {
      live = false;
    };
    // Once per service: the redirect's outcome is read once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [service]);

  const login = useCallback(
    async ({ email, password }: LoginForm) => {
      try {
        signedIn(await service.signIn(email, password));
      } catch (err) {
        notify({ title: M.loginFailed, body: authErrorMessage(err), intent: 'error' });
      }
    },
    [service, notify, signedIn],
  );

  const continueWith = useCallback(
    async (providerId: SignInProviderId) => {
      try {
        const outcome = await service.signInWithProvider(providerId);
        // null: the page is on its way to the provider (redirect).
        if (outcome) signedIn(outcome);
      } catch (err) {
        providerFailed(err);
      }
    },
    [service, signedIn, providerFailed],
  );

  const cancelPendingLink = useCallback(() => {
    service.cancelPendingLink();
    setPendingLink(null);
  }, [service]);

  const register = useCallback(
    async ({ name, email, password }: RegisterForm) => {
      setPending(true);
      try {
        let created: AuthUser;
        try {
          created = await service.signUp(email, password);
        } catch (err) {
          notify({ title: M.registrationFailed, body: authErrorMessage(err), intent: 'error' });
          return;
        }
        const address = created.email || email;
        try {
          await api.registerUser({ name, email: address, firebaseUid: created.uid });
        } catch (err) {
          const reason =
            err instanceof ApiError ? (err.serverMessage ?? M.registrationIncompleteFallback) : M.registrationIncompleteFallback;
          console.warn('registration: backend user not created:', reason);
          // A refusal the person can act on (4xx) is shown as the server says it; a server failure keeps the generic text.
          const actionable = err instanceof ApiError && err.status < 500 && err.serverMessage;
          let body = actionable ? err.serverMessage! : M.registrationIncompleteBody;
          // The address belongs to an account whose sign-in was lost: verifying it reclaims the account, so send the link now.
          if (err instanceof ApiError && err.code === 'conflict') {
            const sent = await service.sendVerification().then(
              () => true,
              () => false,
            );
            if (sent) {
              setVerificationSentTo(address);
              body = `${body} ${M.reclaimVerificationSent(address)}`;
            }
          }
          await service.signOut().catch(() => undefined);
          notify({ title: M.registrationIncomplete, body, intent: 'error' });
          return;
        }
        try {
          await service.sendVerification();
          setVerificationSentTo(address);
        } catch (err) {
          notify({ title: M.verificationFailed, body: authErrorMessage(err), intent: 'error' });
          navigate('/icebreak');
          return;
        }
        notify({ title: M.accountCreated, body: M.checkEmailVerify, intent: 'success' });
        navigate('/icebreak');
      } finally {
        setPending(false);
      }
    },
    [service, api, navigate, notify],
  );

  const logout = useCallback(async () => {
    try {
      await service.signOut();
      setPendingLink(null);
      queryClient.clear();
      navigate('/auth');
    } catch (err) {
      notify({ title: M.logoutFailed, body: authErrorMessage(err), intent: 'error' });
    }
  }, [service, queryClient, navigate, notify]);

  const endSession = useCallback(
    async (reason: string) => {
      setSignedOutReason(reason);
      // Signed out locally whatever the provider says: the session cannot be used any more.
      await service.signOut().catch(() => undefined);
      queryClient.clear();
      navigate('/auth', { replace: true });
    },
    [service, queryClient, navigate],
  );

  const resendVerification = useCallback(async () => {
    try {
      await service.sendVerification();
      if (user) setVerificationSentTo(user.email);
      notify({ title: M.verificationSent, body: M.checkEmailVerify, intent: 'success' });
    } catch (err) {
      notify({ title: M.verificationFailed, body: authErrorMessage(err), intent: 'error' });
    }
  }, [service, notify, user]);

  const resetPassword = useCallback(
    async (email: string) => {
      try {
        await service.sendPasswordReset(email);
        notify({ title: M.resetSent, body: `${M.resetIfAccountExists} ${M.checkEmailReset}`, intent: 'success' });
      } catch (err) {
        // No account for this address: answered exactly as a sent link, so the form does not reveal who is registered.
        if (authErrorCode(err) === 'auth/user-not-found') {
          notify({ title: M.resetSent, body: `${M.resetIfAccountExists} ${M.checkEmailReset}`, intent: 'success' });
          return;
        }
        notify({ title: M.resetFailed, body: authErrorMessage(err), intent: 'error' });
      }
    },
    [service, notify],
  );

  const refreshUser = useCallback(async () => {
    try {
      const next = await service.reload();
      if (next) setUser(next);
    } catch {
      // Offline or signed out meanwhile: the next auth change brings the truth.
    }
  }, [service]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      pending,
      login,
      continueWith,
      pendingLink,
      cancelPendingLink,
      register,
      logout,
      resendVerification,
      resetPassword,
      refreshUser,
      getToken: () => service.getToken(),
      refreshToken: async () => void (await service.getToken(true)),
      endSession,
      signedOutReason,
      verificationSentTo,
      changePassword: (current: string, next: string) => service.changePassword(current, next),
    }),
    [
      user,
      loading,
      pending,
      login,
      continueWith,
      pendingLink,
      cancelPendingLink,
      register,
      logout,
      resendVerification,
      resetPassword,
      refreshUser,
      service,
      endSession,
      signedOutReason,
      verificationSentTo,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** The signed-in user inside the gate (where one always exists). */
export function useSignedInUser(): AuthUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser needs a signed-in user');
  return user;
}
