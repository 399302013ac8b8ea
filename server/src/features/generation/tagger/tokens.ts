/** A word, a punctuation mark or a line break, with where it sits in the text. */
export interface Token {
  text: string;
  start: number;
  end: number;
}

// Words keep their inner apostrophes, hyphens, dots and ampersands ("O'Connell", "Diallo-Sarr", "J.R.",
// "A.Ş."), Sinhala's joiner inside a letter ("වික්‍රමසිංහ") and the non-joiner inside a Persian or Urdu word
// ("کاظمی‌نژاد"; in Telugu or Kannada it sets a case ending apart: "లిమిటెడ్‌లో"); a line break is a token of its own, since where a line starts says a lot in notes and headlines.
const TOKEN = /\n|[\p{L}\p{M}\p{N}\u200d]+(?:(?:[.'’\-&]|(?<=\p{sc=Arab})\u200c)[\p{L}\p{M}\p{N}\u200d]+)*\.?|[^\s\p{L}\p{M}\p{N}]/gu;

const ABBREVIATION =
  /^(?:\p{L}|dr|dra|prof|mr|mrs|ms|mx|sr|sra|jr|st|mt|ft|co|corp|inc|ltd|ltda|sp|bros|dept|dott|sig|ing|lic|arq|eng|hr|fr|vp|av|no|nr|approx|ca|etc|vs|ave|blvd|rd)$/iu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    let word = m[0];
    // A trailing dot belongs to the word only for initials and abbreviations ("J.", "J.R.", "Sp.", "Dr.", "Inc."); it
    // ends the sentence after any other word ("Kumo Pay.").
    if (word.endsWith('.') && !word.slice(0, -1).includes('.') && !ABBREVIATION.test(word.slice(0, -1))) word = word.slice(0, -1);
    tokens.push({ text: word, start: m.index, end: m.index + word.length });
    if (word !== m[0]) tokens.push({ text: '.', start: m.index + word.length, end: m.index + m[0].length });
  }
  return tokens;
}
