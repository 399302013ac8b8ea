import { countWords } from '../content-rules';

/** A piece of a text that a length limit may drop. */
export interface Part {
  text: string;
  /** 0: always kept; higher numbers are dropped first when a limit needs room. */
  drop: number;
}

/** Drop optional parts, highest number first, until the text is within `fits`. */
export function fitParts(parts: Part[], fits: (kept: Part[]) => boolean): Part[] {
  let kept = parts.filter((x) => x.text);
  for (let level = Math.max(0, ...kept.map((x) => x.drop)); level > 0 && !fits(kept); level--) kept = kept.filter((x) => x.drop < level);
  return kept;
}

/**
 * A LinkedIn message within the user's word limit, as paragraphs: optional parts go first; if it is
 * still too long, the hook paragraph (the second part) is cut to its first moment, `shortHook`.
 */
export function fitMessage(body: Part[], limit: number | undefined, shortHook: string): string[] {
  const within = (parts: Part[]) => !limit || countWords(parts.map((x) => x.text).join(' ')) <= limit;
  let kept = fitParts(body, within);
  if (!within(kept)) kept = kept.map((x, i) => (i === 1 ? { ...x, text: shortHook } : x));
  return kept.map((x) => x.text);
}
