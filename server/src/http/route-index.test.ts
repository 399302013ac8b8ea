import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express, { Router } from 'express';
import { routersByFirstSegment } from './route-index';

let server: Server;
let base: string;
/** Which routers a request passed through, in order. */
let visited: string[] = [];

function traced(name: string, build: (router: Router) => void): Router {
  const router = Router();
  build(router);
  // The same router (its routes are what the index reads), noting each time it is entered.
  const noted = (req: express.Request, res: express.Response, next: express.NextFunction) => {
    visited.push(name);
    router(req, res, next);
  };
  return Object.assign(noted, { stack: router.stack }) as unknown as Router;
}

beforeAll(async () => {
  const app = express();
  const api = Router();
  app.use('/api', api);
  api.use(
    routersByFirstSegment([
      traced('phone', (r) => r.get('/user/phone', (_req, res) => void res.json({ from: 'phone' }))),
      traced('users', (r) => {
        r.get('/user/:uid', (req, res) => void res.json({ from: 'users', uid: req.params.uid }));
        r.get('/user-credits/:email', (req, res) => void res.json({ from: 'credits', email: req.params.email }));
      }),
      traced('param-first', (r) =>
        r.get('/:anything/deep', (req, res) => void res.json({ from: 'param-first', anything: req.params.anything })),
      ),
      traced('passes', (r) => r.get('/user/:uid', (_req, _res, next) => next('router'))),
      traced('later', (r) => r.get('/user/:uid/settings', (_req, res) => void res.json({ from: 'later' }))),
      traced('fails', (r) =>
        r.get('/boom', () => {
          throw new Error('boom');
        }),
      ),
    ]),
  );
  api.use((_req, res) => void res.status(404).json({ from: 'not found' }));
  app.use(
    (err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
      void res.status(500).json({ error: err.message }),
  );
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function get(path: string) {
  visited = [];
  const res = await fetch(base + path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, visited };
}

describe('routersByFirstSegment', () => {
  it('runs only the routers with a route for the first segment, plus those whose routes start with a parameter', async () => {
    expect(await get('/user-credits/ann%40example.com')).toEqual({
      status: 200,
      body: { from: 'credits', email: 'ann@example.com' },
      visited: ['users'],
    });
  });

  it('keeps the order: an earlier router wins over a later one for the same path', async () => {
    expect(await get('/user/phone')).toMatchObject({ body: { from: 'phone' }, visited: ['phone'] });
    expect(await get('/user/abc')).toMatchObject({ body: { from: 'users', uid: 'abc' }, visited: ['phone', 'users'] });
    expect(await get('/user/abc/settings')).toMatchObject({
      body: { from: 'later' },
      visited: ['phone', 'users', 'param-first', 'passes', 'later'],
    });
  });

  it('a route whose first segment is a parameter is tried for any path, unknown segments included', async () => {
    expect(await get('/whatever/deep')).toMatchObject({ body: { from: 'param-first', anything: 'whatever' }, visited: ['param-first'] });
    expect(await get('/user/deep')).toMatchObject({ body: { from: 'users', uid: 'deep' } });
  });

  it('matches without regard to case, as Express does', async () => {
    expect(await get('/User-Credits/x')).toMatchObject({ body: { from: 'credits', email: 'x' }, visited: ['users'] });
  });

  it('falls through to what follows when no router answers, and passes errors on', async () => {
    expect(await get('/nothing')).toEqual({ status: 404, body: { from: 'not found' }, visited: ['param-first'] });
    expect(await get('/')).toMatchObject({ status: 404, visited: ['param-first'] });
    expect(await get('/boom')).toEqual({ status: 500, body: { error: 'boom' }, visited: ['param-first', 'fails'] });
  });
});
