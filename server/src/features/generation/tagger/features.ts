import type { Token } from './tokens.js';
import { ROLE_WORD_RE, DEPARTMENTS, PLACE_ACRONYMS } from '../extract-profile-words.js';

const lower = (s: string) => s.toLocaleLowerCase('und');

/** The word's shape: "Xx" for "Tanaka", "X.X." for "J.R.", "dd" for "2027"; runs are squeezed. */
export function shape(word: string): string {
  return word
    .replace(/\p{Lu}/gu, 'X')
    .replace(/[\p{Ll}\p{Lo}\p{M}]/gu, 'x')
    .replace(/\p{N}/gu, 'd')
    .replace(/(.)\1+/g, '$1$1');
}

const LEGAL =
  /^(?:inc|ltd|llc|llp|plc|gmbh|ag|kg|sa|sas|sl|spa|srl|bv|nv|oy|ab|asa|a\/s|kk|pty|pvt|bhd|co|corp|group|holdings|ltda|a\.ş|sp|s\.a|s\.l|s\.r\.l|s\.p\.a|pt|tbk)\.?$/;

/** Facts about one word, alone: shared by its own features and its neighbours'. */
function wordFacts(word: string): { w: string; sh: string; kind: string } {
  const w = lower(word);
  let kind = 'other';
  if (word === '\n') kind = 'nl';
  else if (/^[^\p{L}\p{N}]$/u.test(word)) kind = 'punct';
  else if (LEGAL.test(w)) kind = 'legal';
  else if (ROLE_WORD_RE.test(` ${w} `)) kind = 'roleword';
  else if (DEPARTMENTS.has(w)) kind = 'dept';
  else if (PLACE_ACRONYMS.has(word)) kind = 'placeacr';
  return { w, sh: shape(word), kind };
}

/**
 * The features of every token: the word, its shape and affixes, its neighbours two either way,
 * and where it sits in its line. Strings, so the model is a table from feature to weights.
 */
export function featurize(tokens: Token[]): string[][] {
  const facts = tokens.map((t) => wordFacts(t.text));
  const at = (i: number) => facts[i] ?? { w: i < 0 ? '<s>' : '</s>', sh: '_', kind: 'edge' };
  let lineIndex = 0;
  return tokens.map((t, i) => {
    const f = facts[i]!;
    if (i > 0 && tokens[i - 1]!.text === '\n') lineIndex = 0;
    const w = f.w;
    const feats = [
      'b',
      `w=${w}`,
      `sh=${f.sh}`,
      `k=${f.kind}`,
      `p3=${w.slice(0, 3)}`,
      `s3=${w.slice(-3)}`,
      `s2=${w.slice(-2)}`,
      `s4=${w.slice(-4)}`,
      `p4=${w.slice(0, 4)}`,
      `w-3=${at(i - 3).w}`,
      `w+3=${at(i + 3).w}`,
      `len=${Math.min(w.length, 8)}`,
      `li=${Math.min(lineIndex, 4)}`,
      `ti=${Math.min(i, 4)}`,
      `w-1=${at(i - 1).w}`,
      `w+1=${at(i + 1).w}`,
      `w-2=${at(i - 2).w}`,
      `w+2=${at(i + 2).w}`,
      `sh-1=${at(i - 1).sh}`,
      `sh+1=${at(i + 1).sh}`,
      `k-1=${at(i - 1).kind}`,
      `k+1=${at(i + 1).kind}`,
      `k-2=${at(i - 2).kind}`,
      `k+2=${at(i + 2).kind}`,
      `w-1w=${at(i - 1).w}|${w}`,
      `ww+1=${w}|${at(i + 1).w}`,
      `sh-1sh=${at(i - 1).sh}|${f.sh}`,
      `shsh+1=${f.sh}|${at(i + 1).sh}`,
      `w-2w-1=${at(i - 2).w}|${at(i - 1).w}`,
      `w+1w+2=${at(i + 1).w}|${at(i + 2).w}`,
    ];
    lineIndex++;
    return feats;
  });
}
