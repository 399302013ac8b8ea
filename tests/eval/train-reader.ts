import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  return dev.descriptions.map((d) => ({ text: d.text, labels: d.expect }));
}

export function modelJson(): string {
  const texts = devTexts();
  const models: ReaderModels = { who: trainTagger(texts, 'who').save(), what: trainTagger(texts, 'what').save() };
  return `${JSON.stringify(models)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const json = modelJson();
  writeFileSync(MODEL_URL, json);
  console.log(`wrote ${fileURLToPath(MODEL_URL)} (${(json.length / 1e6).toFixed(1)} MB)`);
}
