import {
  AUTO_LANGUAGE,
  LANGUAGE_NAMES,
  OUTPUT_LANGUAGES,
  WRITER_LANGUAGES,
  type OutputLanguage,
  type OutputLanguageSetting,
} from './constants';
import { MESSAGES } from './messages';

/*
 * Which of the output languages a text is written in (docs/product.md#output-language), by counting
 * each language's most frequent function words. No library: the five languages we write are told
 * apart reliably by their stop words, it runs the same in the server, the portal and the widget
 * (a few hundred bytes, no model to load), and a short name-only text is honestly "unknown".
 * Measured against franc-min and tinyld: docs/decisions/0024-language-detection-by-function-words.md.
 */

const STOP_WORDS: Record<OutputLanguage, string[]> = {
  en: [
    'the',
    'and',
    'of',
    'to',
    'in',
    'is',
    'at',
    'for',
    'with',
    'on',
    'he',
    'she',
    'his',
    'her',
    'who',
    'from',
    'was',
    'has',
    'loves',
    'works',
    'recently',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'bei',
    'für',
    'mit',
    'von',
    'den',
    'dem',
    'ein',
    'eine',
    'sie',
    'er',
    'hat',
    'auf',
    'im',
    'zu',
    'seit',
    'arbeitet',
    'liebt',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'y',
    'es',
    'en',
    'de',
    'del',
    'con',
    'por',
    'para',
    'una',
    'un',
    'que',
    'su',
    'trabaja',
    'ella',
    'él',
    'desde',
    'ha',
  ],
  fr: [
    'le',
    'la',
    'les',
    'et',
    'est',
    'chez',
    'pour',
    'avec',
    'des',
    'du',
    'une',
    'un',
    'au',
    'elle',
    'il',
    'qui',
    'sur',
    'dans',
    'depuis',
    'travaille',
    'a',
  ],
  pt: [
    'o',
    'a',
    'os',
    'as',
    'e',
    'é',
    'em',
    'de',
    'do',
    'da',
    'dos',
    'das',
    'com',
    'para',
    'uma',
    'um',
    'que',
    'na',
    'no',
    'trabalha',
    'ela',
    'ele',
    'desde',
  ],
};
const INDEX = new Map<string, OutputLanguage[]>();
for (const lang of OUTPUT_LANGUAGES) for (const w of STOP_WORDS[lang]) INDEX.set(w, [...(INDEX.get(w) ?? []), lang]);

/** Letters only one language uses, as a tie-breaker (ß, ñ, ç, ã…). */
const MARKS: Partial<Record<OutputLanguage, RegExp>> = { de: /[äöüß]/gi, es: /[ñ¿¡]/gi, fr: /[èêëàùç]|œ/gi, pt: /[ãõç]/gi };

/**
 * Function words of languages we do not write (Dutch, Italian, Catalan, Polish, Czech, Slovak, Romanian, Turkish, the
 * South Slavic and Nordic languages, Indonesian, Swahili, Hungarian, Albanian, Tagalog, Welsh…) that none of the five
 * uses, and letters none of the five writes (ł, ř, ș, ı, ő, å, ø, ơ…). Without them a Dutch text's "de" and "en" made it
 * Spanish and a Polish one Portuguese: answered in a language the person does not speak. When they outweigh the
 * best of the five, the text is in another language, which the product reads as English.
 */
const OTHER_STOP_WORDS = new Set(
  (
    'het een van voor niet zijn wordt worden ook naar heeft hebben werkt sinds graag maar nog onze ons ' +
    'wij aan uit op della delle dei degli nel nella nei sono anche alla alle dal dalla questo questa ' +
    'lavora gli più molto amb els dels però també seva treballa aquest aquesta és pel jest się oraz jako ' +
    'który która które dla od pracuje jego jej przez ze że są jsou také aj ktorý ktorá și în cu pentru ' +
    'sunt lucrează unei unui bir bu için ile olarak çalışıyor olan gibi daha çok kao koji koja koje radi ' +
    'za pri og på til som af för och är att det ett jobber arbetar arbejder hos från fra också også ikke ' +
    'inte yang dan di dengan untuk ini itu dari pada adalah sebagai bekerja juga akan kami sudah wa kwa ' +
    'katika kuma shi eta dago ere baina että hän joka ning kaj estas kun dhe në është për një të që ang ' +
    'ng mga ay siya yn mae yr gyda az egy hogy nem'
  ).split(' '),
);
const OTHER_MARKS = /[łąęśźżćńěřůťďňľĺŕșțşţăığőűđåøæðþħġċŝĉĝĥĵŭơưạảấầẩẫậắằẳẵặẻẽếềểễệỉĩỏốồổỗộớờởỡợủũứừửữựỳỷỹỵāēīūļķņģėįų]/gi;

/** At least this many stop words before a guess: "Jane Smith, CTO" is not enough to tell. */
const MIN_HITS = 2;

/** The language `text` is written in, or null when it gives too little to tell. */
export function detectLanguage(text: string): OutputLanguage | null {
  const score: Record<OutputLanguage, number> = { en: 0, de: 0, es: 0, fr: 0, pt: 0 };
  let hits = 0;
  let other = 0.5 * (text.match(OTHER_MARKS)?.length ?? 0);
  for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    if (OTHER_STOP_WORDS.has(word)) other += 1;
    const langs = INDEX.get(word);
    if (!langs) continue;
    hits++;
    for (const l of langs) score[l] += 1 / langs.length;
  }
  for (const [lang, re] of Object.entries(MARKS) as [OutputLanguage, RegExp][]) score[lang] += 0.5 * (text.match(re)?.length ?? 0);
  if (hits < MIN_HITS) return null;
  const ranked = OUTPUT_LANGUAGES.slice().sort((a, b) => score[b] - score[a]);
  const [best, second] = [ranked[0]!, ranked[1]!];
  return score[best] > score[second] && score[best] >= other ? best : null;
}

/** The language to write in: the user's choice, else the text's own language, else English. */
export function resolveOutputLanguage(setting: OutputLanguageSetting | undefined, text: string): OutputLanguage {
  if (setting && setting !== AUTO_LANGUAGE) return setting;
  return detectLanguage(text) ?? 'en';
}

/** The language the active writer will actually write in: the wanted one when it writes it, else English. */
export function writtenLanguage(generator: 'offline' | 'openai', wanted: OutputLanguage): OutputLanguage {
  return WRITER_LANGUAGES[generator].includes(wanted) ? wanted : 'en';
}

/**
 * What to tell the user before any charge (docs/product.md#output-language) when the active writer
 * cannot write the language the answer should be in; null when it can.
 */
export function languageNote(generator: 'offline' | 'openai', setting: OutputLanguageSetting | undefined, text: string): string | null {
  const wanted = resolveOutputLanguage(setting, text);
  return writtenLanguage(generator, wanted) === wanted ? null : MESSAGES.writesEnglishOnly(LANGUAGE_NAMES[wanted]);
}
