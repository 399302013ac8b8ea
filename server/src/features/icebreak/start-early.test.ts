import { describe, expect, it } from 'vitest';
import { startEarly } from './start-early';

/** A source that records when it was started and whether its finally block ran. */
function recorded(items: number[], failAt?: number) {
  const log: string[] = [];
  async function* source() {
    log.push('started');
    try {
      for (const [i, item] of items.entries()) {
        if (i === failAt) throw new Error(`failed at ${i}`);
        log.push(`yield ${item}`);
        yield item;
      }
    } finally {
      log.push('finally');
    }
  }
  return { log, source: source() };
}

describe('startEarly', () => {
  it('starts the source at once and hands every item to the reader, the first one included', async () => {
    const { log, source } = recorded([1, 2, 3]);
    const early = startEarly(source);
    await Promise.resolve();
    expect(log).toEqual(['started', 'yield 1']);
    const read: number[] = [];
    for await (const item of early) read.push(item);
    expect(read).toEqual([1, 2, 3]);
    expect(log.at(-1)).toBe('finally');
  });

  it('cancel ends the source unread: its finally block runs and nothing more is asked for', async () => {
    const { log, source } = recorded([1, 2, 3]);
    const early = startEarly(source);
    await early.cancel();
    expect(log).toEqual(['started', 'yield 1', 'finally']);
  });

  it('a failure before reading is not unhandled, and reaches the reader', async () => {
    const { source } = recorded([1], 0);
    const early = startEarly(source);
    await new Promise((r) => setTimeout(r, 5));
    await expect(
      (async () => {
        for await (const _ of early) void _;
      })(),
    ).rejects.toThrow('failed at 0');
  });

  it('a reader that stops early ends the source', async () => {
    const { log, source } = recorded([1, 2, 3]);
    for await (const item of startEarly(source)) if (item === 1) break;
    expect(log).toEqual(['started', 'yield 1', 'finally']);
  });
});
