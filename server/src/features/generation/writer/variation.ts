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
    /**
     * `items` in an order of the seed's (a shuffle, so two inputs that take the first few share few of them, where
     * a rotation gave neighbours all but one), rotated by the variant: Regenerate leads with another one.
     */
    rotate<T>(key: string, items: readonly T[]): T[] {
      if (!items.length) return [];
      const order = [...items];
      for (let i = order.length - 1; i > 0; i--) {
        const j = n(`${key}\u0000${i}`) % (i + 1);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      const k = variant % order.length;
      return [...order.slice(k), ...order.slice(0, k)];
    },
  };
}

export type Picker = ReturnType<typeof createPicker>;

export function seedOf(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}
