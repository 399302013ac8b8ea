import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { MODEL_URL } from '../../server/src/features/generation/tagger/read-tagged';
import { modelJson } from './train-reader';

// One source for the reader's model: the dev set's labels. A label fixed or a record added without
// `npm run train:reader` fails here, not silently in production.
it('the committed reader model is the one the dev set trains', () => {
  expect(readFileSync(MODEL_URL, 'utf8') === modelJson(), 'the model is stale: run `npm run train:reader`').toBe(true);
}, 120_000);
