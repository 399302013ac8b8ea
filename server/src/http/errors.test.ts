import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { BUSY_RETRY_AFTER_SECONDS, errorHandler, HttpError } from './errors';

let server: ReturnType<ReturnType<typeof express>['listen']>;
let base = '';

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.get('/no-credits', () => {
    throw new HttpError(402, MESSAGES.noCredits);
  });
  app.post('/validate', (req) => {
    z.object({ email: z.string().email('Enter a valid email') }).parse(req.body);
  });
  app.get('/limited', () => {
    throw new HttpError(429, MESSAGES.tooManyRequests);
  });
  app.get('/pool-timeout', () => {
    // What drizzle throws when pg-pool had no free connection in time.
    throw new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') });
  });
  app.get('/other-failure', () => {
    throw new Error('Failed query: select 1', { cause: new Error('relation "users" does not exist') });
  });
  app.use(errorHandler);
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('error answers carry a code next to the message', () => {
  it('insufficient credits: 402, the message, code insufficient_credits', async () => {
    const res = await fetch(`${base}/no-credits`);
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ message: MESSAGES.noCredits, code: 'insufficient_credits' });
  });

  it('a validation failure: 400, the messages and issues, code validation', async () => {
    const res = await fetch(`${base}/validate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"nope"}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Enter a valid email',
      code: 'validation',
      issues: [{ path: 'email', message: 'Enter a valid email' }],
    });
  });

  it('malformed JSON is a validation error; a rate limit is rate_limited', async () => {
    const bad = await fetch(`${base}/validate`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(await bad.json()).toEqual({ message: MESSAGES.malformedJson, code: 'validation' });
    const limited = await fetch(`${base}/limited`);
    expect(await limited.json()).toEqual({ message: MESSAGES.tooManyRequests, code: 'rate_limited' });
  });
});

describe('a database with no free connection in time', () => {
  it('is a 503 saying to try again, with Retry-After; any other failure stays a 500', async () => {
    const busy = await fetch(`${base}/pool-timeout`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(await busy.json()).toEqual({ message: MESSAGES.busy, code: 'upstream_unavailable' });
    const other = await fetch(`${base}/other-failure`);
    expect(other.status).toBe(500);
    expect(await other.json()).toEqual({ message: MESSAGES.internal, code: 'internal' });
  });
});
