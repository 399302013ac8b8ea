import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpers/emulator';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
let user: TestUser;

beforeAll(async () => {
  app = await startTestApp({ env: { BODY_LIMIT: '50kb' } });
  user = await app.signUp('Gary');
});
afterAll(() => app.close());

const huge = 'x'.repeat(60_000);
const longish = 'y'.repeat(6000);

interface Case {
  name: string;
  method: string;
  path: () => string;
  body?: string;
  contentType?: string;
}

const bodies = [
  { label: 'malformed JSON', body: '{"name": "x",', contentType: 'application/json' },
  { label: 'a JSON array', body: '[1,2,3]', contentType: 'application/json' },
  { label: 'a JSON string', body: '"hello"', contentType: 'application/json' },
  {
    label: 'wrong types',
    body: JSON.stringify({ name: 42, email: ['a'], firebaseUid: {}, aboutMe: null, contentPreferences: true }),
    contentType: 'application/json',
  },
  { label: 'missing fields', body: '{}', contentType: 'application/json' },
  { label: 'huge strings', body: JSON.stringify({ name: huge, email: huge, firebaseUid: huge }), contentType: 'application/json' },
  {
    label: 'long settings',
    body: JSON.stringify({ name: 'ok', aboutMe: longish, contentPreferences: longish }),
    contentType: 'application/json',
  },
  { label: 'a form body', body: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded' },
  { label: 'prototype keys', body: '{"__proto__": {"admin": true}, "constructor": {"x": 1}}', contentType: 'application/json' },
];

const writeRoutes: Case[] = [
  { name: 'POST /api/user', method: 'POST', path: () => '/api/user' },
  { name: 'POST /api/users', method: 'POST', path: () => '/api/users' },
  { name: 'PUT /api/user/settings/{email}', method: 'PUT', path: () => `/api/user/settings/${encodeURIComponent(user.email)}` },
];

describe('garbage input never gives a 5xx', () => {
  for (const route of writeRoutes) {
    for (const b of bodies) {
      it(`${route.name} with ${b.label} → 4xx with a message`, async () => {
        const res = await app.fetch(route.path(), { method: route.method, user, body: b.body, headers: { 'Content-Type': b.contentType } });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const json = (await res.json()) as { message: string };
        expect(json.message.length).toBeGreaterThan(3);
      });
    }
  }

  const readPaths = [
    '/api/user/%E0%A4%A', // broken percent-encoding
    `/api/user/${'u'.repeat(5000)}`,
    '/api/user-credits/not-an-email',
    `/api/user-credits/${'a'.repeat(400)}@example.com`,
    '/api/settings-data?email=',
    '/api/settings-data?email=not-an-email',
    '/api/settings-data?email[]=a&email[]=b',
    '/api/settings-data?email=a@b.c&email=d@e.f',
    '/api/no-such-route',
  ];
  for (const p of readPaths) {
    it(`GET ${p.slice(0, 60)} → 4xx with a message`, async () => {
      const res = await app.fetch(p, { user });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    });
  }

  it('a body over the limit → 413 with a message', async () => {
    const res = await app.fetch('/api/users', {
      method: 'POST',
      user,
      body: JSON.stringify({ name: huge }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request body is too large.', code: 'payload_too_large' });
  });

  it('registration with a bad e-mail names the problem', async () => {
    const res = await app.fetch('/api/users', {
      method: 'POST',
      user,
      body: JSON.stringify({ name: 'x', email: 'nope', firebaseUid: user.uid }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Please enter a valid email address');
  });

  it('nothing was half-written: the user still has one record with 20 credits', async () => {
    expect(await app.client(user).getCredits(user.email)).toEqual({ credits: 20 });
    expect(await app.client(user).getSettings(user.email)).toEqual({
      name: '',
      aboutMe: '',
      contentPreferences: '',
      outputLanguage: 'auto',
    });
  });

  it('errors carry a request id and never a stack trace', async () => {
    const res = await app.fetch('/api/users', { method: 'POST', user, body: '{', headers: { 'Content-Type': 'application/json' } });
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect(text).not.toMatch(/SyntaxError/);
  });
});
