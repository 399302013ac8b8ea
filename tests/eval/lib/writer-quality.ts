/**
 * Issue 25: every output of the offline writer on the development set reads as written — no Harper lint,
 * no spliced-text pattern — and keeps the sharing and limit rules: the same checks `npm run eval` reports
 * (tests/eval/README.md). Two test files run it, one for the descriptions and one for the leads, so the
 * two halves (about a minute of CPU each with the grammar gate) run on both cores.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SENDERS, writeAll, type Output } from './run-writer';
import { loadSets, type EvalSet } from './sets';
import { crossLeadSharing, limits, lintOutputs, regenerateDifference } from './text-metrics';

/**
 * One sender (Beacon, "under 80 words") with variants 0 and 1; `npm run eval` checks every sender.
 */
const TEST_SENDERS = SENDERS.filter((s) => s.id === 'beacon-80w');

/**
 * Which dev inputs the gate writes for. Writing is the test's cost (each answer goes through the grammar gate,
 * about 5 ms of Harper per sentence), and dev grows by some 255 inputs with every held-out round, so `npm test`
 * gates at most this many inputs of each kind, every n-th (every third when dev held 2,644 descriptions and 1,313
 * leads; dev is in the order it was written, so each round, format and language is in it): its time stays where it
 * was then instead of growing with dev. `npm run test:quality` sets QUALITY_STRIDE=1 and gates every input (ADR 0022); `npm run
 * eval` writes every input for every sender.
 */
const GATED = { descriptions: 882, leads: 438 };
const strideFor = (kind: 'descriptions' | 'leads', inputs: number) =>
  Math.max(1, Number(process.env.QUALITY_STRIDE) || Math.ceil(inputs / GATED[kind]));
/**
 * Regenerate (variant 1) is written for every third input gated: its difference is a mean over inputs, which a
 * third of them measures as well.
 */
const REGENERATE_EVERY = 3;
/**
 * How long the writing, and then its lint, may take: with QUALITY_STRIDE=1 the lint of every dev description alone
 * takes over four minutes on two cores (260 s with 4,458 descriptions), and more while anything else runs.
 */
const WRITE_OR_LINT_MS = 900_000;
const every = (set: EvalSet, n: number): EvalSet => ({
  ...set,
  descriptions: set.descriptions.filter((_, i) => i % n === 0),
  leads: set.leads.filter((_, i) => i % n === 0),
});

/**
 * The development set's descriptions or leads. Only dev: a red run on the held-out set would be read to
 * find its cause, which is picking rules on it (ADR 0021); `npm run eval` measures the held-out set.
 */
export function describeWriterQuality(kind: 'descriptions' | 'leads'): void {
  const dev = loadSets().find((s) => s.name === 'dev')!;
  const stride = strideFor(kind, dev[kind].length);
  const set = every(kind === 'leads' ? { ...dev, descriptions: [] } : { ...dev, leads: [] }, stride);
  describe(`the offline writer on the dev set's ${kind} (1 in ${stride})`, () => {
    let outputs: Output[] = [];
    beforeAll(async () => {
      outputs = [...(await writeAll(set, TEST_SENDERS, [0])), ...(await writeAll(every(set, REGENERATE_EVERY), TEST_SENDERS, [1]))];
    }, WRITE_OR_LINT_MS);

    it('has inputs to write for', () => {
      expect(set.descriptions.length + set.leads.length).toBeGreaterThan(0);
      expect(outputs.length).toBeGreaterThan(0);
    });

    it('writes nothing Harper or the spliced-text patterns object to', { timeout: WRITE_OR_LINT_MS }, async () => {
      // Harper is the slow part: the first answer (variant 0) of every input is linted here;
      // `npm run eval` lints every sender and both variants.
      const { harper, patterns } = await lintOutputs(outputs.filter((o) => o.variant === 0));
      const show = (list: typeof harper) =>
        list.slice(0, 10).map((f) => `${f.where}: ${f.problem.rule} "${f.problem.excerpt}" in: ${f.text}`);
      expect(show(harper)).toEqual([]);
      expect(show(patterns)).toEqual([]);
    });

    it('Regenerate changes most sentences', () => {
      const regenerate = regenerateDifference(outputs);
      expect(regenerate.outputs).toBeGreaterThan(0);
      expect(regenerate.mean).toBeGreaterThan(0.5);
    });

    if (kind === 'leads') {
      it('gives leads in different industries their own sentences (≤ 30% shared, names masked)', () => {
        const sharing = crossLeadSharing(outputs);
        expect(sharing.worst?.share ?? 0, JSON.stringify(sharing.worst)).toBeLessThanOrEqual(0.3);
      });

      it('keeps the word limit of the content preferences and LinkedIn’s 300 characters', () => {
        const lim = limits(outputs, TEST_SENDERS);
        expect(lim.wordLimit.messages).toBeGreaterThan(0);
        expect(lim.wordLimit.over).toEqual([]);
        expect(lim.connectionNote.over).toEqual([]);
      });
    }
  });
}
