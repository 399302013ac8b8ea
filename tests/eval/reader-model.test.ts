import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { MODEL_URL, type ReaderModels } from '../../server/src/features/generation/tagger/read-tagged';
import { trainingFingerprint } from './train-reader';

// One source for the reader's model: the dev set's labels. A label fixed, a record added or the trainer changed
// without `npm run train:reader` fails here, not silently in production. The model records what it was trained
// from; `npm run train:reader -- --check` trains it again and compares the bytes (35 s).
it('the committed reader model is the one the dev set trains', () => {
  const { trainedOn } = JSON.parse(readFileSync(MODEL_URL, 'utf8')) as ReaderModels;
  expect(trainedOn, 'the model is stale: run `npm run train:reader`').toBe(trainingFingerprint());
});
