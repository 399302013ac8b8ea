import { createHash } from 'node:crypto';

/**
 * Deterministic choices: the same seed picks the same wording (same input, same answer), another
 * seed (Regenerate) picks other wordings. The seed is a hash of the input plus the variant number.
 */
export function createPicker(seed: string) {
  const n = (key: string) => createHash('sha256').update(`${seed}\u0000${key}`).digest().readUInt32BE(0);
  return {
    /** One of `options`, chosen by the seed and a key naming the place in the text. */
    pick<T>(key: string, options: readonly T[]): T {
      return options[n(key) % options.length]!;
    },
    /** `items` in a seed-dependent order. */
    shuffle<T>(key: string, items: readonly T[]): T[] {
      return items
        .map((item, i) => ({ item, k: n(`${key}:${i}`) }))
        .sort((a, b) => a.k - b.k)
        .map((x) => x.item);
    },
  };
}

export type Picker = ReturnType<typeof createPicker>;

export function seedOf(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}
