import { browserLocalPersistence, indexedDBLocalPersistence, inMemoryPersistence, onIdTokenChanged } from 'firebase/auth';
import { createFirebaseAuthBase, toAuthUser } from '@shared/auth-firebase';
import type { PublicConfig } from '@shared/schemas/system';
import type { AuthService } from './auth-service';

/**
 * Firebase e-mail/password sign-in from the server's public config. The session is remembered in
 * IndexedDB or localStorage (in-memory when the browser blocks storage in a third-party iframe).
 */
export function createFirebaseAuth(config: PublicConfig): AuthService {
  const { auth, base } = createFirebaseAuthBase(config, {
    appName: 'icebreak-widget',
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, inMemoryPersistence],
  });
  return {
    ...base,
    subscribe: (listener) => onIdTokenChanged(auth, (user) => listener(user ? toAuthUser(user) : null)),
    async signIn(email, password) {
      await base.signIn(email, password);
    },
  };
}
