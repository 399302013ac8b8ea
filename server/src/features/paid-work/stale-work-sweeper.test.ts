import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createStaleWorkSweeper, type StaleWork } from './stale-work-sweeper';

const logger = pino({ level: 'silent' });

function kind(name: string, sweepStale: StaleWork['sweepStale'] = async () => 0): StaleWork & { sweepStale: ReturnType<typeof vi.fn> } {
  return { name, sweepStale: vi.fn(sweepStale) };
}

describe('the stale-work sweeper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sweeps every kind at start, then every half of the stale age, and not after stop', async () => {
    const icebreak = kind('icebreak');
    const enrich = kind('enrich');
    const running = createStaleWorkSweeper({ kinds: [icebreak, enrich], logger, staleAfterMs: 10_000 }).start();
    expect(icebreak.sweepStale).toHaveBeenCalledTimes(1);
    expect(icebreak.sweepStale).toHaveBeenCalledWith(10_000);
    expect(enrich.sweepStale).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(icebreak.sweepStale).toHaveBeenCalledTimes(2);
    await running.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(icebreak.sweepStale).toHaveBeenCalledTimes(2);
    expect(enrich.sweepStale).toHaveBeenCalledTimes(2);
  });

  it('sweeps at least once a minute, whatever the stale age', async () => {
    const icebreak = kind('icebreak');
    const running = createStaleWorkSweeper({ kinds: [icebreak], logger, staleAfterMs: 15 * 60_000 }).start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(icebreak.sweepStale).toHaveBeenCalledTimes(2);
    await running.stop();
  });

  it('one kind failing is logged and does not stop the others', async () => {
    const warn = vi.fn();
    const failing = kind('icebreak', () => Promise.reject(new Error('database gone')));
    const enrich = kind('enrich', async () => 3);
    const sweeper = createStaleWorkSweeper({
      kinds: [failing, enrich],
      logger: { ...logger, warn, info: vi.fn() } as never,
      staleAfterMs: 1000,
    });
    expect(await sweeper.sweep()).toEqual({ icebreak: 0, enrich: 3 });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ work: 'icebreak' }), 'stale sweep failed');
  });

  it('a sweep asked for while one runs joins it; stop waits for it to end', async () => {
    let finish!: (n: number) => void;
    const slow = kind('icebreak', () => new Promise<number>((r) => (finish = r)));
    const sweeper = createStaleWorkSweeper({ kinds: [slow], logger, staleAfterMs: 1000 });
    const running = sweeper.start();
    const joined = sweeper.sweep();
    expect(slow.sweepStale).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = running.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish(2);
    await stopping;
    expect(await joined).toEqual({ icebreak: 2 });
  });
});
