import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { createTestUser, type TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { IdentityVerifier } from '../../server/src/auth/identity';
import { createFirebaseVerifier } from '../../server/src/auth/firebase-verifier';
import { emulatorHost } from '../helpers/emulator';

describe('health and public config', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { CORS_ORIGINS: 'https://crm.zoho.example,https://widget.example' } });
  });
  afterAll(() => app.close());

  it('reports database and identity reachable', async () => {
    expect(await app.client().getHealth()).toEqual({ status: 'ok', database: { ok: true }, identity: { ok: true } });
  });

  it('gives the browser its public configuration', async () => {
    const config = await app.client().getConfig();
    expect(config).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo-icebreak.firebaseapp.com', projectId: 'demo-icebreak' },
      authEmulatorHost: emulatorHost(),
      paymentsEnabled: false,
      planPrices: { starter: null, professional: null, enterprise: null },
      generator: 'offline',
      newsEnabled: false,
      portalUrl: 'http://localhost:0',
      practice: { phoneEnabled: false, phoneNumber: null, callsPerDay: 5, maxMinutes: 10 },
      supportEmail: 'support@icebreak.local',
    });
  });

  it('CORS: allow-listed origins get the header, others do not', async () => {
    const ok = await app.fetch('/api/config', { headers: { Origin: 'https://widget.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://widget.example');
    const preflight = await app.fetch('/api/user-credits/x@example.com', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://crm.zoho.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
    const denied = await app.fetch('/api/config', { headers: { Origin: 'https://evil.example' } });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('unknown /api routes → 404 JSON; security headers are set', async () => {
    const res = await app.fetch('/api/definitely/not/here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found: GET /api/definitely/not/here', code: 'not_found' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Provider sign-in: the Firebase SDK's helper (gapi) and the auth domain's frame are allowed, and its popup may report back.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' https:\/\/apis\.google\.com;/);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-src 'self' https:\/\/[^ ;]+\.firebaseapp\.com/);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('permissions-policy')).toBe('camera=(), geolocation=(), microphone=(self), payment=(), usb=()');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('an answer to a request with credentials is never stored; a public one may be', async () => {
    const user = await app.signUp('No Store');
    const authed = await app.fetch(`/api/user-credits/${user.email}`, { user });
    expect(authed.status).toBe(200);
    expect(authed.headers.get('cache-control')).toBe('no-store');
    const refused = await app.fetch('/api/user-credits/x@example.com', { headers: { Authorization: 'Bearer not-a-token' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await app.fetch('/api/config')).headers.get('cache-control')).toBeNull();
  });
});

describe('health when the identity service is down', () => {
  it('answers 503 and names what failed, without its error details (they go to the log)', async () => {
    const down: IdentityVerifier = {
      verify: () => Promise.reject(new Error('down')),
      ping: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    const app = await startTestApp({ deps: { verifier: down } });
    try {
      const res = await app.fetch('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'degraded',
        database: { ok: true },
        identity: { ok: false },
      });
      expect(JSON.stringify(await (await app.fetch('/api/health')).json())).not.toContain('ECONNREFUSED');
    } finally {
      await app.close();
    }
  });
});

describe('rate limits', () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_IP_PER_MINUTE: '1000' } });
    user = await createTestUser({ verified: true });
  });
  afterAll(() => app.close());

  it('a user over the per-minute limit gets 429 with Retry-After, counted in the database', async () => {
    await app.register(user, 'Rita');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await app.fetch(`/api/user-credits/${user.email}`, { user })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const res = await app.fetch(`/api/user-credits/${user.email}`, { user });
    expect(await res.json()).toEqual({ message: MESSAGES.tooManyRequests, code: 'rate_limited' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // A second app on the same database (another server process) sees the same count.
    const twin = await startTestApp({ database: app.database, env: { RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      expect((await twin.fetch(`/api/user-credits/${user.email}`, { user })).status).toBe(429);
    } finally {
      await twin.close();
    }
  });
});

describe('verifier', () => {
  it('rejects a token signed for another project', async () => {
    const user = await createTestUser({ verified: true });
    const other = createFirebaseVerifier({ projectId: 'demo-other', emulatorHost: emulatorHost() });
    await expect(other.verify(user.idToken)).rejects.toThrow();
  });
});
