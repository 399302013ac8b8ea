import { createHash } from 'node:crypto';

/**
 * Deterministic choices: the same seed picks the same wording (same input, same answer). The seed
 * is a hash of the input without the variant; the variant (Regenerate) then moves every choice one
 * step on, so a regenerated text differs in every sentence that has another wording, and two
 * inputs land on different wordings independently.
 */
export function createPicker(seed: string, variant = 0) {
  const n = (key: string) => createHash('sha256').update(`${seed}\u0000${key}`).digest().readUInt32BE(0);
  return {
    variant,
    /** One of `options`, chosen by the seed, a key naming the place in the text, and the variant. */
    pick<T>(key: string, options: readonly T[]): T {
      return options[(n(key) + variant) % options.length]!;
    },
    /** `items` rotated by the seed and the variant: Regenerate leads with another one. */
    rotate<T>(key: string, items: readonly T[]): T[] {
      if (!items.length) return [];
      const k = (n(key) + variant) % items.length;
      return [...items.slice(k), ...items.slice(0, k)];
    },
  };
}

export type Picker = ReturnType<typeof createPicker>;

export function seedOf(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}
