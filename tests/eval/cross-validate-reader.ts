import { extractWith, withFields } from '../../server/src/features/generation/extract-profile.js';
import { withoutPasteClutter } from '../../server/src/features/generation/extract-profile-paste.js';
import { FIELDS } from '../../server/src/features/generation/tagger/perceptron.js';
import { tagDescription } from '../../server/src/features/generation/tagger/read-tagged.js';
import { trainTagger } from '../../server/src/features/generation/tagger/train.js';
import { asExtracted, countsFor, score, type Counts, type Field } from './lib/score-extraction.js';
import { loadSets } from './lib/sets.js';
import { devTexts } from './train-reader.js';

/**
 * `npm run eval:reader`: how the reader does on descriptions it was not trained on, without touching the held-out
 * set. Dev was written in rounds, each a fresh held-out set by another writer (sets/README.md); each round is read
 * by a tagger trained on the others. The rules were tuned on every round but the last, so "rules" and "reader"
 * (tagger and rules together) are only a fair comparison on the last round; "tagger" is fair on all of them.
 * `--show=<field>` prints the last round's misses of that field.
 */
const ROUND_ENDS = [
  63, 199, 337, 470, 617, 770, 928, 1088, 1256, 1426, 1601, 1761, 1936, 2119, 2302, 2474, 2644, 2816, 2985, 3136, 3337, 3506, 3690, 3942,
  4138, 4288, 4458, 4638, 4823, 5015,
];
const show = process.argv.find((a) => a.startsWith('--show='))?.slice('--show='.length);
const dev = loadSets().find((s) => s.name === 'dev')!;
const roundOf = (id: string) => ROUND_ENDS.findIndex((end) => Number(id.split('-').pop()) <= end) + 1;
const only = process.argv.find((a) => a.startsWith('--round='))?.slice('--round='.length);
const rounds = [...new Set(dev.descriptions.map((d) => roundOf(d.id)))].filter((r) => r > 1 && (!only || r === Number(only)));
const lastRound = Math.max(...rounds);
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
const f1s: Record<string, number[]> = {};

/** The fields each round is scored on: who and where, and what is going on (through the whole reader only). */
const LISTS = ['events', 'needs', 'events+needs', 'interests'] as const;
for (const round of rounds) {
  const texts = devTexts().filter((_, i) => roundOf(dev.descriptions[i]!.id) !== round);
  const taggers = { who: trainTagger(texts, 'who'), what: trainTagger(texts, 'what') };
  const totals = { rules: {} as Record<string, Counts>, tagger: {} as Record<string, Counts>, reader: {} as Record<string, Counts> };
  const add = (kind: keyof typeof totals, field: string, c: Counts) => {
    const t = (totals[kind][field] ??= zero());
    t.tp += c.tp;
    t.fp += c.fp;
    t.fn += c.fn;
  };
  for (const d of dev.descriptions.filter((x) => roundOf(x.id) === round)) {
    const tagged = tagDescription(withoutPasteClutter(d.text), taggers);
    const rules = asExtracted(extractWith(d.text, (_, p) => p));
    const reader = asExtracted(extractWith(d.text, (text, p) => withFields(tagged, p, text)));
    for (const f of FIELDS) {
      add('tagger', f, countsFor(f, { ...rules, [f]: tagged.who[f][0] ?? '' }, d.expect));
      add('rules', f, countsFor(f, rules, d.expect));
      add('reader', f, countsFor(f, reader, d.expect));
    }
    for (const f of LISTS) {
      add('rules', f, countsFor(f, rules, d.expect));
      add('reader', f, countsFor(f, reader, d.expect));
    }
    const missed = show ? countsFor(show as Field, reader, d.expect) : undefined;
    if (round === lastRound && missed && missed.fn + missed.fp > 0)
      console.log(
        `  ${d.id} ${show}: got ${JSON.stringify(reader[show as keyof typeof reader])} want ${JSON.stringify(d.expect[show as keyof typeof d.expect])}`,
      );
  }
  const line = (kind: keyof typeof totals, fields: readonly string[]) =>
    fields.map((f) => `${f} ${score(totals[kind][f]!).f1.toFixed(3)}`).join('  ');
  console.log(`round ${round} tagger  ${line('tagger', FIELDS)}`);
  if (round === lastRound)
    for (const kind of ['rules', 'reader'] as const) console.log(`round ${round} ${kind.padEnd(7)} ${line(kind, [...FIELDS, ...LISTS])}`);
  for (const f of FIELDS) (f1s[f] ??= []).push(score(totals.tagger[f]!).f1);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`tagger, mean over rounds  ${FIELDS.map((f) => `${f} ${mean(f1s[f]!).toFixed(3)}`).join('  ')}`);
