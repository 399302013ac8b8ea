import type { Request, RequestHandler } from 'express';
import { MESSAGES } from '@shared/messages';
import type { Identity, IdentityVerifier } from '../auth/identity';
import { isRevoked } from '../auth/session-revocations';
import { HttpError } from './errors';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      identity?: Identity & { isAdmin: boolean };
    }
  }
}

export interface AuthOptions {
  /** Only the two user-creation routes let an unverified e-mail through. */
  allowUnverified?: boolean;
  /**
   * Only account deletion takes a token of an account whose sessions were ended: a retry after
   * the sign-in account could not be deleted finishes the job (it cannot re-create anything).
   */
  allowRevoked?: boolean;
}

export function createAuthMiddleware(
  verifier: IdentityVerifier,
  adminEmails: readonly string[],
  /** Runs after the identity is known: the per-user rate limit. */
  afterIdentity: RequestHandler = (_req, _res, next) => next(),
  /** When the uid's sessions were ended (account deletion), shared by every process. */
  revokedBefore: (uid: string) => Promise<Date | undefined> = async () => undefined,
) {
  return function requireAuth(options: AuthOptions = {}): RequestHandler {
    return async (req, res, next) => {
      const header = req.get('authorization') ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw new HttpError(401, MESSAGES.unauthenticated);
      let identity: Identity;
      try {
        identity = await verifier.verify(match[1]!);
      } catch {
        throw new HttpError(401, MESSAGES.unauthenticated);
      }
      // Checked on every request, cached verification or not: a deletion on another process counts at once.
      if (!options.allowRevoked && isRevoked(identity.issuedAt, await revokedBefore(identity.uid)))
        throw new HttpError(401, MESSAGES.unauthenticated);
      if (!identity.emailVerified && !options.allowUnverified) throw new HttpError(403, MESSAGES.emailNotVerified);
      req.identity = { ...identity, isAdmin: identity.adminClaim || adminEmails.includes(identity.email) };
      await afterIdentity(req, res, next);
    };
  };
}

export function identityOf(req: Request) {
  if (!req.identity) throw new HttpError(401, MESSAGES.unauthenticated);
  return req.identity;
}

/** Compatibility routes name an e-mail; it must be the caller's own (docs/decisions/0010-own-identity-on-compatibility-routes.md). */
export function assertOwnEmail(req: Request, email: string) {
  if (identityOf(req).email !== email.trim().toLowerCase()) throw new HttpError(403, MESSAGES.forbiddenOther);
}

export function assertOwnUid(req: Request, uid: string) {
  if (identityOf(req).uid !== uid) throw new HttpError(403, MESSAGES.forbiddenOther);
}

export function assertAdmin(req: Request) {
  if (!identityOf(req).isAdmin) throw new HttpError(403, MESSAGES.adminOnly);
}

/** `requireAuth(options)`: the middleware every authed route starts with. */
export type RequireAuth = ReturnType<typeof createAuthMiddleware>;
