import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { errorHandler, HttpError } from './errors';

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
