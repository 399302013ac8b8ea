/**
 * What kind of failure an error is, as a code the server puts next to its message (`{ message, code }`)
 * and the apps switch on: messages are for people and may be reworded; codes are for code.
 */
export const ERROR_CODES = [
  'validation',
  'unauthenticated',
  'insufficient_credits',
  'forbidden',
  'not_found',
  'conflict',
  // A link that worked once and no longer does (an invitation used, withdrawn or expired).
  'gone',
  'payload_too_large',
  'rate_limited',
  'bad_request',
  'internal',
  'upstream_unavailable',
  // Raised in the client, never sent by the server: an ok answer whose body cannot be streamed.
  'stream_unreadable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'validation',
  401: 'unauthenticated',
  402: 'insufficient_credits',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  429: 'rate_limited',
  431: 'payload_too_large',
  502: 'upstream_unavailable',
  503: 'upstream_unavailable',
  504: 'upstream_unavailable',
};

/** The code of an error answer with this status, when nothing more specific is known. */
export function errorCodeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** An error raised in the apps' own code that callers tell apart by its code. */
export class CodedError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CodedError';
  }
}
