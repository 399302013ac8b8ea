/**
 * A first-order structured perceptron (averaged) with Viterbi decoding: the sequence tagger behind
 * named-entity readers such as spaCy's first ones. Small, dependency-free, and trained in seconds.
 */
/** Who and where: one value each. */
export const FIELDS = ['name', 'role', 'company', 'place'] as const;
export type TagField = (typeof FIELDS)[number];
/** What is going on: any number of phrases each. */
export const LIST_FIELDS = ['event', 'need', 'interest'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
/** "O" (outside), or the start ("B-") or inside ("I-") of a field's span. */
export type Tag = string;
export const tagsOf = (fields: readonly string[]): Tag[] => ['O', ...fields.flatMap((f) => [`B-${f}`, `I-${f}`])];

/**
 * The model as stored: its tags, its features, their weights (one per tag, feature after feature, in one flat
 * list: it loads in 40% of the time a table of small lists took) and the weight of each tag after each tag.
 */
export interface TaggerModel {
  tags: readonly string[];
  features: string[];
  weights: number[];
  transitions: number[][];
}

export class Tagger {
  readonly tags: Tag[];
  private readonly T: number;
  /** The row of transition weights from the start of the text. */
  private readonly START: number;
  private weights = new Map<string, Float64Array>();
  private transitions: Float64Array[];
  /** allowed[prev][tag]: an I- tag may only follow its own B- or I- tag (worked out once: Viterbi asks it T² times a word). */
  private readonly allowed: boolean[][];

  constructor(tags: readonly Tag[]) {
    this.tags = [...tags];
    this.T = tags.length;
    this.START = tags.length;
    this.transitions = Array.from({ length: this.T + 1 }, () => new Float64Array(this.T));
    this.allowed = Array.from({ length: this.T + 1 }, (_, prev) =>
      this.tags.map((t) => !t.startsWith('I-') || (prev !== this.START && this.tags[prev]!.slice(2) === t.slice(2))),
    );
  }

  static load(model: TaggerModel): Tagger {
    const tagger = new Tagger(model.tags);
    const all = Float64Array.from(model.weights);
    const T = tagger.T;
    model.features.forEach((f, i) => tagger.weights.set(f, all.subarray(i * T, (i + 1) * T)));
    tagger.transitions = model.transitions.map((row) => Float64Array.from(row));
    return tagger;
  }

  save(precision = 3): TaggerModel {
    const round = (x: number) => Number(x.toFixed(precision));
    const features: string[] = [];
    const weights: number[] = [];
    for (const [f, w] of this.weights) {
      const r = [...w].map(round);
      if (!r.some((x) => x !== 0)) continue;
      features.push(f);
      weights.push(...r);
    }
    return { tags: this.tags, features, weights, transitions: this.transitions.map((row) => [...row].map(round)) };
  }

  /** Each token's score per tag: the sum of its features' weights (`weightsOf` finds a feature's, if it has any). */
  private emissions<F>(features: readonly Iterable<F>[], weightsOf: (f: F) => Float64Array | undefined): Float64Array[] {
    return features.map((feats) => {
      const score = new Float64Array(this.T);
      for (const f of feats) {
        const w = weightsOf(f);
        if (w) for (let t = 0; t < this.T; t++) score[t]! += w[t]!;
      }
      return score;
    });
  }

  /** The best tag sequence for one text's tokens. */
  tag(features: string[][]): Tag[] {
    return [...this.decode(this.emissions(features, (f) => this.weights.get(f)))].map((t) => this.tags[t]!);
  }

  /** Viterbi: the best sequence of tag indices for the tokens' emission scores. */
  private decode(em: Float64Array[]): Int32Array {
    const n = em.length;
    const path = new Int32Array(n);
    if (!n) return path;
    const best = Array.from({ length: n }, () => new Float64Array(this.T).fill(-Infinity));
    const back = Array.from({ length: n }, () => new Int32Array(this.T));
    for (let t = 0; t < this.T; t++) if (this.allowed[this.START]![t]) best[0]![t] = this.transitions[this.START]![t]! + em[0]![t]!;
    for (let i = 1; i < n; i++)
      for (let t = 0; t < this.T; t++) {
        let top = -Infinity;
        let arg = 0;
        for (let p = 0; p < this.T; p++) {
          if (!this.allowed[p]![t]) continue;
          const s = best[i - 1]![p]! + this.transitions[p]![t]!;
          if (s > top) {
            top = s;
            arg = p;
          }
        }
        best[i]![t] = top + em[i]![t]!;
        back[i]![t] = arg;
      }
    let last = 0;
    for (let t = 1; t < this.T; t++) if (best[n - 1]![t]! > best[n - 1]![last]!) last = t;
    path[n - 1] = last;
    for (let i = n - 1; i > 0; i--) path[i - 1] = back[i]![path[i]!]!;
    return path;
  }

  /** Averaged-perceptron training over (features, gold tags) sequences. */
  static train(tagSet: readonly Tag[], data: { features: string[][]; tags: Tag[] }[], epochs = 10, seed = 1): Tagger {
    const model = new Tagger(tagSet);
    const T = model.T;
    // Features as numbers for the training loop (string keys made it 3× slower); `names` turns them back.
    const ids = new Map<string, number>();
    const names: string[] = [];
    const items = data.map(({ features, tags }) => ({
      features: features.map((feats) =>
        Int32Array.from(feats, (f) => {
          let id = ids.get(f);
          if (id === undefined) ids.set(f, (id = names.push(f) - 1));
          return id;
        }),
      ),
      tags: Int32Array.from(tags, (t) => model.tags.indexOf(t)),
    }));
    const weights: (Float64Array | undefined)[] = [];
    // Running sums for the average, updated lazily: sum += w * (now - stamp) before each change.
    const sums: Float64Array[] = [];
    const stamps: Float64Array[] = [];
    const tSums = Array.from({ length: T + 1 }, () => new Float64Array(T));
    const tStamps = Array.from({ length: T + 1 }, () => new Float64Array(T));
    let now = 0;
    const bump = (f: number, tag: number, by: number) => {
      let w = weights[f];
      if (!w) {
        weights[f] = w = new Float64Array(T);
        model.weights.set(names[f]!, w); // in order of first change, as the saved model lists them
        sums[f] = new Float64Array(T);
        stamps[f] = new Float64Array(T);
      }
      const s = sums[f]!;
      const st = stamps[f]!;
      s[tag]! += w[tag]! * (now - st[tag]!);
      st[tag] = now;
      w[tag]! += by;
    };
    const bumpT = (p: number, t: number, by: number) => {
      tSums[p]![t]! += model.transitions[p]![t]! * (now - tStamps[p]![t]!);
      tStamps[p]![t] = now;
      model.transitions[p]![t]! += by;
    };
    const order = data.map((_, i) => i);
    let rand = seed;
    const random = () => (rand = (rand * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let e = 0; e < epochs; e++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const k of order) {
        const { features, tags } = items[k]!;
        now++;
        const guess = model.decode(model.emissions(features, (f) => weights[f]));
        for (let i = 0; i < tags.length; i++) {
          const g = tags[i]!;
          const p = guess[i]!;
          const prevG = i ? tags[i - 1]! : model.START;
          const prevP = i ? guess[i - 1]! : model.START;
          if (g !== p)
            for (const f of features[i]!) {
              bump(f, g, 1);
              bump(f, p, -1);
            }
          if (g !== p || prevG !== prevP) {
            bumpT(prevG, g, 1);
            bumpT(prevP, p, -1);
          }
        }
      }
    }
    now++;
    for (const [f, w] of weights.entries()) {
      if (!w) continue;
      const s = sums[f]!;
      const st = stamps[f]!;
      for (let t = 0; t < T; t++) w[t] = (s[t]! + w[t]! * (now - st[t]!)) / now;
    }
    for (let p = 0; p <= T; p++)
      for (let t = 0; t < T; t++) model.transitions[p]![t] = (tSums[p]![t]! + model.transitions[p]![t]! * (now - tStamps[p]![t]!)) / now;
    return model;
  }
}
