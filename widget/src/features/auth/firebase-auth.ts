import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  inMemoryPersistence,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import type { PublicConfig } from '@shared/schemas/system';
import type { AuthService, AuthUser } from './auth-service';

function toAuthUser(user: User | null): AuthUser | null {
  return user ? { uid: user.uid, email: user.email ?? '', emailVerified: user.emailVerified } : null;
}

/**
 * Firebase e-mail/password sign-in from the server's public config. The session is remembered in
 * IndexedDB or localStorage (in-memory when the browser blocks storage in a third-party iframe).
 */
export function createFirebaseAuth(config: PublicConfig): AuthService {
  const name = 'icebreak-widget';
  const app: FirebaseApp = getApps().find((a) => a.name === name) ?? initializeApp(config.firebase, name);
  const auth: Auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, inMemoryPersistence] });
  if (config.authEmulatorHost) connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });

  return {
    subscribe(listener) {
      return onIdTokenChanged(auth, (user) => listener(toAuthUser(user)));
    },
    async signIn(email, password) {
      await signInWithEmailAndPassword(auth, email.trim(), password);
    },
    async signOut() {
      await signOut(auth);
    },
    async getToken() {
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    async reload() {
      const user = auth.currentUser;
      if (!user) return null;
      await user.reload();
      await user.getIdToken(true);
      return toAuthUser(auth.currentUser);
    },
    async sendPasswordReset(email) {
      await sendPasswordResetEmail(auth, email.trim());
    },
    async sendVerification() {
      if (auth.currentUser && !auth.currentUser.emailVerified) await sendEmailVerification(auth.currentUser);
    },
  };
}
