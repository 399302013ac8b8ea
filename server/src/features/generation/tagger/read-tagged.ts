import { readFileSync } from 'node:fs';
import { featurize } from './features.js';
import { Tagger, type TaggerModel } from './perceptron.js';
import { spansFromTags } from './spans.js';
import { tokenize } from './tokens.js';

/** Where the trained model lives; `npm run train:reader` writes it from the dev set (tests/eval/train-reader.ts). */
export const MODEL_URL = new URL('./model.json', import.meta.url);

let loaded: Tagger | undefined;
const tagger = () => (loaded ??= Tagger.load(JSON.parse(readFileSync(MODEL_URL, 'utf8')) as TaggerModel));

/** Who the text is about, as the trained tagger reads it: every span it marks, per field, in text order. */
export function tagDescription(text: string) {
  const tokens = tokenize(text);
  return spansFromTags(text, tokens, tagger().tag(featurize(tokens)));
}
