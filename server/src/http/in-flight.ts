import { MESSAGES } from '@shared/messages';
import { HttpError } from './errors';

/** The reason work is aborted when the server shuts down (SIGTERM). */
export class ServerShuttingDown extends Error {
  constructor() {
    super('the server is shutting down');
    this.name = 'ServerShuttingDown';
  }
}

/**
 * The paid work this process is doing (Icebreak streams, Enrich requests), so a graceful shutdown
 * can stop it, let each request refund and answer, and wait for that (docs/architecture.md#crash-recovery-and-shutdown). Only this
 * process' own requests live here; everything another process needs is in the database.
 */
export function createInFlightWork() {
  const controller = new AbortController();
  const running = new Set<Promise<unknown>>();
  return {
    /** Aborted (reason ServerShuttingDown) when the shutdown starts. */
    signal: controller.signal,

    /** Run one paid request; refused with 503 once the shutdown has started. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (controller.signal.aborted) throw new HttpError(503, MESSAGES.serverRestarting);
      const p = work();
      running.add(p);
      try {
        return await p;
      } finally {
        running.delete(p);
      }
    },

    get count() {
      return running.size;
    },

    /** Abort every running request and wait (at most `timeoutMs`) until each has refunded and answered. */
    async drain(timeoutMs: number): Promise<boolean> {
      if (!controller.signal.aborted) controller.abort(new ServerShuttingDown());
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const done = Promise.allSettled([...running]).then(() => true);
      try {
        return await Promise.race([done, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type InFlightWork = ReturnType<typeof createInFlightWork>;
