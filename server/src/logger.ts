import { pino, type Logger } from 'pino';
import { withSafeSerializers } from './http/log-safety';

/**
 * The server's logger: JSON lines on stdout. Written asynchronously (pino's destination with
 * `sync: false`): a line goes out as soon as the previous write finished, lines that came in
 * meanwhile together, so a request never waits on a write(2) of its own log line. pino writes
 * what is left synchronously when the process exits.
 */
export function createLogger(level: string): Logger {
  return withSafeSerializers(pino({ level }, pino.destination({ dest: 1, sync: false })));
}
