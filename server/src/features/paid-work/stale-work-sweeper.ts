import type { Logger } from 'pino';

/** Longest pause between two sweeps of a running server. */
const MAX_SWEEP_INTERVAL_MS = 60_000;
/** Shortest pause (tests and tiny STALE_WORK_AFTER_MS values). */
const MIN_SWEEP_INTERVAL_MS = 500;

/**
 * One kind of paid work's records in flight (Icebreak items still `processing`, Enrich requests
 * still pending): `sweepStale` claims those older than `staleMs`, refunds their debits (at most once
 * per debit) and ends them; it returns how many it ended. Several processes may sweep at once.
 */
export interface StaleWork {
  name: string;
  sweepStale(staleMs: number): Promise<number>;
}

export interface StaleWorkSweeperDeps {
  kinds: readonly StaleWork[];
  logger: Logger;
  staleAfterMs: number;
}

/**
 * Paid work a dead process left behind, older than `staleAfterMs`, is failed and refunded, exactly
 * once even with several processes sweeping (docs/architecture.md#crash-recovery-and-shutdown). The
 * server starts one per process and stops it at shutdown; nothing else sweeps.
 */
export function createStaleWorkSweeper(deps: StaleWorkSweeperDeps) {
  let running: Promise<Record<string, number>> | undefined;

  /** Every kind, side by side: one kind's failure is logged and does not stop the others. */
  async function sweepAll(): Promise<Record<string, number>> {
    const counts = await Promise.all(
      deps.kinds.map((kind) =>
        kind.sweepStale(deps.staleAfterMs).catch((err: unknown) => {
          deps.logger.warn({ err, work: kind.name }, 'stale sweep failed');
          return 0;
        }),
      ),
    );
    const swept = Object.fromEntries(deps.kinds.map((kind, i) => [kind.name, counts[i]!]));
    if (counts.some((n) => n > 0)) deps.logger.info(swept, 'stale work refunded');
    return swept;
  }

  /** One sweep; a sweep asked for while one runs joins it (never two at once in a process). */
  function sweep(): Promise<Record<string, number>> {
    running ??= sweepAll().finally(() => (running = undefined));
    return running;
  }

  return {
    sweep,
    /**
     * Sweep now, then every half of `staleAfterMs` (at most a minute), on a timer that does not keep
     * the process alive. Returns `stop`, which ends the timer and waits for a sweep under way (so the
     * database can close after it).
     */
    start(): { stop(): Promise<void> } {
      const every = Math.min(MAX_SWEEP_INTERVAL_MS, Math.max(MIN_SWEEP_INTERVAL_MS, Math.floor(deps.staleAfterMs / 2)));
      void sweep();
      const timer = setInterval(() => void sweep(), every);
      timer.unref();
      return {
        async stop() {
          clearInterval(timer);
          await running;
        },
      };
    },
  };
}

export type StaleWorkSweeper = ReturnType<typeof createStaleWorkSweeper>;
