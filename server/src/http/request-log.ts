import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { safeUrlPath } from './log-safety';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The request's id: the caller's X-Request-Id when well-formed, else a new UUID. */
      id: string;
      /** The app's logger with this request's id, method and path on every line. */
      log: Logger;
    }
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * One line per request when its response ends ("request completed", "request errored" for a 5xx,
 * "request aborted" when the client left first), with the id, method, path (e-mails masked),
 * status and time; the id is echoed in X-Request-Id. Headers (tokens among them) and bodies are
 * never logged. `req.log` is made only for a request whose handler logs something: the hot read
 * costs one line, not a child logger per request (what pino-http did).
 */
export function installRequestLog(app: Express, logger: Logger): RequestHandler {
  const summary = (req: Request) => ({
    id: req.id,
    method: req.method,
    url: safeUrlPath(req.originalUrl),
  });
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      const log = logger.child({ req: summary(this) });
      Object.defineProperty(this, 'log', { value: log, configurable: true });
      return log;
    },
  });

  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', req.id);
    const started = performance.now();
    // 'close' comes after 'finish', or alone when the connection ended first.
    res.once('close', () => {
      const line = { req: summary(req), res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) };
      if (!res.writableFinished) logger.info(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
