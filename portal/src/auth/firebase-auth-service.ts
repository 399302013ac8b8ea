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
import type { AuthUser } from '@shared/auth';
import type { PublicConfig } from '@shared/schemas';
import type { AuthService } from './auth-service';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '', emailVerified: user.emailVerified };
}

/** Links in verification and reset e-mails lead back to the portal (the domain must be authorised in Firebase). */
function continueTo(path: string): ActionCodeSettings {
  return { url: `${window.location.origin}${path}` };
}

/**
 * The Firebase modular SDK behind the portal's AuthService, configured from GET /api/config (the
 * widget speaks Firebase's REST API instead: widget/src/features/auth/rest-auth.ts).
 */
export function createFirebaseAuthService(config: PublicConfig): AuthService {
  const auth = initializeAuth(initializeApp(config.firebase), { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorHost) connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
  return {
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
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email.trim(), continueTo('/auth')),
    async sendVerification() {
      const user = auth.currentUser;
      // Only a signed-in, not yet verified user is sent the e-mail.
      if (user && !user.emailVerified) await sendEmailVerification(user, continueTo('/icebreak'));
    },
    onChange: (listener) => onAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null)),
    signUp: async (email, password) => toAuthUser((await createUserWithEmailAndPassword(auth, email, password)).user),
    async changePassword(currentPassword, newPassword) {
      const user = auth.currentUser;
      if (!user?.email) throw new Error('Sign in again to change your password.');
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      await updatePassword(user, newPassword);
    },
  };
}
