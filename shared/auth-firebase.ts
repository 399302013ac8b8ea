import { getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  initializeAuth,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type ActionCodeSettings,
  type Auth,
  type Persistence,
  type User,
} from 'firebase/auth';
import type { PublicConfig } from './schemas/system';
import type { AuthServiceBase, AuthUser } from './auth';

export interface FirebaseAuthOptions {
  /** A named Firebase app (the widget's), so a host page's default app is left alone. */
  appName?: string;
  /** Where the session is kept, first that works. */
  persistence: Persistence[];
  /** Where the links in the verification and reset e-mails lead (absent: Firebase's own page). */
  links?: { afterVerification: ActionCodeSettings; afterReset: ActionCodeSettings };
}

export function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '', emailVerified: user.emailVerified };
}

/** The Firebase e-mail/password calls both apps make, configured from GET /api/config; `auth` for what only one app does. */
export function createFirebaseAuthBase(
  config: PublicConfig,
  options: FirebaseAuthOptions,
): { auth: Auth; base: AuthServiceBase<AuthUser> } {
  const app = options.appName
    ? (getApps().find((a) => a.name === options.appName) ?? initializeApp(config.firebase, options.appName))
    : initializeApp(config.firebase);
  const auth = initializeAuth(app, { persistence: options.persistence });
  if (config.authEmulatorHost) connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });

  const base: AuthServiceBase<AuthUser> = {
    signIn: async (email, password) => toAuthUser((await signInWithEmailAndPassword(auth, email.trim(), password)).user),
    signOut: () => signOut(auth),
    async getToken() {
      const user = auth.currentUser;
      if (!user) return null;
      const result = await user.getIdTokenResult();
      // Verified since this token was minted (link clicked in another tab): get one that says so.
      if (user.emailVerified && result.claims.email_verified !== true) return user.getIdToken(true);
      return result.token;
    },
    async reload() {
      const user = auth.currentUser;
      if (!user) return null;
      await user.reload();
      await user.getIdToken(true);
      return toAuthUser(user);
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email.trim(), options.links?.afterReset),
    async sendVerification() {
      const user = auth.currentUser;
      // Only a signed-in, not yet verified user is sent the e-mail.
      if (user && !user.emailVerified) await sendEmailVerification(user, options.links?.afterVerification);
    },
  };
  return { auth, base };
}
