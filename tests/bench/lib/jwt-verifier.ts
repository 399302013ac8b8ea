/**
 * An identity verifier doing the signature work production does (an RS256 JWT checked against a
 * public key, then its claims), without the Auth emulator's per-request account lookup, so a
 * benchmark measures our server and not the emulator.
 */
import { createPublicKey, createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Identity, IdentityVerifier } from '../../../server/src/auth/identity';

export const BENCH_PROJECT = 'demo-icebreak';

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export interface BenchSigner {
  privateKeyPem: string;
  publicKeyPem: string;
}

export function createBenchKeys(): BenchSigner {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** A Firebase-shaped ID token (same claims, RS256). */
export function signBenchToken(privateKeyPem: string | KeyObject, projectId: string, identity: { uid: string; email: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', kid: 'bench', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now,
      user_id: identity.uid,
      sub: identity.uid,
      iat: now,
      exp: now + 3600,
      email: identity.email,
      email_verified: true,
      firebase: { identities: { email: [identity.email] }, sign_in_provider: 'password' },
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKeyPem);
  return `${header}.${payload}.${b64url(signature)}`;
}

/** Checks like firebase-admin's verifyIdToken with its (cached) Google certificate. */
export function createJwtVerifier(publicKeyPem: string, projectId: string): IdentityVerifier {
  const publicKey = createPublicKey(publicKeyPem);
  return {
    async verify(token: string): Promise<Identity> {
      const [header, payload, signature] = token.split('.');
      if (!header || !payload || !signature) throw new Error('malformed token');
      const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
      if (alg !== 'RS256') throw new Error('wrong algorithm');
      const ok = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(publicKey, Buffer.from(signature, 'base64url'));
      if (!ok) throw new Error('bad signature');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const now = Date.now() / 1000;
      if (claims.aud !== projectId || claims.iss !== `https://securetoken.google.com/${projectId}`) throw new Error('wrong project');
      if (typeof claims.exp !== 'number' || claims.exp < now || typeof claims.sub !== 'string' || !claims.sub) throw new Error('expired');
      return {
        uid: claims.sub,
        email: String(claims.email ?? '').toLowerCase(),
        emailVerified: claims.email_verified === true,
        adminClaim: claims.admin === true,
        expiresAt: claims.exp * 1000,
      };
    },
    ping: async () => undefined,
  };
}
