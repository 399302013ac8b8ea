import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import express from 'express';
import { pino } from 'pino';
import { requestLog } from './request-log';

const lines: Record<string, unknown>[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (chunk: string) => lines.push(JSON.parse(chunk) as Record<string, unknown>) });
  const app = express();
  app.use(requestLog(logger));
  app.get('/api/user-credits/:email', (req, res) => {
    req.log.info({ extra: 1 }, 'handler line');
    res.json({ credits: 3 });
  });
  app.get('/boom', (_req, res) => {
    res.status(500).json({ error: 'x' });
  });
  app.get('/restarting', (_req, res) => {
    res.status(503).json({ message: 'The server is restarting.' });
  });
  app.get('/slow', (_req, res) => {
    setTimeout(() => res.json({}), 2000).unref();
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  lines.length = 0;
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('requestLog (pino-http)', () => {
  it('logs one line per request with id, method, masked path, status and time; never a header', async () => {
    const res = await fetch(`${base}/api/user-credits/ann%40example.com?x=secret`, {
      headers: { Authorization: 'Bearer token-SECRET', 'X-Request-Id': 'req-42' },
    });
    expect(res.headers.get('x-request-id')).toBe('req-42');
    await until(() => lines.length >= 2);
    const [handler, done] = lines;
    expect(handler).toMatchObject({ msg: 'handler line', extra: 1, req: { id: 'req-42', method: 'GET', url: '/api/user-credits/:email' } });
    expect(done).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'req-42', method: 'GET', url: '/api/user-credits/:email' },
      res: { statusCode: 200 },
    });
    expect(typeof done!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/SECRET|secret|ann@|ann%40/);
  });

  it('makes a fresh id for a missing or malformed X-Request-Id', async () => {
    const a = await fetch(`${base}/boom`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => lines.length >= 1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'request errored',
      res: { statusCode: 500 },
      req: { id: a.headers.get('x-request-id') },
    });
  });

  it('logs a 503 (a refusal the server chose: shutting down, a dependency down) as a warning, a 500 as an error', async () => {
    await fetch(`${base}/restarting`);
    await until(() => lines.length >= 1);
    expect(lines[0]).toMatchObject({ level: 40, res: { statusCode: 503 } });
  });

  it('says when the client left before the answer', async () => {
    const controller = new AbortController();
    const pending = fetch(`${base}/slow`, { signal: controller.signal }).catch(() => 'aborted');
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    expect(await pending).toBe('aborted');
    await until(() => lines.length >= 1);
    expect(lines[0]).toMatchObject({ msg: 'request aborted', req: { url: '/slow' } });
  });
});
