import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in an invitation link: `<invite id>.<HMAC>`. The HMAC covers what the invitation grants
 * (team, e-mail, role) and its nonce and expiry, so a token cannot be moved to another team,
 * address or role, and a resend (new nonce) retires the previous link. Single use is the row's
 * accepted_at; the signature only says the server issued exactly this invitation.
 */
export interface InviteClaims {
  id: string;
  teamId: string;
  email: string;
  role: string;
  nonce: string;
  expiresAt: Date;
}

const PURPOSE = 'team-invite:v1';

function sign(secret: string, c: InviteClaims): Buffer {
  return createHmac('sha256', secret)
    .update([PURPOSE, c.id, c.teamId, c.email, c.role, c.nonce, c.expiresAt.toISOString()].join('\n'))
    .digest();
}

export function createInviteToken(secret: string, claims: InviteClaims): string {
  return `${claims.id}.${sign(secret, claims).toString('base64url')}`;
}

/** The invitation id a token names, before its row is read; null when it cannot be one of ours. */
export function inviteIdOf(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? match[1]! : null;
}

/** Whether the token was signed for exactly this invitation row (timing-safe). */
export function tokenMatches(secret: string, token: string, claims: InviteClaims): boolean {
  const given = Buffer.from(token.slice(token.indexOf('.') + 1), 'base64url');
  const expected = sign(secret, claims);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
