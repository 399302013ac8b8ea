/**
 * Setup file of the integration project, whose files share their worker's modules (isolate: false): each file
 * starts with a fetch connection pool of its own. A pool shared with an earlier file kept keep-alive sockets to
 * that file's closed servers, and a later server given the same port got ECONNRESET on them (ADR 0022).
 */
import { afterAll } from 'vitest';

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
type Dispatcher = { close(): Promise<void>; constructor: new () => Dispatcher };
const globals = globalThis as unknown as Record<symbol, Dispatcher | undefined>;

const previous = globals[GLOBAL_DISPATCHER];
if (previous) globals[GLOBAL_DISPATCHER] = new previous.constructor();
afterAll(async () => {
  await globals[GLOBAL_DISPATCHER]?.close();
});
