import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { safeUrlPath } from './log-safety';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * pino-http: one line per request when its response ends ("request completed", "request errored"
 * for a 5xx, "request aborted" when the client left first) with the id, method, path (e-mails
 * masked), status and time; `req.log` carries the same `req` on every line a handler writes. The
 * id is the caller's X-Request-Id when well-formed, else a new UUID, and is echoed in X-Request-Id.
 * Headers (tokens among them) and bodies are never logged: the serializers name what is kept.
 */
export function requestLog(logger: Logger): HttpLogger<IncomingMessage, ServerResponse> {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Our serializers see the request itself (not pino's copy with every header): only what they name is logged.
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({
        id: req.id,
        method: req.method,
        url: safeUrlPath((req as Request).originalUrl ?? req.url ?? ''),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    // 503 is a refusal the server chose (shutting down, a dependency unavailable): a warning, not a fault.
    customLogLevel: (_req, res, err) => (res.statusCode === 503 ? 'warn' : err || res.statusCode >= 500 ? 'error' : 'info'),
  });
}
