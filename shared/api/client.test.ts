import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client';

let server: Server;
let base = '';
const seen: { method?: string; url?: string; auth?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, type: req.headers['content-type'], body });
      if (req.url?.startsWith('/api/user-credits/')) {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ credits: 7 }));
      } else if (req.url === '/api/user') {
        res.statusCode = 409;
        res.end('{"message":"taken"}');
      } else if (req.url?.startsWith('/api/settings-data')) {
        res.statusCode = 503;
        res.end();
      } else if (req.url?.startsWith('/api/search')) {
        res.setHeader('Content-Type', 'application/x-ndjson');
        // As the server writes them: JSON.stringify of each line, nothing else encoded.
        res.write(`data: ${JSON.stringify({ content: 'Hello there\n', section: 0 })}\n`);
        res.write(`${JSON.stringify({ content: 'See https://x.example/a%20b?q=100%25 (100% sure)', section: 2 })}\n`);
        setTimeout(() => res.end(JSON.stringify({ content: `It's "fine"`, section: 1 })), 10);
      } else {
        res.statusCode = 404;
        res.end('nope');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('typed client', () => {
  it('sends the bearer token and parses the answer with the schema', async () => {
    const client = createApiClient({ baseUrl: base, getToken: async () => 'tok-1' });
    expect(await client.getCredits('a+b@example.com')).toEqual({ credits: 7 });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/user-credits/a%2Bb%40example.com', auth: 'Bearer tok-1' });
  });

  it('sends JSON bodies and throws "<status>: <body>" on non-ok', async () => {
    const client = createApiClient({ baseUrl: base, getToken: async () => null });
    const err = await client.createUser({ firebaseUid: 'u1', email: 'x@example.com' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: {"message":"taken"}');
    expect((err as ApiError).serverMessage).toBe('taken');
    expect(seen.at(-1)).toMatchObject({ type: 'application/json', body: '{"firebaseUid":"u1","email":"x@example.com"}', auth: undefined });
  });

  it("exposes the server's error code, and none when the body has no known code", async () => {
    const answer = (body: string, status = 402) =>
      createApiClient({ baseUrl: 'http://x.invalid', getToken: async () => null, fetch: async () => new Response(body, { status }) });
    const coded = await answer('{"message":"You have no credits left.","code":"insufficient_credits"}')
      .getCredits('a@example.com')
      .catch((e: unknown) => e);
    expect(coded).toBeInstanceOf(ApiError);
    expect((coded as ApiError).code).toBe('insufficient_credits');
    expect((coded as ApiError).serverMessage).toBe('You have no credits left.');
    const unknown = await answer('{"message":"x","code":"made_up"}', 400)
      .getCredits('a@example.com')
      .catch((e: unknown) => e);
    expect((unknown as ApiError).code).toBeUndefined();
    const plain = await answer('Bad Gateway', 502)
      .getCredits('a@example.com')
      .catch((e: unknown) => e);
    expect((plain as ApiError).code).toBeUndefined();
  });

  it('uses the status text when the body is empty', async () => {
    const client = createApiClient({ baseUrl: base, getToken: async () => null });
    await expect(client.getSettings('x@example.com')).rejects.toThrow('503: Service Unavailable');
  });

  it('streams Icebreak lines with a data: prefix, %-escapes and a literal % kept as written', async () => {
    const client = createApiClient({ baseUrl: base, getToken: async () => 't' });
    const lines = [];
    for await (const line of await client.search({ profileUrl: 'Jane Doe, CTO at Acme', email: 'x@example.com' })) lines.push(line);
    expect(lines.map((l) => [l.section, l.content])).toEqual([
      [0, 'Hello there\n'],
      [2, 'See https://x.example/a%20b?q=100%25 (100% sure)'],
      [1, `It's "fine"`],
    ]);
    expect(seen.at(-1)?.url).toBe('/api/search?profileUrl=Jane+Doe%2C+CTO+at+Acme&email=x%40example.com');
  });
});
