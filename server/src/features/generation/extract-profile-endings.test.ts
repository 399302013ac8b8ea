import { describe, expect, it } from 'vitest';
import { placeWithoutEnding, turkicPlace } from './extract-profile-endings';

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

describe('where a Turkish or Azerbaijani sentence says a company is', () => {
  it('reads the place with "-deki", "-da yerləşən" or "merkezli" after it, as the plain word', () => {
    expect(turkicPlace("Deniz Yıldız, Bursa Tekstil A.Ş.'nin Kayseri'deki fabrika müdürü.")).toBe('Kayseri');
    expect(turkicPlace('Aygün Əliyeva Gəncədə yerləşən Kür Aqro şirkətinin maliyyə direktorudur.')).toBe('Gəncə');
    expect(turkicPlace('Selin Aksoy, Eskişehir merkezli Porsuk Yazılım’da ürün müdürü.')).toBe('Eskişehir');
  });

  it('reads nothing where the ending says where someone worked, or in a text in another language', () => {
    expect(turkicPlace("Daha önce Marmara Gıda'da çalışmış.")).toBe('');
    expect(turkicPlace("Our office in Canada'daki is a typo")).toBe('');
  });
});

describe('a street read as the place', () => {
  it('is no place; the town after it is', () => {
    expect(placeWithoutEnding('ul. Ogrodowa 7, Lublin', '')).toBe('Lublin');
    expect(placeWithoutEnding('Ul', '')).toBe('');
    expect(placeWithoutEnding('Ulm', '')).toBe('Ulm');
    expect(placeWithoutEnding('Via Roma 3, Torino', '')).toBe('Torino');
  });
});
