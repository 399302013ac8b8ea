import type { Logger } from 'pino';

/**
 * Logs carry no request text (docs/architecture.md#logging): a database error names its query parameters (drizzle
 * puts them in the message and in `params`; PostgreSQL adds the offending value in `detail` and
 * `where`), and those are a user's description, goal or e-mail. Errors are logged with their type,
 * codes and a message without the parameters; the ids and lengths are logged by the callers.
 */

/** Fields of an error (pg, Stripe, Node, ours) that never carry request text. */
const KEPT_FIELDS = [
  'code',
  'status',
  'statusCode',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'retryable',
  'errno',
  'syscall',
  'requestId',
];
const MAX_CAUSE_DEPTH = 4;

/**
 * drizzle's "Failed query: …\nparams: …" → the query text only; PostgreSQL's "invalid input syntax
 * for type json: <the value>" → without the value.
 */
export function withoutParams(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g, '\nparams: [not logged]')
    .replace(/(invalid input (?:syntax|value) for [^:\n]+): [^\n]*/g, '$1: [not logged]');
}

export function safeErrorSerializer(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object') return typeof value === 'string' ? withoutParams(value) : value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const type = typeof source.type === 'string' ? source.type : value instanceof Error ? value.constructor.name : undefined;
  if (type) out.type = type;
  const message = typeof source.message === 'string' ? source.message : '';
  if (message) out.message = withoutParams(message);
  if (typeof source.stack === 'string') {
    // The stack starts with the message: replaced whole, so nothing in the parameters can end the cut early.
    out.stack = withoutParams(
      message && source.stack.includes(message) ? source.stack.replace(message, () => String(out.message)) : source.stack,
    );
  }
  for (const key of KEPT_FIELDS) {
    const v = source[key];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  if (source.cause && depth < MAX_CAUSE_DEPTH) out.cause = safeErrorSerializer(source.cause, depth + 1);
  return out;
}

/** An e-mail address for a log line: the first letter and the domain ('j***@example.com'). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** Path segments that hold an e-mail address (the compatibility routes name one) are masked. */
export function safeUrlPath(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // Most paths name no e-mail: returned as they are, without splitting them up.
  if (!/@|%40/i.test(path)) return path;
  return path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? ':email' : segment))
    .join('/');
}

/** The app's logger: every `err` (and a child's) goes through the safe serializer. */
export function withSafeSerializers(logger: Logger): Logger {
  return logger.child({}, { serializers: { err: (err: unknown) => safeErrorSerializer(err) } });
}
