import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (fetch would decode the body and hide what went over the wire). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('compression and caching', () => {
  let app: TestApp;
  let dir: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 4000 }, (_, i) => `word${i % 97}`))};\n`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>');
    writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), script);
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await startTestApp({ deps: { staticDir: dir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hashed assets: brotli or gzip as the client asks, kept a year (immutable)', async () => {
    const br = await rawGet(`${app.url}/assets/index-AbC123.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await rawGet(`${app.url}/assets/index-AbC123.js`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet(`${app.url}/assets/index-AbC123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('the page itself and other files are revalidated every time; a missing asset is a 404, not the page', async () => {
    for (const p of ['/', '/auth', '/index.html', '/favicon.svg']) {
      const res = await rawGet(`${app.url}${p}`, { 'Accept-Encoding': 'br' });
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
    const missing = await rawGet(`${app.url}/assets/index-Old999.js`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toEqual({ message: 'Not found: GET /assets/index-Old999.js', code: 'not_found' });
  });

  it('API JSON is compressed when large enough to gain', async () => {
    const long = `/api/${'x'.repeat(3000)}`;
    const res = await rawGet(`${app.url}${long}`, { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual({ message: `Not found: GET ${long}`, code: 'not_found' });

    const gz = await rawGet(`${app.url}${long}`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).code).toBe('not_found');
  });

  it('small API JSON goes out as it is: the encoding would gain less than it costs', async () => {
    const res = await rawGet(`${app.url}/api/config`, { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('firebase');
  });

  it('the NDJSON Icebreak stream is never compressed (each line must leave at once)', async () => {
    const user = await app.signUp('Stream Reader');
    const query = new URLSearchParams({ profileUrl: 'Jane Smith is the CTO at Acme Robotics in Berlin.', email: user.email });
    const res = await rawGet(`${app.url}/api/search?${query}`, { 'Accept-Encoding': 'br, gzip', Authorization: `Bearer ${user.idToken}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const lines = res.body
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { done?: boolean });
    expect(lines.at(-1)).toMatchObject({ done: true });
  });
});
