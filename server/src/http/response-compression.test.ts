import { once } from 'node:events';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { COMPRESS_FROM_BYTES, compressLargeResponses } from './response-compression';

let server: Server;
let base: string;
const large = { text: 'é'.repeat(COMPRESS_FROM_BYTES) };

beforeAll(async () => {
  const app = express();
  compressLargeResponses(app);
  app.get('/small', (_req, res) => void res.json({ credits: 20 }));
  app.get('/large', (_req, res) => void res.json(large));
  // Under the threshold in UTF-16 units, over it in UTF-8 bytes.
  app.get('/multibyte', (_req, res) => void res.json({ t: 'é'.repeat(COMPRESS_FROM_BYTES / 2 + 10) }));
  app.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'no-transform').json(large));
  app.get('/binary', (_req, res) => void res.type('application/octet-stream').send(Buffer.alloc(4096)));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

/** A raw request (fetch would decode the body and hide what went over the wire). */
function raw(path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${base}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('compressLargeResponses', () => {
  it('a small answer goes out as it is, with no Vary to split caches', async () => {
    const res = await raw('/small', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ credits: 20 });
  });

  it('a large one in the encoding the client prefers, with Vary and a length of its own', async () => {
    const br = await raw('/large', { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(large);

    const gz = await raw('/large', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(large);

    const plain = await raw('/large', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(plain.body.toString())).toEqual(large);
  });

  it('counts bytes, not characters', async () => {
    expect((await raw('/multibyte', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('leaves alone what must not or need not be compressed', async () => {
    expect((await raw('/no-transform', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
    expect((await raw('/binary', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
    const head = await raw('/large', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});
