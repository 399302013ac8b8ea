import { createFirebaseAuth } from '@shared/auth-firebase';
import type { PublicConfig } from '@shared/schemas';
import type { AuthService } from './auth-service';

/**
 * The portal's AuthService: the Firebase JS SDK (shared/auth-firebase.ts), configured from
 * GET /api/config. Links in verification and reset e-mails lead back to the portal (its domain must
 * be authorised in Firebase).
 */
export function createBrowserAuthService(config: PublicConfig): AuthService {
  return createFirebaseAuth(config, {
    appName: '[DEFAULT]',
    links: { afterVerification: `${window.location.origin}/icebreak`, afterReset: `${window.location.origin}/auth` },
  });
}
