/**
 * Setup file of the integration and e2e projects, whose files share their worker's modules (isolate: false):
 * each file starts with a fetch connection pool of its own. A pool shared with an earlier file kept keep-alive
 * sockets to that file's closed servers, and a later server given the same port got ECONNRESET on them
 * (ADR 0022). Node's fetch uses the dispatcher undici's `setGlobalDispatcher` sets.
 */
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll } from 'vitest';

setGlobalDispatcher(new Agent());
afterAll(async () => {
  await getGlobalDispatcher().close();
});
