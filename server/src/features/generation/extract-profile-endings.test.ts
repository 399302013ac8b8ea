import { describe, expect, it } from 'vitest';
import { placeWithoutEnding } from './extract-profile-endings';

describe('a place without the ending its language writes onto it', () => {
  it('reads the place itself where the text’s letters say the language', () => {
    expect(placeWithoutEnding('Gəncədə', 'Leyla Məmmədova Gəncədə yaşayır.')).toBe('Gəncə');
    expect(placeWithoutEnding('Қарағандыда тұрады', 'Ол Қарағандыда тұрады.')).toBe('Қарағанды');
    expect(placeWithoutEnding('Egerben', 'Kovács Anna Egerben él, ő a boltvezető.')).toBe('Eger');
    expect(placeWithoutEnding('রাজশাহীর', 'রাজশাহীর একটি কোম্পানি')).toBe('রাজশাহী');
    // "Rangpur" ends in "র" itself; "Canada" in a text without those letters keeps its "-da".
    expect(placeWithoutEnding('রংপুর', 'রংপুর')).toBe('রংপুর');
    expect(placeWithoutEnding('Canada', 'She moved to Canada in May.')).toBe('Canada');
  });

  it('reads an Irish place without its mutation, a Zulu one as written', () => {
    expect(placeWithoutEnding('nGaillimh', 'Tá sí ina cónaí i nGaillimh.')).toBe('Gaillimh');
    expect(placeWithoutEnding('mBéal Feirste', '')).toBe('Béal Feirste');
    expect(placeWithoutEnding('eThekwini', '')).toBe('eThekwini');
    expect(placeWithoutEnding('COUNTRY: Norway', '')).toBe('Norway');
  });
});
