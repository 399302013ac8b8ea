import { initializeApp } from 'firebase/app';
import {
  EmailAuthProvider,
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  type ActionCodeSettings,
  type User,
} from 'firebase/auth';
import type { PublicConfig } from '@shared/schemas';
import type { AuthService, AuthUser } from './auth-service';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '', emailVerified: user.emailVerified };
}

/** Links in verification and reset e-mails lead back to the portal (the domain must be authorised in Firebase). */
function continueTo(path: string): ActionCodeSettings {
  return { url: `${window.location.origin}${path}` };
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
      // Verification e-mail (docs/product.md#sign-in-and-registration): only a signed-in, not yet verified user is sent the e-mail.
      if (user && !user.emailVerified) await sendEmailVerification(user, continueTo('/icebreak'));
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email, continueTo('/auth')),
    async changePassword(currentPassword, newPassword) {
      const user = auth.currentUser;
      if (!user?.email) throw new Error('Sign in again to change your password.');
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      await updatePassword(user, newPassword);
    },
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
