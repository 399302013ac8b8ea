import { TURKIC_IN } from './extract-profile-words';

/**
 * Endings a language writes onto a place that the writer cannot use in an English sentence ("based in Bakıda") and
 * the labelling rules leave out: "Bakıda" ("in Baku"), "Tokajban", "ঢাকার" ("of Dhaka"), Irish "i nGaillimh". Only where
 * the text's letters say which language it is, so "Canada" keeps its "-da". (A title keeps its ending: Turkish "satın
 * alma müdürü" is the compound's own form.)
 */

// Letters only one family of languages uses: the ending is read only in a text that has them.
const AZERBAIJANI = /ə/iu;
const KAZAKH_KYRGYZ = /[әғқңөұүһі]/iu;
const HUNGARIAN = /[őű]/iu;
const BENGALI = /\p{sc=Beng}/u;
const TURKIC = /[ğışəİ]/u;

/** The place as the plain word: without a label, a locative or genitive ending, an Irish mutation, or "lives" after it. */
export function placeWithoutEnding(place: string, text: string): string {
  let p = place
    // "COUNTRY: Norway": a badge's label read with the place it names.
    .replace(/^(?:country|city|location|loc|region|state|where|based)\s*:\s*/iu, '')
    // "i nGaillimh", "i mBaile Átha Cliath": Irish eclipsis before a capital is no part of the name.
    .replace(/^(?:n|m|g|b|d|t|h|bh|gc|nd|ng|bp|dt)(?=\p{Lu})/u, '')
    // "ul. Długa 12, Kraków", "Ul": a street (or its abbreviation alone) is no place; the town after it is.
    .replace(/^(?:ul|al|str|rue|calle|avda|av|rua|via)\.?(?:\s[^,]*,\s*|$)/iu, '')
    // "Астанада тұрады" ("lives in Astana"): the verb after the place.
    .replace(/\s+(?:тұрады|жашайт|yaşayır|yashaydi|él|lakik)$/u, '');
  if (AZERBAIJANI.test(text)) p = p.replace(/(?<=\p{L}{3})(?:da|də|ta|tə)$/u, '');
  if (KAZAKH_KYRGYZ.test(text)) p = p.replace(/(?<=\p{L}{3})(?:нда|нде|да|де|та|те)$/u, '');
  if (HUNGARIAN.test(text)) p = p.replace(/(?<=\p{L}{3})(?:ban|ben)$/u, '');
  // "ঢাকার", "রংপুরের": the genitive after a vowel sign or a consonant ("রংপুর" itself ends in "র").
  if (BENGALI.test(p)) p = p.replace(/(?:(?<=\p{sc=Beng}{2})ের|(?<=\p{sc=Beng}[\u09BE\u09BF\u09C0\u09C7\u09CB])র)$/u, '');
  return p;
}

// "İzmir'deki" ("the one in İzmir"), "Bakıdakı", "Bakıda yerləşən" ("located in Baku"), "Ankara merkezli" ("Ankara-based"):
// Turkish and Azerbaijani say where a company is with an ending or a word after the place.
const TURKIC_BASED = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}[\p{Ll}\p{M}]+)?)(?:['’]?${TURKIC_IN}(?![\p{L}])|['’]?(?:d|t)[aeə]\s+(?:bulunan|yerləşən|yerleşen|yerləşir|faaliyet gösteren)(?![\p{L}])|\s+(?:merkezli|mərkəzli)(?![\p{L}]))`,
  'u',
);

/** Where a Turkish or Azerbaijani sentence says a company is, as the plain word ("İzmir'deki …" → "İzmir"). */
export function turkicPlace(text: string): string {
  return TURKIC.test(text) ? (TURKIC_BASED.exec(text)?.[1] ?? '') : '';
}
