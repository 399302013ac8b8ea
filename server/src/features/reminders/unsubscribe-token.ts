import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token in a reminder's unsubscribe link: it names whom to unsubscribe and works without
 * signing in (RFC 8058 one-click). `u:<userId>` turns that user's reminders off; `e:<address>` is a
 * test e-mail sent to an address without an account (nothing to turn off).
 */
export type UnsubscribeSubject = { userId: string } | { email: string };

const PURPOSE = 'reminder-unsubscribe:v1:';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest();
}

function payloadOf(subject: UnsubscribeSubject): string {
  return 'userId' in subject ? `u:${subject.userId}` : `e:${subject.email}`;
}

export function createUnsubscribeToken(secret: string, subject: UnsubscribeSubject): string {
  const payload = payloadOf(subject);
  return `${b64(payload)}.${b64(sign(secret, payload))}`;
}

/** The subject of a genuine token; null for anything altered, truncated or signed with another secret. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | null {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = sign(secret, payload);
  // Re-encoding must give the same text: base64url has spare bits a forger could flip.
  if (b64(payload) !== match[1] || b64(given) !== match[2]) return null;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (payload.startsWith('u:') && payload.length > 2) return { userId: payload.slice(2) };
  if (payload.startsWith('e:') && payload.length > 2) return { email: payload.slice(2) };
  return null;
}
