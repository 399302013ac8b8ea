/** The signed-in person, as far as the widget needs it. */
export interface AuthUser {
  uid: string;
  email: string;
  emailVerified: boolean;
}

/** Sign-in inside the widget; Firebase in production (firebase-auth.ts), a fake in component tests. */
export interface AuthService {
  /** Calls back now-ish with the current user (null when signed out), then on every change. */
  subscribe(listener: (user: AuthUser | null) => void): () => void;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** ID token for the Authorization header (no cookies inside the Zoho iframe). */
  getToken(): Promise<string | null>;
  /** Re-read the user (after verifying the e-mail elsewhere) and refresh the token. */
  reload(): Promise<AuthUser | null>;
  sendPasswordReset(email: string): Promise<void>;
  sendVerification(): Promise<void>;
}

const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Wrong e-mail or password.',
  'auth/wrong-password': 'Wrong e-mail or password.',
  'auth/user-not-found': 'No account uses this e-mail address. Create one in the portal first.',
  'auth/invalid-email': 'Please enter a valid email address',
  'auth/too-many-requests': 'Too many attempts. Wait a moment and try again.',
  'auth/network-request-failed': 'The sign-in service cannot be reached. Check your connection and try again.',
  'auth/user-disabled': 'This account is disabled.',
};

/** A readable message for a Firebase Auth error (they carry a `code` like 'auth/invalid-credential'). */
export function authErrorMessage(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string' && FIREBASE_MESSAGES[code]) return FIREBASE_MESSAGES[code];
  return err instanceof Error ? err.message.replace(/^Firebase: /, '') : String(err);
}
