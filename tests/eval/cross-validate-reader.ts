import { extractWith, withFields } from '../../server/src/features/generation/extract-profile.js';
import { featurize } from '../../server/src/features/generation/tagger/features.js';
import { FIELDS } from '../../server/src/features/generation/tagger/perceptron.js';
import { spansFromTags } from '../../server/src/features/generation/tagger/spans.js';
import { tokenize } from '../../server/src/features/generation/tagger/tokens.js';
import { trainTagger } from '../../server/src/features/generation/tagger/train.js';
import { asExtracted, countsFor, score, type Counts } from './lib/score-extraction.js';
import { loadSets } from './lib/sets.js';

/**
 * `npm run eval:reader`: how the reader does on descriptions it was not trained on, without touching the held-out
 * set. Dev was written in rounds, each a fresh held-out set by another writer (sets/README.md); each round is read
 * by a tagger trained on the others. The rules were tuned on every round but the last, so "rules" and "reader"
 * (tagger and rules together) are only a fair comparison on the last round; "tagger" is fair on all of them.
 * `--show=<field>` prints the last round's misses of that field.
 */
const ROUND_ENDS = [63, 199, 337, 470, 617, 770, 928];
const show = process.argv.find((a) => a.startsWith('--show='))?.slice('--show='.length);
const dev = loadSets().find((s) => s.name === 'dev')!;
const roundOf = (id: string) => ROUND_ENDS.findIndex((end) => Number(id.slice(-3)) <= end) + 1;
const only = process.argv.find((a) => a.startsWith('--round='))?.slice('--round='.length);
const rounds = [...new Set(dev.descriptions.map((d) => roundOf(d.id)))].filter((r) => r > 1 && (!only || r === Number(only)));
const lastRound = Math.max(...rounds);
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
const f1s: Record<string, number[]> = {};

for (const round of rounds) {
  const tagger = trainTagger(dev.descriptions.filter((d) => roundOf(d.id) !== round).map((d) => ({ text: d.text, labels: d.expect })));
  const totals = { rules: {} as Record<string, Counts>, tagger: {} as Record<string, Counts>, reader: {} as Record<string, Counts> };
  for (const d of dev.descriptions.filter((x) => roundOf(x.id) === round)) {
    const tokens = tokenize(d.text);
    const spans = spansFromTags(d.text, tokens, tagger.tag(featurize(tokens)));
    const rules = asExtracted(extractWith(d.text, (_, p) => p));
    const reader = asExtracted(extractWith(d.text, (_, p) => withFields(spans, p)));
    for (const f of FIELDS) {
      const got = { rules: rules[f], tagger: spans[f][0] ?? '', reader: reader[f] };
      for (const kind of ['rules', 'tagger', 'reader'] as const) {
        const c = countsFor(f, { ...rules, [f]: got[kind] }, d.expect);
        const t = (totals[kind][f] ??= zero());
        t.tp += c.tp;
        t.fp += c.fp;
        t.fn += c.fn;
      }
      if (round === lastRound && show === f && countsFor(f, reader, d.expect).tp === 0 && (reader[f] || d.expect[f]))
        console.log(
          `  ${d.id} ${f}: got ${JSON.stringify(reader[f])} want ${JSON.stringify(d.expect[f])} (tagged ${JSON.stringify(spans[f])}, rules ${JSON.stringify(rules[f])})`,
        );
    }
  }
  const line = (kind: keyof typeof totals) => FIELDS.map((f) => `${f} ${score(totals[kind][f]!).f1.toFixed(3)}`).join('  ');
  console.log(`round ${round} tagger  ${line('tagger')}`);
  if (round === lastRound) console.log(`round ${round} rules   ${line('rules')}\nround ${round} reader  ${line('reader')}`);
  for (const f of FIELDS) (f1s[f] ??= []).push(score(totals.tagger[f]!).f1);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`tagger, mean over rounds  ${FIELDS.map((f) => `${f} ${mean(f1s[f]!).toFixed(3)}`).join('  ')}`);
