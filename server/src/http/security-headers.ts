import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Helmet's headers, worked out once: with no per-request directive (no nonce function), helmet
 * sets the same headers on every response, through a chain of a dozen middleware. Running it once
 * against a recording response and replaying what it set costs one loop per request instead.
 */
export function precomputedHeaders(headersMiddleware: Middleware): RequestHandler {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  let failure: unknown;
  let done = false;
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  } as unknown as ServerResponse;
  headersMiddleware({} as IncomingMessage, recorder, (err) => {
    failure = err;
    done = true;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  // Replaying is only right for a middleware that sets the same headers at once for every request.
  if (!done) throw new Error('precomputedHeaders: the middleware did not finish synchronously');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
