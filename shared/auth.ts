/** What portal and widget both need from the identity provider (Firebase in the browser, a fake in tests). */
export interface AuthUser {
  uid: string;
  email: string;
  emailVerified: boolean;
}

/** Signing in with a password: the user, and what became of a provider waiting to be linked (PendingLink). */
export interface SignInOutcome extends AuthUser {
  /** The provider now linked to this account. */
  linked?: SignInProviderId;
  /** Why the waiting provider could not be linked (the sign-in itself succeeded). */
  linkError?: unknown;
}

/**
 * The sign-in calls both apps make. Each app's AuthService extends this with what only it does;
 * `SignInResult` is what signing in returns there (the portal wants the user, the widget nothing).
 */
export interface AuthServiceBase<SignInResult = void> {
  signIn(email: string, password: string): Promise<SignInResult>;
  /**
   * "Continue with Google/Microsoft": a popup, or a redirect where popups are blocked (then this
   * resolves to null and the page goes away; the result comes back on the next load).
   * Rejects with auth/account-exists-with-different-credential when the e-mail has an account
   * made another way: `pendingLink()` then names it, and the next sign-in to that account links it.
   */
  signInWithProvider(providerId: SignInProviderId): Promise<SignInOutcome | null>;
  /** The provider sign-in that waits to be linked to an existing account (see signInWithProvider), else null. */
  pendingLink(): PendingLink | null;
  /** Forget the waiting link (the user chose to do something else). */
  cancelPendingLink(): void;
  /** A provider sign-in that came back by redirect: its outcome, rejected as signInWithProvider would (null when there was none). */
  redirectResult(): Promise<SignInOutcome | null>;
  signOut(): Promise<void>;
  /**
   * A fresh ID token of the signed-in user for the Authorization header (null when signed out).
   * `forceRefresh`: a new one from the provider even if the held one has not expired (the server refused it).
   */
  getToken(forceRefresh?: boolean): Promise<string | null>;
  /** Re-reads the signed-in user from the provider (e.g. verified in another tab) and refreshes the token. */
  reload(): Promise<AuthUser | null>;
  sendPasswordReset(email: string): Promise<void>;
  /** Sends the verification e-mail to the signed-in, unverified user. */
  sendVerification(): Promise<void>;
  /** Calls back with the current user as soon as it is known, then whenever the user changes. */
  subscribe(listener: (user: AuthUser | null) => void): () => void;
}

const FIREBASE_ERROR_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The e-mail address or password is incorrect.',
  'auth/wrong-password': 'The e-mail address or password is incorrect.',
  'auth/user-not-found': 'No account exists for this e-mail address.',
  'auth/email-already-in-use': 'An account with this e-mail address already exists.',
  'auth/invalid-email': 'Please enter a valid email address',
  'auth/weak-password': 'Password must be at least 6 characters',
  'auth/password-does-not-meet-requirements': 'This password does not meet the password requirements. Please choose a stronger one.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed': 'The sign-in service could not be reached. Check your connection and try again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/user-token-expired': 'Your sign-in has expired. Please sign in again.',
  'auth/invalid-user-token': 'Your sign-in has expired. Please sign in again.',
  'auth/requires-recent-login': 'For your security, please sign in again and then repeat this.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again in a moment.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before you finished.',
  'auth/cancelled-popup-request': 'The sign-in window was closed before you finished.',
  'auth/user-cancelled': 'The sign-in was cancelled.',
  'auth/account-exists-with-different-credential':
    'An account already exists for this e-mail address. Sign in the way you did before to link this sign-in method to it.',
  'auth/credential-already-in-use': 'This sign-in is already linked to another account.',
  'auth/provider-already-linked': 'This sign-in method is already linked to your account.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled for this app.',
  'auth/unauthorized-domain': 'This site is not allowed to sign in with this provider (its domain is not authorised in Firebase).',
};

/** The providers offered beside e-mail and password (Firebase provider id → the name a person knows). */
export const SIGN_IN_PROVIDERS = { 'google.com': 'Google', 'microsoft.com': 'Microsoft' } as const;
export type SignInProviderId = keyof typeof SIGN_IN_PROVIDERS;

/** A provider sign-in that found an account with the same e-mail: it is linked after the user signs in the way they did before. */
export interface PendingLink {
  email: string;
  providerId: SignInProviderId;
}

/** What the sign-in screens say while a provider waits to be linked, and once it is. */
export const LINK_MESSAGES = {
  pending: ({ email, providerId }: PendingLink) =>
    `An account already exists for ${email}. Sign in the way you did before (with your password or the other provider) to link ${SIGN_IN_PROVIDERS[providerId]} to it.`,
  linkedTitle: 'Sign-in linked',
  linked: (providerId: SignInProviderId) => `From now on you can also continue with ${SIGN_IN_PROVIDERS[providerId]}.`,
  linkFailedTitle: 'Signed in, but not linked',
} as const;

/** The provider's error code ('auth/…'), or '' when `err` has none. */
export function authErrorCode(err: unknown): string {
  return typeof err === 'object' && err && 'code' in err ? String((err as { code: unknown }).code) : '';
}

/** Provider answers after which a stored session can never work again: the user must sign in. */
export const SESSION_GONE_CODES: ReadonlySet<string> = new Set([
  'auth/user-token-expired',
  'auth/invalid-user-token',
  'auth/user-disabled',
]);

/** True when `err` is the provider saying the session is over for good (not a network failure). */
export function isSessionGone(err: unknown): boolean {
  return SESSION_GONE_CODES.has(authErrorCode(err));
}

/** The provider's message, readable: Firebase errors carry a code such as 'auth/invalid-credential'. */
export function authErrorMessage(err: unknown): string {
  const code = authErrorCode(err);
  // Own keys only: a code such as 'toString' must not find Object.prototype's members.
  if (Object.hasOwn(FIREBASE_ERROR_MESSAGES, code)) return FIREBASE_ERROR_MESSAGES[code]!;
  if (err instanceof Error && err.message) return err.message.replace(/^Firebase: /, '');
  return 'Something went wrong. Please try again.';
}
