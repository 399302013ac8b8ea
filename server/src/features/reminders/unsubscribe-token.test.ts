import { describe, expect, it } from 'vitest';
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'x'.repeat(40);

describe('unsubscribe token', () => {
  it('round-trips a user id and a bare address', () => {
    expect(verifyUnsubscribeToken(SECRET, createUnsubscribeToken(SECRET, { userId: 'user-1' }))).toEqual({ userId: 'user-1' });
    expect(verifyUnsubscribeToken(SECRET, createUnsubscribeToken(SECRET, { email: 'a@example.com' }))).toEqual({ email: 'a@example.com' });
  });

  it('refuses another secret, a changed subject, a changed signature and junk', () => {
    const token = createUnsubscribeToken(SECRET, { userId: 'user-1' });
    const [payload, mac] = token.split('.') as [string, string];
    expect(verifyUnsubscribeToken('y'.repeat(40), token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${Buffer.from('u:user-2').toString('base64url')}.${mac}`)).toBeNull();
    const flipped = mac.slice(0, 10) + (mac[10] === 'A' ? 'B' : 'A') + mac.slice(11);
    expect(verifyUnsubscribeToken(SECRET, `${payload}.${flipped}`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${payload}.`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, '')).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 'not a token')).toBeNull();
  });
});
