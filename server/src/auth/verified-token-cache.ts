import { LRUCache } from 'lru-cache';
import type { Identity, IdentityVerifier } from './identity';

/** Tokens remembered at most (a few MB); the least recently used is dropped first. */
export const VERIFIED_TOKEN_CACHE_MAX = 10_000;
/** How long a verification is reused at most, whatever the token's own expiry. */
export const VERIFIED_TOKEN_TTL_MS = 5 * 60 * 1000;

interface Entry {
  identity: Identity;
  until: number;
}

/**
 * Reuse the verification of a token seen before (docs/decisions/0018-verified-token-cache.md).
 * A signed token checks out the same way every time until it expires, and a client sends the
 * same one with every request for up to an hour, so each process checks its signature once
 * (per VERIFIED_TOKEN_TTL_MS), not on every read. Keyed by the whole token: only the exact
 * string that was verified is trusted. Failures are not remembered. Deleting an account forgets
 * its tokens here; every process refuses them anyway (auth/session-revocations.ts).
 */
export function withVerifiedTokenCache(
  verifier: IdentityVerifier,
  options: { now?: () => number; maxEntries?: number; ttlMs?: number } = {},
): IdentityVerifier {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? VERIFIED_TOKEN_TTL_MS;
  // lru-cache keeps the size bound and each entry's own expiry; ttlResolution 0 reads the clock on every get.
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries ?? VERIFIED_TOKEN_CACHE_MAX,
    ttlResolution: 0,
    perf: { now },
  });

  function remember(token: string, identity: Identity) {
    const ttl = Math.min((identity.expiresAt ?? Infinity) - now(), ttlMs);
    if (ttl > 0) entries.set(token, { identity, until: now() + ttl }, { ttl });
  }

  const cached: IdentityVerifier = {
    async verify(token) {
      const hit = entries.get(token);
      // lru-cache keeps an entry while its age ≤ ttl; ours ends at the limit itself (a token's exp is exclusive).
      if (hit && hit.until > now()) return hit.identity;
      const identity = await verifier.verify(token);
      remember(token, identity);
      return identity;
    },
    ping: () => verifier.ping(),
  };
  if (verifier.deleteAccount) {
    const deleteAccount = verifier.deleteAccount.bind(verifier);
    const forget = (uid: string) => {
      const tokens = [...entries.entries()].filter(([, entry]) => entry.identity.uid === uid);
      for (const [token] of tokens) entries.delete(token);
    };
    cached.deleteAccount = async (uid) => {
      forget(uid);
      await deleteAccount(uid);
      forget(uid); // a request verified while the deletion ran
    };
  }
  return cached;
}
