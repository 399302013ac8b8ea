import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Express, Response } from 'express';

/** Smaller bodies go out as they are: the encoding would gain less than its cost (compression's default). */
export const COMPRESS_FROM_BYTES = 1024;
/** compression 1.8's brotli quality for dynamic content: most of the gain, a fraction of the CPU of 11. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const COMPRESSIBLE = /^(application\/json|text\/)/;

/**
 * Responses the app builds itself (JSON, small HTML pages) are compressed with brotli or gzip, as
 * the client prefers, when they are large enough to gain; on zlib's thread pool, not the event loop.
 * Done in `res.send`, where the whole body is known, so a small answer (most API answers) costs one
 * length check instead of the wrapped write/end/headers of a streaming compressor on every request.
 * Streams (the NDJSON Icebreak answer) never pass through here and leave unbuffered.
 */
export function compressLargeResponses(app: Express): void {
  const send = app.response.send;
  app.response.send = function sendCompressed(this: Response, body?: unknown) {
    if (!shouldCompress(this, body)) return send.call(this, body);
    this.vary('Accept-Encoding');
    const encoding = this.req.acceptsEncodings('br', 'gzip');
    if (encoding !== 'br' && encoding !== 'gzip') return send.call(this, body);
    const done = (err: Error | null, compressed: Buffer) => {
      if (err) return void send.call(this, body);
      this.setHeader('Content-Encoding', encoding);
      send.call(this, compressed);
    };
    if (encoding === 'br') brotliCompress(body as string | Buffer, BROTLI_OPTIONS, done);
    else gzip(body as string | Buffer, done);
    return this;
  };
}

function shouldCompress(res: Response, body: unknown): body is string | Buffer {
  if (typeof body === 'string') {
    // A string's UTF-8 length is at least its length in UTF-16 units: most bodies are decided here.
    if (body.length < COMPRESS_FROM_BYTES && Buffer.byteLength(body) < COMPRESS_FROM_BYTES) return false;
  } else if (!Buffer.isBuffer(body) || body.length < COMPRESS_FROM_BYTES) return false;
  if (res.req.method === 'HEAD' || res.getHeader('Content-Encoding') !== undefined) return false;
  if (/\bno-transform\b/.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  return COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? ''));
}
