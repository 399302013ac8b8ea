import nlp from 'compromise';
import type { Lint, LocalLinter } from 'harper.js';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';

/** One thing wrong with a piece of written text: a Harper lint or one of the writer's known bad patterns. */
export interface TextProblem {
  source: 'harper' | 'pattern';
  /** Harper's lint kind ("Spelling", "Agreement", …) or the pattern's name ("pronoun-surname", …). */
  rule: string;
  message: string;
  /** The words it is about. */
  excerpt: string;
}

export interface LintOptions {
  /**
   * The input's texts or words as written (description, lead fields, the user's settings): a spelling
   * lint on one of its words, or a lint on a capitalised name as the input writes it, is the input's
   * own spelling (a surname, a product), not the writer's mistake.
   */
  inputWords?: Iterable<string>;
  /** Names of the person (first, last, full): "you Tanaka" is a spliced sentence. */
  names?: Iterable<string>;
}

/**
 * "digitise" in the input, "digitising" in the text: the input's spelling (British here), inflected by the
 * writer, is still the input's spelling. Both sides are cut to a common stem to compare.
 */
const stem = (w: string) => w.replace(/(?:ing|ed|es|e|s)$/, '');

/**
 * Harper, as three linters sharing one WebAssembly module and dictionary: `grammar` runs every rule but the spelling
 * check, `speller` only the spelling check, on one word at a time, and `full` every rule. Harper's spelling check
 * searches suggestions for every word its dictionary lacks, and that search is most of its time: a sentence with
 * "Łukasz Wiśniewski" took 0.7 s, the same sentence without the spelling check 20 ms. Nearly all such words are the
 * input's names, whose spelling is not the writer's business (`lintText` drops those lints), so `lintText` spells only
 * the other words, each once per process.
 */
interface Harper {
  grammar: LocalLinter;
  speller: LocalLinter;
  /** Every rule, the spelling check too: for the rare text where a word's spelling and another rule name one span. */
  full: LocalLinter;
}

// Harper's WASM takes seconds to start: one set of linters for the process, made on first use (the second and third
// take milliseconds). It is read from its .wasm file (harper.js/binary), not decoded from the 21 MB base64 module
// (binaryInlined): that start took 4–5 s of CPU, this one 2.5 s, and every server process and test worker that
// lints pays it.
const SPELL_CHECK = 'SpellCheck';
let linters: Promise<Harper> | undefined;
function harper(): Promise<Harper> {
  linters ??= (async () => {
    const [{ LocalLinter }, { binary }] = await Promise.all([import('harper.js'), import('harper.js/binary')]);
    // harper.js reads the file at the URL's path as written, percent-escapes and all: from a folder whose
    // name needs escaping ("My Projects") the inlined module is the one that loads.
    const path = new URL(String(binary.url)).pathname;
    const module = path === decodeURIComponent(path) ? binary : (await import('harper.js/binaryInlined')).binaryInlined;
    const linter = async () => {
      const l = new LocalLinter({ binary: module });
      await l.setup();
      return l;
    };
    const [grammar, speller, full] = [await linter(), await linter(), await linter()];
    const rules = await grammar.getLintConfig();
    await grammar.setLintConfig({ ...rules, [SPELL_CHECK]: false });
    await speller.setLintConfig(Object.fromEntries(Object.keys(rules).map((rule) => [rule, rule === SPELL_CHECK])));
    return { grammar, speller, full };
  })();
  return linters;
}

/** One of Harper's lints, as plain data (Harper's own objects live in its WASM memory). */
interface HarperLint {
  kind: string;
  message: string;
  excerpt: string;
  start: number;
  end: number;
}

/** Harper's lints as plain data, its objects freed. */
function asPlainData(lints: Lint[]): HarperLint[] {
  return lints.map((l) => {
    const span = l.span();
    const lint = { kind: l.lint_kind(), message: l.message(), excerpt: l.get_problem_text(), start: span.start, end: span.end };
    span.free();
    l.free();
    return lint;
  });
}

/**
 * Harper's lints of one unit (below), by its text. The grammar gate lints each answer while writing it and
 * the evaluation lints the same answers again: a unit already linted in this process is not linted
 * twice. Harper's lints depend on the text alone (which words are the input's is decided after), so a
 * gate and a check with other input words share an entry. Bounded: a writer-quality test file's
 * paragraphs (one sender, two variants) fit; the oldest go first.
 */
const harperCache = new LRUCache<string, HarperLint[]>({ max: 20_000 });
const fullCache = new LRUCache<string, HarperLint[]>({ max: 2_000 });

/**
 * A unit Harper lints on its own: a run of lines with no blank line between them (Markdown reads each
 * paragraph on its own), cut further after a line that ends a sentence. A list's items or a script's
 * lines are sentences of their own; linted one by one they give the same lints as together, and Harper's
 * time grows faster than a text's length (a 1,400-character paragraph took 0.2–2 s, its lines 5 ms each).
 * A line that does not end a sentence (a wrapped one) stays with the next.
 */
const LINT_UNIT = /[^\n](?:[^\n]|\n(?=[^\n])(?<![.!?:;"”)]\n))*/g;

/** Harper's lints of `plain` by one of the linters, each unit linted once per process (spans are `plain`'s). */
async function harperLints(plain: string, linter: 'grammar' | 'full' = 'grammar'): Promise<HarperLint[]> {
  const cache = linter === 'grammar' ? harperCache : fullCache;
  const out: HarperLint[] = [];
  for (const m of plain.matchAll(LINT_UNIT)) {
    const unit = m[0];
    let lints = cache.get(unit);
    if (!lints) {
      // Harper lints on this thread and its promise resolves at once: without a turn of the event loop between
      // units, a whole answer (hundreds of ms) would hold back every other request's I/O, such as the COMMIT of
      // a charge whose row lock a burst of other charges waits for.
      await yieldToEventLoop();
      lints = asPlainData(await (await harper())[linter].lint(unit));
      cache.set(unit, lints);
    }
    out.push(...lints.map((l) => ({ ...l, start: l.start + m.index, end: l.end + m.index })));
  }
  return out;
}

/** A word as Harper's spelling check reads it, with its digits and inner apostrophes ("O’Connor", "Keliʻi", "2x"). */
const WORD_TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** Harper's spelling lints of one word as written, cached per word (spans are the word's). */
const spellingCache = new LRUCache<string, HarperLint[]>({ max: 50_000 });
async function spellingLints(word: string): Promise<HarperLint[]> {
  let lints = spellingCache.get(word);
  if (!lints) {
    await yieldToEventLoop();
    lints = asPlainData(await (await harper()).speller.lint(word));
    spellingCache.set(word, lints);
  }
  return lints;
}

/**
 * Harper's spelling lints of `plain`, on the words `skip` lets through: a word's spelling does not depend on the
 * sentence around it, so each word is checked on its own, once per process (spans are `plain`'s).
 */
async function spellingOf(plain: string, skip: (word: string, start: number) => boolean): Promise<HarperLint[]> {
  const out: HarperLint[] = [];
  for (const m of plain.matchAll(WORD_TOKEN)) {
    if (skip(m[0], m.index)) continue;
    for (const l of await spellingLints(m[0])) out.push({ ...l, start: l.start + m.index, end: l.end + m.index });
  }
  return out;
}

/**
 * Whether Harper's dictionary knows a lower-case word, British spellings included ("colour", "neighbourhood"), cached
 * per word across texts. A lone word's isLikelyEnglish is a dictionary lookup (under a millisecond); linting the word
 * instead made Harper search spelling suggestions for every word it did not know, 20–300 ms each ("kórusban"), which
 * for a long description in another language was seconds of CPU. A word in another script is not English either
 * (Harper's spelling check skips Cyrillic or Greek, so a lint said nothing of "лыжи").
 */
const knownWords = new LRUCache<string, boolean>({ max: 50_000 });
async function knownWord(word: string): Promise<boolean> {
  let known = knownWords.get(word);
  if (known === undefined) {
    known = await (await harper()).grammar.isLikelyEnglish(word);
    knownWords.set(word, known);
  }
  return known;
}

/**
 * The share of a text's lower-case words Harper's dictionary does not know: near 0 for English, most of them for
 * another language ("kórusban énekel"). Capitalised words (names) are not counted; 0 when there is none to count.
 */
export async function unknownWordShare(text: string): Promise<number> {
  const words = plainText(text).match(/(?<![\p{L}\p{N}'’-])\p{Ll}[\p{L}'’-]*/gu) ?? [];
  if (!words.length) return 0;
  const known = await Promise.all(words.map(knownWord));
  return known.filter((k) => !k).length / words.length;
}

/** Starts Harper now, so the first answer checked does not spend its deadline on the WASM start. */
export function warmUpLinter(): void {
  harper().catch(() => {
    linters = undefined; // the next check tries again, and reports its own error
  });
}

/** Markdown the writer emits (bullets, bold labels, links) as the plain sentences a reader sees. */
export function plainText(markdown: string): string {
  return (
    markdown
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\*\*/g, '')
      // A list item is a unit of its own: end it, so Harper does not read the list as one sentence.
      // [ \t], not \s: a \s here would eat the blank line after a list, and the next list's first item with it.
      .replace(/^[ \t]*[-*][ \t]+(.*?)([.!?:;”"]?)[ \t]*$/gm, (_m, item: string, end: string) => `${item}${end || '.'}`)
      .replace(/[“”]/g, '"')
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Words as Harper sees them: "ex-Vestas" is "ex" and "vestas", "O’Connor" one word. */
const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];

/** Field names a CRM or a paste carries ("Notes:", "Lead_Source:"); inside a sentence they mean a splice. */
const FIELD_LABEL =
  /(?<=[\p{L},]\s+)(?:notes?|description|desc|remarks?|comments?|tags?|designation|industry|city|country|source|lead source|headline|status|title|company|phone|e-?mail|[A-Za-z]+_[A-Za-z_]+)\s*:/giu;

interface PatternRule {
  rule: string;
  message: string;
  find: (text: string, names: string[]) => string[];
}

const regexRule = (rule: string, message: string, re: RegExp): PatternRule => ({
  rule,
  message,
  find: (text) => [...text.matchAll(re)].map((m) => m[0]),
});

const ONE_VERB_FORM = new Map<string, boolean>();
/** A word that, on its own, is a conjugated verb ("leads", "opened"), not a noun ("sales", "series"). */
function isConjugatedVerb(word: string): boolean {
  const w = word.toLowerCase();
  let known = ONE_VERB_FORM.get(w);
  if (known === undefined) {
    const tags: string[] = (nlp(w).json()[0]?.terms?.[0]?.tags as string[] | undefined) ?? [];
    known = tags.includes('Verb') && (tags.includes('PresentTense') || tags.includes('PastTense')) && !tags.includes('Noun');
    ONE_VERB_FORM.set(w, known);
  }
  return known;
}

const PATTERNS: PatternRule[] = [
  {
    rule: 'pronoun-surname',
    message: 'A pronoun runs into a name ("you Tanaka"): the input was spliced into the sentence.',
    find: (text, names) =>
      names.flatMap((n) =>
        [...text.matchAll(new RegExp(`\\b(?:you|your|I|he|she|they|them|him|her|we|us)\\s+${escape(n)}\\b`, 'g'))].map((m) => m[0]),
      ),
  },
  {
    rule: 'article-verb',
    message: 'An article before a verb ("a leads").',
    find: (text) =>
      // "-ss" is a base form ("an access review", "a process"), never a verb's -s.
      [...text.matchAll(/(?<![\p{L}\p{M}])(?:an?|An?)\s+([a-z]+(?:(?<!s)s|ed))\b/gu)]
        .filter((m) => isConjugatedVerb(m[1]!))
        .map((m) => m[0]),
  },
  regexRule(
    'cut-after-company',
    'A sentence cut after a company name ("Software. We"): part of a sentence was pasted as a name.',
    /\b[A-Z][\w&'-]*\.\s+(?:We|It|They)(?=\s*[;:,—–)]|\s*$|\s+(?:is|does|has|was|focuses|helps)\b)/g,
  ),
  regexRule('we-agreement', '"We" with a singular verb ("We is", "we does").', /\b[Ww]e\s+(?:is|does|has|was)\b/g),
  {
    rule: 'field-label',
    message: 'A field label inside a sentence ("notes:").',
    find: (text) =>
      text.split('\n').flatMap((line) => {
        const rest = line.replace(/^\s*(?:[-*]\s+)?(?:\*\*[^*]+\*\*)?/, '');
        return (
          [...rest.matchAll(FIELD_LABEL)]
            // "Gold Coast Mining Company:" labelling a starter: a capitalised word ending a capitalised name is the name's.
            .filter((m) => !(/^\p{Lu}/u.test(m[0]) && /\p{Lu}[\p{L}\p{M}'’&-]*\s+$/u.test(rest.slice(0, m.index))))
            .map((m) => m[0])
        );
      }),
  },
  regexRule(
    'template-hole',
    'A template hole (a brace, undefined, null, [object …]).',
    /[{}]|\bundefined\b|\bnull\b|\[object|\bNaN\b|\(\s*\)|“\s*”|""/g,
  ),
  regexRule('double-space', 'Two spaces in a row.', /\S {2,}(?=\S)/g),
  regexRule(
    'double-punctuation',
    'Doubled or stray punctuation (",,", ". .", " ,").',
    /(?<!\.)([,;:!?])\1|(?<!\.)\.\.(?!\.)|[,;:]\s*[.,;:!?]|\.\s+[.,;:!?]|\s+[,.;:!?](?![\w.])/g,
  ),
];

/** The known bad patterns in `text` (markdown allowed), without Harper. */
export function patternProblems(text: string, names: Iterable<string> = []): TextProblem[] {
  const plain = plainText(text);
  const nameList = [...new Set([...names].map((n) => n.trim()).filter((n) => n.length > 1))];
  return PATTERNS.flatMap((p) =>
    p.find(plain, nameList).map((excerpt) => ({ source: 'pattern' as const, rule: p.rule, message: p.message, excerpt })),
  );
}

/**
 * Everything wrong with a text the writer produced: Harper's lints (spelling of the input's own
 * words aside) and the patterns of spliced text the issue names. [] means it reads as written.
 */
export async function lintText(text: string, opts: LintOptions = {}): Promise<TextProblem[]> {
  const plain = plainText(text);
  const known = new Set<string>();
  for (const w of opts.inputWords ?? []) for (const part of words(w)) known.add(part).add(stem(part));
  const problems: TextProblem[] = [];
  const input = [...(opts.inputWords ?? [])].join(' ');
  const asInput = (w: string) => known.has(w) || known.has(stem(w)) || /\d/.test(w);
  const grammar = await harperLints(plain);
  const overlaps = (a: { start: number; end: number }) => (b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
  // The input's own words are not spelled (their lints are dropped below, and they are the words Harper is slow on),
  // unless another rule names them too.
  const spelling = await spellingOf(
    plain,
    (token, start) => words(token).every(asInput) && !grammar.some(overlaps({ start, end: start + token.length })),
  );
  // Harper keeps one lint per span, by rules' priorities ("teh" is a Typo, not a misspelling; a misspelled "du" is
  // not a capitalisation): where two name one span, Harper's own choice, from every rule at once.
  const lints = spelling.some((s) => grammar.some(overlaps(s))) ? await harperLints(plain, 'full') : [...grammar, ...spelling];
  for (const lint of lints.sort((a, b) => a.start - b.start)) {
    const { excerpt, kind } = lint;
    // "capacity 2x.": Harper reads the "x." of a number's "2x" as a word of its own; the whole token is what is written.
    const token = /[\p{L}\p{N}]*$/u.exec(plain.slice(0, lint.start))![0] + excerpt;
    if ((kind === 'Spelling' || kind === 'Typo') && (words(excerpt).every(asInput) || words(token).every(asInput))) continue;
    // A proper name is written as the input writes it ("Casa Nova", "Series A", "Al-Sayed"): not the writer's choice.
    if (/^\p{Lu}/u.test(excerpt) && input.includes(excerpt.trim()) && kind !== 'Agreement') continue;
    // A lower-case piece of such a name: "des" in "Fromagerie des Cantons", "min" in "Sung-min".
    if (kind !== 'Agreement' && insideInputName(plain, lint, input)) continue;
    // "Accra Cocoa Co. deal with…", "Transport Boréal inc. deal with…": Harper ends a sentence at the input's abbreviation.
    // So does a short word with its dot that the input writes so ("Greenhouses ehf.", "Transport Sp. j.", "फूड्स प्रा. लि.",
    // "कफी प्रा.लि.": letters with their vowel signs, after a space or the abbreviation's previous dot, and in the input
    // maybe a case ending glued on, "प्रा.लि.की"; not a web address's "news." in "news.example").
    const before = /(?:^|[\s.])([\p{L}\p{M}]{1,6}\.)\s*$/u.exec(plain.slice(0, lint.start))?.[1];
    if (
      kind === 'Capitalization' &&
      before &&
      (/^(?:Co|Inc|Ltd|Corp|St|Dr|Jr|Sr|Mt|Bros)\.$/i.test(before) ||
        new RegExp(`(?:^|[\\s.])${escape(before)}(?![\\p{sc=Latin}\\p{N}])`, 'iu').test(input))
    )
      continue;
    // "let Made talk": Harper reads a name the input writes as the word it spells (Balinese "Made" as the verb).
    const next = /^\s+(\p{Lu}[\p{L}\p{M}'’-]*)/u.exec(plain.slice(lint.end))?.[1];
    if (
      kind === 'WordChoice' &&
      next &&
      /^\p{L}+$/u.test(excerpt) &&
      new RegExp(`(?<![\\p{L}])${escape(next)}(?![\\p{L}])`, 'u').test(input)
    )
      continue;
    problems.push({ source: 'harper', rule: kind, message: lint.message, excerpt });
  }
  return [...problems, ...patternProblems(plain, opts.names ?? [])];
}

/**
 * Whether the span sits inside a capitalised name the input writes the same way: the span with the word
 * on each side ("Fromagerie des Cantons"), or the word it is a piece of: "min" in "Sung-min", "i" in
 * "Keliʻi" (Harper splits a word at the ʻokina and reads its "i" as the pronoun).
 */
function insideInputName(plain: string, span: { start: number; end: number }, input: string): boolean {
  const token =
    /[\p{L}\p{M}'’-]*$/u.exec(plain.slice(0, span.start))![0] +
    plain.slice(span.start, span.end) +
    /^[\p{L}\p{M}'’-]*/u.exec(plain.slice(span.end))![0];
  if (token !== plain.slice(span.start, span.end) && /^\p{Lu}/u.test(token) && input.includes(token)) return true;
  const before = /(\p{Lu}[\p{L}\p{M}'’-]*)\s+$/u.exec(plain.slice(0, span.start))?.[1];
  const after = /^\s+(\p{Lu}[\p{L}\p{M}'’-]*)/u.exec(plain.slice(span.end))?.[1];
  return Boolean(before && after && input.includes(`${before} ${plain.slice(span.start, span.end)} ${after}`));
}

/** The input texts, as written, for `inputWords`. */
export function inputWordsOf(...texts: (string | undefined | null)[]): string[] {
  return texts.filter((t): t is string => Boolean(t));
}
