import {
  EmailAuthProvider,
  browserLocalPersistence,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  onAuthStateChanged,
  reauthenticateWithCredential,
  updatePassword,
  type ActionCodeSettings,
} from 'firebase/auth';
import { createFirebaseAuthBase, toAuthUser } from '@shared/auth-firebase';
import type { PublicConfig } from '@shared/schemas';
import type { AuthService } from './auth-service';

/** Links in verification and reset e-mails lead back to the portal (the domain must be authorised in Firebase). */
function continueTo(path: string): ActionCodeSettings {
  return { url: `${window.location.origin}${path}` };
}

/** The Firebase modular SDK behind the portal's AuthService, configured from GET /api/config. */
export function createFirebaseAuthService(config: PublicConfig): AuthService {
  const { auth, base } = createFirebaseAuthBase(config, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    links: { afterVerification: continueTo('/icebreak'), afterReset: continueTo('/auth') },
  });
  return {
    ...base,
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
