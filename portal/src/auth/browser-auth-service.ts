import { createBrowserAuth } from '@shared/auth-rest';
import type { PublicConfig } from '@shared/schemas';
import type { AuthService } from './auth-service';

/**
 * The portal's AuthService: Firebase Auth's REST API (shared/auth-rest.ts), configured from
 * GET /api/config. Links in verification and reset e-mails lead back to the portal (its domain must
 * be authorised in Firebase).
 */
export function createBrowserAuthService(config: PublicConfig): AuthService {
  return createBrowserAuth(config, {
    name: 'portal',
    sdkAppName: '[DEFAULT]',
    links: { afterVerification: `${window.location.origin}/icebreak`, afterReset: `${window.location.origin}/auth` },
  });
}
