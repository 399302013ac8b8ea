/** What the portal needs from the identity provider. Firebase implements it in the browser; tests inject a fake. */
export interface AuthUser {
  uid: string;
  email: string;
  emailVerified: boolean;
}

export interface AuthService {
  /** Called with the current user now (or as soon as it is known) and on every change. */
  onChange(listener: (user: AuthUser | null) => void): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Sends the verification e-mail to the signed-in, unverified user. */
  sendVerification(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  signOut(): Promise<void>;
  /** Re-reads the signed-in user from the provider (e.g. verified in another tab). */
  reload(): Promise<AuthUser | null>;
  /** A fresh ID token of the signed-in user (null when signed out). */
  getToken(): Promise<string | null>;
  /** Re-authenticates with the current password, then sets the new one (docs/product.md#settings-and-account). */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}

const FRIENDLY: Record<string, string> = {
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
};

/** The provider's message, readable: Firebase errors carry a code such as 'auth/invalid-credential'. */
export function authErrorMessage(err: unknown): string {
  const code = typeof err === 'object' && err && 'code' in err ? String((err as { code: unknown }).code) : '';
  if (code && FRIENDLY[code]) return FRIENDLY[code];
  if (err instanceof Error && err.message) return err.message.replace(/^Firebase: /, '');
  return 'Something went wrong. Please try again.';
}
