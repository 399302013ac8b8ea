import { describe, expect, it } from 'vitest';
import { batchedReads } from './batched-reads';

function counting() {
  const calls: string[][] = [];
  const read = batchedReads(
    async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, { key: k, seen: 0 }]));
    },
    (value) => ({ ...value }),
  );
  return { calls, read };
}

describe('batchedReads', () => {
  it('reads of one turn of the event loop share one call, each key asked once', async () => {
    const { calls, read } = counting();
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('missing')]);
    expect(answers).toEqual([{ key: 'a', seen: 0 }, { key: 'b', seen: 0 }, { key: 'a', seen: 0 }, undefined]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
  });

  it('reads from different I/O callbacks of the same poll share a call too', async () => {
    const { calls, read } = counting();
    // Two timers due together run in one timers phase, before the batch's setImmediate.
    const pending = [
      new Promise((resolve) => setTimeout(() => resolve(read('x')), 0)),
      new Promise((resolve) => setTimeout(() => resolve(read('y')), 0)),
    ];
    // Both due before the loop looks: created on either side of a millisecond's edge, the second
    // could otherwise be due one timers phase later (it was, once, on a loaded machine).
    for (const until = Date.now() + 3; Date.now() < until;);
    const answers = await Promise.all(pending);
    expect(answers).toEqual([
      { key: 'x', seen: 0 },
      { key: 'y', seen: 0 },
    ]);
    expect(calls).toEqual([['x', 'y']]);
  });

  it('caches nothing: a later read asks again', async () => {
    const { calls, read } = counting();
    await read('a');
    await read('a');
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('each caller gets its own copy', async () => {
    const { read } = counting();
    const [first, second] = await Promise.all([read('a'), read('a')]);
    first!.seen = 5;
    expect(second).toEqual({ key: 'a', seen: 0 });
  });

  it('a failed read fails every caller of its batch, and the next batch is tried afresh', async () => {
    let fail = true;
    const read = batchedReads(
      async (keys: string[]) => {
        if (fail) throw new Error('database down');
        return new Map(keys.map((k) => [k, k]));
      },
      (v) => v,
    );
    const failed = await Promise.allSettled([read('a'), read('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toBe('a');
  });
});
