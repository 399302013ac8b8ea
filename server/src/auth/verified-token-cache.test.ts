import { describe, expect, it } from 'vitest';
import type { Identity, IdentityVerifier } from './identity';
import { withVerifiedTokenCache } from './verified-token-cache';

/** A verifier that counts its signature checks; tokens are `uid:expiresAtMs`, or `bad`. */
function countingVerifier() {
  const calls: string[] = [];
  const deleted: string[] = [];
  const verifier: IdentityVerifier = {
    async verify(token) {
      calls.push(token);
      if (token === 'bad') throw new Error('bad signature');
      const [uid, exp] = token.split(':');
      return { uid: uid!, email: `${uid}@example.com`, emailVerified: true, adminClaim: false, expiresAt: Number(exp) } satisfies Identity;
    },
    ping: async () => undefined,
    deleteAccount: async (uid) => {
      deleted.push(uid);
    },
  };
  return { verifier, calls, deleted };
}

describe('withVerifiedTokenCache', () => {
  it('checks a token once and answers the same identity after that', async () => {
    const { verifier, calls } = countingVerifier();
    const cached = withVerifiedTokenCache(verifier, { now: () => 1_000 });
    const first = await cached.verify('ann:3600000');
    expect(await cached.verify('ann:3600000')).toEqual(first);
    expect(first.uid).toBe('ann');
    expect(calls).toEqual(['ann:3600000']);
  });

  it('never answers for another token, and does not remember failures', async () => {
    const { verifier, calls } = countingVerifier();
    const cached = withVerifiedTokenCache(verifier, { now: () => 1_000 });
    await cached.verify('ann:3600000');
    expect((await cached.verify('bob:3600000')).uid).toBe('bob');
    await expect(cached.verify('bad')).rejects.toThrow('bad signature');
    await expect(cached.verify('bad')).rejects.toThrow('bad signature');
    expect(calls).toEqual(['ann:3600000', 'bob:3600000', 'bad', 'bad']);
  });

  it('checks again once the token has expired or the reuse time is over', async () => {
    const { verifier, calls } = countingVerifier();
    let now = 1_000;
    const cached = withVerifiedTokenCache(verifier, { now: () => now, ttlMs: 60_000 });
    await cached.verify('ann:20000');
    now = 19_999;
    await cached.verify('ann:20000');
    expect(calls).toHaveLength(1);
    now = 20_000; // the token's own exp
    await cached.verify('ann:20000');
    expect(calls).toHaveLength(2);

    await cached.verify('bob:9999999');
    now += 60_000; // the reuse limit, long before bob's exp
    await cached.verify('bob:9999999');
    expect(calls.filter((c) => c.startsWith('bob'))).toHaveLength(2);
  });

  it('keeps at most maxEntries tokens, dropping the oldest', async () => {
    const { verifier, calls } = countingVerifier();
    const cached = withVerifiedTokenCache(verifier, { now: () => 1_000, maxEntries: 2 });
    for (const t of ['a:3600000', 'b:3600000', 'c:3600000', 'b:3600000', 'a:3600000']) await cached.verify(t);
    expect(calls).toEqual(['a:3600000', 'b:3600000', 'c:3600000', 'a:3600000']);
  });

  it('deleting an account forgets its tokens', async () => {
    const { verifier, calls, deleted } = countingVerifier();
    const cached = withVerifiedTokenCache(verifier, { now: () => 1_000 });
    await cached.verify('ann:3600000');
    await cached.verify('bob:3600000');
    await cached.deleteAccount!('ann');
    expect(deleted).toEqual(['ann']);
    await cached.verify('ann:3600000');
    await cached.verify('bob:3600000');
    expect(calls).toEqual(['ann:3600000', 'bob:3600000', 'ann:3600000']);
  });
});
