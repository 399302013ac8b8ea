import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MODEL_URL } from '../../server/src/features/generation/tagger/read-tagged.js';
import { trainTagger } from '../../server/src/features/generation/tagger/train.js';
import { loadSets } from './lib/sets.js';

/**
 * `npm run train:reader`: trains the reader's tagger on the dev set's descriptions and writes its model. Never the
 * held-out set (ADR 0023): its score is only honest while nothing was fitted to it.
 */
export function devTexts() {
  const dev = loadSets().find((s) => s.name === 'dev');
  if (!dev) throw new Error('tests/eval/sets/dev is missing');
  return dev.descriptions.map((d) => ({ text: d.text, labels: d.expect }));
}

export function modelJson(): string {
  return `${JSON.stringify(trainTagger(devTexts()).save())}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const json = modelJson();
  writeFileSync(MODEL_URL, json);
  console.log(`wrote ${fileURLToPath(MODEL_URL)} (${(json.length / 1e6).toFixed(1)} MB)`);
}
