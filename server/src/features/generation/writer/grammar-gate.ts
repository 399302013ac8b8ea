import { lintText, patternProblems, plainText, type LintOptions, type TextProblem } from '../quality/lint-text';

/*
 * The grammar gate (docs/architecture.md#the-offline-writer): before the offline writer returns a text,
 * every part of it is checked with the same checks the evaluation runs (Harper and the spliced-text
 * patterns). A part that fails is said in its next wording; when none passes, an optional part (a fact
 * sentence) is left out and a required one (greeting, ask, the structure a text needs) is kept as written.
 */

/** One sentence or line of a text, in the wordings the writer can say it, preferred first. */
export interface GatePart {
  options: string[];
  /** Left out when every wording fails; a required part keeps its first wording. */
  optional?: boolean;
}

/** What the gate checks a text with: [] when it reads as written. */
export type Checker = (text: string) => Promise<TextProblem[]>;

/** Harper and the patterns, as the evaluation checks English answers. */
export const englishChecker =
  (opts: LintOptions): Checker =>
  (text) =>
    lintText(text, opts);

/** The patterns alone: Harper reads English only, so a Spanish answer gets these. */
export const patternChecker =
  (names: Iterable<string> = []): Checker =>
  (text) => {
    const list = [...names];
    return Promise.resolve(patternProblems(text, list));
  };

/** How the chosen wordings make the answer's text, as the reader sees it (and the evaluation checks it). */
export type Render = (chosen: string[][]) => string;
const asParagraphs: Render = (chosen) => chosen.flat().filter(Boolean).join('\n\n');

/**
 * Whether `text` holds the start or the end of the excerpt at its own end or start: a problem that runs
 * from one part into the next as the answer joins them ("…expanding to Europe. It was good to meet you").
 */
function touches(text: string, excerpt: string): boolean {
  const t = plainText(text).trim();
  for (let k = Math.min(t.length, excerpt.length - 1); k >= 2; k--)
    if (t.endsWith(excerpt.slice(0, k)) || t.startsWith(excerpt.slice(excerpt.length - k))) return true;
  return false;
}

/**
 * Each section's parts, each as the wording that passed or '' when it was left out (the same shape as
 * `sections`, so a caller can still tell which part is which). The answer's text (`render`; by default
 * its parts as paragraphs) is checked once; only when it fails are the parts the problems point to
 * checked one by one. A problem still in the text then (one that runs across two parts as the answer joins
 * them, or one a part has only where it stands) is mended against the whole text: the parts it is in or
 * touches are said in another wording (or left out, when optional) until the text passes.
 */
export async function gate(sections: GatePart[][], check: Checker, render: Render = asParagraphs): Promise<string[][]> {
  const chosen = sections.map((parts) => parts.map((part) => part.options.find(Boolean) ?? ''));
  const problems = await check(render(chosen));
  if (!problems.length) return chosen;
  const excerpts = problems.map((p) => p.excerpt.trim());
  const holds = (text: string, e: string) => Boolean(e) && plainText(text).includes(e);
  // Every problem found in a part: only those parts are checked again; otherwise every part is.
  const located = excerpts.every((e) => chosen.flat().some((t) => holds(t, e)));
  const suspect = (text: string) => !located || excerpts.some((e) => holds(text, e));
  let passedAlone = false;
  for (const [s, parts] of sections.entries())
    for (const [i, part] of parts.entries()) {
      const text = chosen[s]![i]!;
      if (!text || !suspect(text)) continue;
      if (!(await check(text)).length) {
        passedAlone ||= located;
        continue;
      }
      let passed: string | undefined;
      for (const option of part.options.filter((o) => o && o !== text))
        if (!(await check(option)).length) {
          passed = option;
          break;
        }
      chosen[s]![i] = passed ?? (part.optional ? '' : text);
    }
  // A part that passed alone may still fail where it stands: Harper reads "…your view on on-time departures" as a
  // repeated word after another sentence, not at the start of a text. Those are mended against the whole text too.
  if (!located || passedAlone) await mendInContext(sections, chosen, check, render);
  return chosen;
}

/**
 * The problems left in the joined text: each part a problem is in, or runs into, gets another wording (or is left
 * out), checked against the whole text.
 */
async function mendInContext(sections: GatePart[][], chosen: string[][], check: Checker, render: Render): Promise<void> {
  let left = await check(render(chosen));
  for (const problem of [...left]) {
    const e = problem.excerpt.trim();
    if (!e || !left.some((p) => p.excerpt.trim() === e)) continue;
    // The later part first: "It was good to meet you…" has other wordings; "…expanding to Europe." ends every one.
    const places = sections.flatMap((parts, s) => parts.map((_, i) => [s, i] as const)).reverse();
    for (const [s, i] of places) {
      const part = sections[s]![i]!;
      const text = chosen[s]![i]!;
      if (!text || !(plainText(text).includes(e) || touches(text, e))) continue;
      let mended = false;
      for (const option of [...part.options.filter((o) => o && o !== text), ...(part.optional ? [''] : [])]) {
        chosen[s]![i] = option;
        const now = await check(render(chosen));
        if (now.length < left.length && !now.some((p) => p.excerpt.trim() === e)) {
          left = now;
          mended = true;
          break;
        }
      }
      if (mended) break;
      chosen[s]![i] = text;
    }
  }
}

/** A required part in one wording. */
export const required = (text: string): GatePart => ({ options: [text] });
/** An optional part: left out when none of its wordings passes. */
export const optional = (...options: string[]): GatePart => ({ options, optional: true });
