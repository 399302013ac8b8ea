import { describe, expect, it } from 'vitest';
import { createInviteToken, inviteIdOf, tokenMatches, type InviteClaims } from './invite-token';

const SECRET = 'invite-test-secret-'.padEnd(40, 'x');
const claims: InviteClaims = {
  id: '0b9f4c1e-2a1d-4d7e-9d3f-1c2b3a4d5e6f',
  teamId: 'team-a',
  email: 'rep@example.com',
  role: 'member',
  nonce: 'n1',
  expiresAt: new Date('2026-02-01T00:00:00Z'),
};

describe('invitation tokens', () => {
  const token = createInviteToken(SECRET, claims);

  it('name their invitation and match exactly the claims they were signed for', () => {
    expect(inviteIdOf(token)).toBe(claims.id);
    expect(tokenMatches(SECRET, token, claims)).toBe(true);
  });

  it('are bound to the team, the e-mail, the role, the nonce, the expiry and the secret', () => {
    for (const changed of [
      { teamId: 'team-b' },
      { email: 'other@example.com' },
      { role: 'admin' },
      { nonce: 'n2' },
      { expiresAt: new Date('2026-03-01T00:00:00Z') },
    ]) {
      expect(tokenMatches(SECRET, token, { ...claims, ...changed }), JSON.stringify(changed)).toBe(false);
    }
    expect(tokenMatches('another-secret-'.padEnd(40, 'y'), token, claims)).toBe(false);
  });

  it('refuse anything not shaped like one', () => {
    for (const bad of ['', 'abc', `${claims.id}.short`, `${claims.id}`, `../${token}`, `${token}x`]) expect(inviteIdOf(bad)).toBeNull();
  });
});
