import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, returnPathOf } from './return-path';

describe('returnPathOf', () => {
  it('returns to the page the gate remembered, with its query', () => {
    expect(returnPathOf({ from: '/enrich' })).toBe('/enrich');
    expect(returnPathOf({ from: '/usage?x=1' })).toBe('/usage?x=1');
  });

  it('falls back to Icebreak for no state, the root, /auth, or anything that is not an in-app path', () => {
    for (const state of [
      null,
      undefined,
      {},
      { from: '/' },
      { from: '/auth' },
      { from: '//evil.example/x' },
      { from: 'https://evil.example' },
      { from: 42 },
    ]) {
      expect(returnPathOf(state)).toBe(DEFAULT_RETURN_PATH);
    }
  });
});
