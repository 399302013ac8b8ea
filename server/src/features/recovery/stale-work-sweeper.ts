import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { CreditsService } from '../credits';
import { createEnrichPendingRepository } from '../enrich';
import { createHistoryRepository } from '../icebreak';

/** Longest pause between two sweeps of a running server. */
const MAX_SWEEP_INTERVAL_MS = 60_000;

/**
 * Paid work a dead process left behind (Icebreak items still `processing`, Enrich requests still
 * pending) older than `staleAfterMs` is failed and refunded, exactly once even with several
 * processes sweeping (docs/architecture.md#crash-recovery-and-shutdown).
 */
export function createStaleWorkSweeper(deps: { db: Db; clock: Clock; credits: CreditsService; logger: Logger; staleAfterMs: number }) {
  const history = createHistoryRepository(deps.db, deps.clock, deps.credits);
  const enrich = createEnrichPendingRepository(deps.db, deps.clock, deps.credits);

  async function sweep(): Promise<{ icebreak: number; enrich: number }> {
    const [icebreak, enriched] = await Promise.all([
      history.sweepStale(deps.staleAfterMs).catch((err: unknown) => {
        deps.logger.warn({ err }, 'icebreak stale sweep failed');
        return 0;
      }),
      enrich.sweepStale(deps.staleAfterMs).catch((err: unknown) => {
        deps.logger.warn({ err }, 'enrich stale sweep failed');
        return 0;
      }),
    ]);
    if (icebreak || enriched) deps.logger.info({ icebreak, enrich: enriched }, 'stale work refunded');
    return { icebreak, enrich: enriched };
  }

  return {
    sweep,
    /** Sweep now and then on a timer (not keeping the process alive); returns the stop function. */
    start(): () => void {
      const every = Math.min(MAX_SWEEP_INTERVAL_MS, Math.max(500, Math.floor(deps.staleAfterMs / 2)));
      void sweep();
      const timer = setInterval(() => void sweep(), every);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
