import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { MESSAGES } from '@shared/messages';
import type { ErrorBody } from '@shared/schemas';

/** An error meant for the client: its message is shown to a person. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
  }
}

export function zodErrorBody(err: ZodError): ErrorBody {
  const issues = err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const messages = [...new Set(issues.map((i) => i.message))];
  return { message: messages.join('; ') || MESSAGES.invalidRequest, issues };
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `${MESSAGES.notFound}: ${req.method} ${req.originalUrl.split("?")[0]}` } satisfies ErrorBody);
};

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
  if (err instanceof ZodError) {
    res.status(400).json(zodErrorBody(err));
    return;
  }
  if (err instanceof HttpError) {
    res.status(err.status).json({ message: err.message, ...(err.issues ? { issues: err.issues } : {}) } satisfies ErrorBody);
    return;
  }
  const parserError = err as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') {
    res.status(400).json({ message: MESSAGES.malformedJson });
    return;
  }
  if (parserError?.type === 'entity.too.large') {
    res.status(413).json({ message: MESSAGES.bodyTooLarge });
    return;
  }
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    res.status(parserError.status).json({ message: MESSAGES.invalidRequest });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ message: MESSAGES.internal });
};
