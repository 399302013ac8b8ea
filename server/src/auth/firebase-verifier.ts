import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Identity, IdentityVerifier } from './identity';

const GOOGLE_CERTS_URL = 'https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set
 * (never in production: config refuses it) firebase-admin accepts the emulator's tokens.
 */
export function createFirebaseVerifier(opts: { projectId: string; emulatorHost?: string }): IdentityVerifier {
  const name = `icebreak-${opts.projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: opts.projectId }, name);
  const auth = getAuth(app);
  return {
    async verify(idToken: string): Promise<Identity> {
      // checkRevoked: a token of a deleted, disabled or revoked account is refused. With the token
      // cache this look-up runs once per token per process (per 5 minutes); between, the shared
      // revocation row (session-revocations.ts) ends a deleted account's sessions on every process.
      const decoded = await auth.verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: (decoded.email ?? '').toLowerCase(),
        emailVerified: decoded.email_verified === true,
        adminClaim: decoded.admin === true,
        expiresAt: decoded.exp * 1000,
        issuedAt: decoded.iat * 1000,
      };
    },
    async deleteAccount(uid: string) {
      try {
        // Refresh tokens first: were the deletion to fail, no new ID token comes from the old session.
        await auth.revokeRefreshTokens(uid);
        await auth.deleteUser(uid);
      } catch (err) {
        if ((err as { code?: string }).code === 'auth/user-not-found') return;
        throw err;
      }
    },
    async ping() {
      const url = opts.emulatorHost ? `http://${opts.emulatorHost}/` : GOOGLE_CERTS_URL;
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(`identity service answered ${res.status}`);
    },
  };
}
