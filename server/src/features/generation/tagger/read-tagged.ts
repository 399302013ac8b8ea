import { readFileSync } from 'node:fs';
import { featurize } from './features.js';
import { FIELDS, LIST_FIELDS, Tagger, type ListField, type TagField, type TaggerModel } from './perceptron.js';
import { spansFromTags } from './spans.js';
import { tokenize } from './tokens.js';

/** Where the trained models live; `npm run train:reader` writes them from the dev set (tests/eval/train-reader.ts). */
export const MODEL_URL = new URL('./model.json', import.meta.url);

/** Both readers' models, as `npm run train:reader` stores them. */
export interface ReaderModels {
  /** What they were trained from (tests/eval/train-reader.ts): a stale model is caught without training one. */
  trainedOn?: string;
  who: TaggerModel;
  what: TaggerModel;
}

let loaded: { who: Tagger; what: Tagger } | undefined;
function taggers() {
  if (loaded) return loaded;
  const models = JSON.parse(readFileSync(MODEL_URL, 'utf8')) as ReaderModels;
  return (loaded = { who: Tagger.load(models.who), what: Tagger.load(models.what) });
}

/** What a description says as the trained taggers read it: every span each marks, per field, in text order. */
export interface TaggedText {
  who: Record<TagField, string[]>;
  what: Record<ListField, string[]>;
}

export function tagDescription(text: string, models = taggers()): TaggedText {
  const tokens = tokenize(text);
  const features = featurize(tokens);
  return {
    who: spansFromTags(text, tokens, models.who.tag(features), FIELDS),
    what: spansFromTags(text, tokens, models.what.tag(features), LIST_FIELDS),
  };
}
