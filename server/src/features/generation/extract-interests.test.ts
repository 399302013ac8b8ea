import { describe, expect, it } from 'vitest';
import { extractProfile } from './extract-profile';

describe('interests in a description', () => {
  it('keeps the topic of "writes about …" and drops verb phrases that are not interests', () => {
    const p = extractProfile(
      'Maria Lopez is the VP of Sales at Northwind Logistics. She loves trail running and writes about sales enablement.',
    );
    expect(p.interests).toEqual(['trail running', 'sales enablement']);
    const q = extractProfile('Tom Reed enjoys sailing and works at Contoso as a buyer.');
    expect(q.interests).toEqual(['sailing']);
  });
});
