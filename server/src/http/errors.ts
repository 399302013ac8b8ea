import type { ErrorRequestHandler, RequestHandler } from 'express';
import { $ZodError } from 'zod/v4/core';
import { MESSAGES } from '@shared/messages';
import type { ErrorBody } from '@shared/schemas';
import { errorCodeForStatus, type ErrorCode } from '@shared/errors';

/** An error meant for the client: its message is shown to a person. */
export class HttpError extends Error {
  /** Over a limit: when the next attempt is possible (sent as `retryAt`). */
  retryAt?: Date;
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ErrorBody['issues'],
    readonly code: ErrorCode = errorCodeForStatus(status),
  ) {
    super(message);
  }
}

/** The JSON body of every error answer: the message for people, the code for the apps. */
export function errorBody(
  status: number,
  message: string,
  extra: Omit<ErrorBody, 'message' | 'code'> & { code?: ErrorCode } = {},
): ErrorBody {
  const { code = errorCodeForStatus(status), ...rest } = extra;
  return { message, code, ...rest };
}

export function zodErrorBody(err: $ZodError): ErrorBody {
  const issues = err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const messages = [...new Set(issues.map((i) => i.message))];
  return errorBody(400, messages.join('; ') || MESSAGES.invalidRequest, { issues });
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody(404, `${MESSAGES.notFound}: ${req.method} ${req.originalUrl.split('?')[0]}`));
};

/** Seconds a client is told to wait when the database had no free connection in time. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * pg-pool's error when no connection was free within its wait (connectionTimeoutMillis), as thrown or as
 * the cause drizzle wraps it in. Such a request failed before its query ran, so it wrote nothing.
 */
function waitedForConnection(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e.message === 'timeout exceeded when trying to connect') return true;
  return false;
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/** The one error handler: known errors become 4xx JSON, anything else a logged 500 without details. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after response started');
    res.end();
    return;
  }
  // zod's own class check: errors of the shared (zod/mini) and the server's (classic) schemas alike.
  if (err instanceof $ZodError) {
    res.status(400).json(zodErrorBody(err));
    return;
  }
  if (err instanceof HttpError) {
    res.status(err.status).json(
      errorBody(err.status, err.message, {
        code: err.code,
        ...(err.issues ? { issues: err.issues } : {}),
        ...(err.retryAt ? { retryAt: err.retryAt.toISOString() } : {}),
      }),
    );
    return;
  }
  const parserError = err as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') {
    res.status(400).json(errorBody(400, MESSAGES.malformedJson));
    return;
  }
  if (parserError?.type === 'entity.too.large') {
    res.status(413).json(errorBody(413, MESSAGES.bodyTooLarge));
    return;
  }
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    res.status(parserError.status).json(errorBody(parserError.status, MESSAGES.invalidRequest, { code: 'bad_request' }));
    return;
  }
  if (waitedForConnection(err)) {
    // A refusal, not a fault: every connection was in use for longer than the pool waits (a burst).
    req.log?.warn({ err }, 'no database connection in time');
    res.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    res.status(503).json(errorBody(503, MESSAGES.busy));
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json(errorBody(500, MESSAGES.internal));
};
