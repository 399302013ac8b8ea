import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth';
import type { PublicConfig } from '@shared/schemas';
import type { AuthService, AuthUser } from './auth-service';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '', emailVerified: user.emailVerified };
}

/** The Firebase modular SDK behind the portal's AuthService, configured from GET /api/config. */
export function createFirebaseAuthService(config: PublicConfig): AuthService {
  const app = initializeApp(config.firebase);
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorHost) connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });

  return {
    onChange: (listener) => onAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null)),
    signIn: async (email, password) => toAuthUser((await signInWithEmailAndPassword(auth, email, password)).user),
    signUp: async (email, password) => toAuthUser((await createUserWithEmailAndPassword(auth, email, password)).user),
    async sendVerification() {
      const user = auth.currentUser;
      // Spec §5: only a signed-in, not yet verified user is sent the e-mail.
      if (user && !user.emailVerified) await sendEmailVerification(user);
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    signOut: () => signOut(auth),
    async reload() {
      const user = auth.currentUser;
      if (!user) return null;
      await user.reload();
      if (user.emailVerified) await user.getIdToken(true);
      return toAuthUser(user);
    },
    async getToken() {
      const user = auth.currentUser;
      if (!user) return null;
      const result = await user.getIdTokenResult();
      // Verified since this token was minted (link clicked in another tab): get one that says so.
      if (user.emailVerified && result.claims.email_verified !== true) return user.getIdToken(true);
      return result.token;
    },
  };
}
