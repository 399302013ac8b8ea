import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { precomputedHeaders } from './security-headers';

const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function headersFrom(middleware: RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get('/x', (_req, res) => void res.json({}));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
  const headers = Object.fromEntries(res.headers);
  delete headers.date;
  return headers;
}

describe('precomputedHeaders', () => {
  it('sets exactly what helmet sets (and removes what it removes)', async () => {
    const options = {
      contentSecurityPolicy: { directives: { 'connect-src': ["'self'", 'https://example.com'], 'upgrade-insecure-requests': null } },
    };
    const fromHelmet = await headersFrom(helmet(options));
    expect(fromHelmet['content-security-policy']).toContain('connect-src');
    expect(await headersFrom(precomputedHeaders(helmet(options)))).toEqual(fromHelmet);
  });

  it('refuses a middleware whose headers depend on the request or come later', () => {
    expect(() => precomputedHeaders((_req, _res, next) => void setImmediate(next))).toThrow(/synchronously/);
    expect(() => precomputedHeaders((_req, _res, next) => next(new Error('bad directive')))).toThrow('bad directive');
  });
});
