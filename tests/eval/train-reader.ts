import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withoutPasteClutter } from '../../server/src/features/generation/extract-profile-paste.js';
import { DEPARTMENTS, PLACE_ACRONYMS, ROLE_WORD_RE } from '../../server/src/features/generation/extract-profile-words.js';
import { MODEL_URL, type ReaderModels } from '../../server/src/features/generation/tagger/read-tagged.js';
import { trainTagger } from '../../server/src/features/generation/tagger/train.js';
import { loadSets } from './lib/sets.js';

/**
 * `npm run train:reader`: trains the reader's taggers (who and where; what is going on) on the dev set's
 * descriptions and writes their models. Never the
 * held-out set (ADR 0021): its score is only honest while nothing was fitted to it.
 */
export function devTexts() {
  const dev = loadSets().find((s) => s.name === 'dev');
  if (!dev) throw new Error('tests/eval/sets/dev is missing');
  // The text the reader reads: without what a paste brings along (extract-profile-paste.ts).
  return dev.descriptions.map((d) => ({ text: withoutPasteClutter(d.text), labels: d.expect }));
}

/** The code that turns labelled text into a model: the tagger's files, and the word lists its features read. */
const TRAINER_FILES = ['features', 'perceptron', 'spans', 'tokens', 'train'].map(
  (f) => new URL(`../../server/src/features/generation/tagger/${f}.ts`, import.meta.url),
);

/**
 * What the model is trained from: the dev set's descriptions and labels, the trainer's code and the word lists its
 * features use. Stored in model.json, so a test can tell a stale model in a second instead of training one (35 s).
 */
export function trainingFingerprint(): string {
  const hash = createHash('sha256').update(JSON.stringify(devTexts()));
  for (const file of TRAINER_FILES) hash.update(readFileSync(file));
  hash.update(JSON.stringify([ROLE_WORD_RE.source, [...DEPARTMENTS], [...PLACE_ACRONYMS]]));
  return hash.digest('hex');
}

export function modelJson(): string {
  const texts = devTexts();
  const models: ReaderModels = {
    trainedOn: trainingFingerprint(),
    who: trainTagger(texts, 'who').save(),
    what: trainTagger(texts, 'what').save(),
  };
  return `${JSON.stringify(models)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const json = modelJson();
  // --check: the committed model is byte for byte what training gives (training is deterministic).
  if (process.argv.includes('--check')) {
    const same = readFileSync(MODEL_URL, 'utf8') === json;
    console.log(same ? 'the committed model is what the dev set trains' : 'the committed model differs: run `npm run train:reader`');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(MODEL_URL, json);
  console.log(`wrote ${fileURLToPath(MODEL_URL)} (${(json.length / 1e6).toFixed(1)} MB)`);
}
