import { LocalLinter } from 'harper.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inputWordsOf, lintText, patternProblems, plainText } from './lint-text';

const rules = (text: string, names: string[] = []) => patternProblems(text, names).map((p) => p.rule);

// Harper's WASM takes seconds to start (longer while other test files start theirs): once here, not in a test's time.
beforeAll(() => lintText('Ready.'), 120_000);

describe('patternProblems', () => {
  it.each([
    ['I saw you Tanaka, Head of Talent at Shiori Games.', 'pronoun-surname'],
    ['Someone in a leads sustainability role gets a lot of outreach.', 'article-verb'],
    ['Link it to what Beacon Software. We does.', 'cut-after-company'],
    ['Cutting travel time is what We is built for.', 'we-agreement'],
    ['I saw you notes: Expanding the fleet.', 'field-label'],
    ['Hi {firstName}, how are you?', 'template-hole'],
    ['Congratulations on undefined.', 'template-hole'],
    ['Hi Dana,  how are you?', 'double-space'],
    ['Hi Dana,, how are you?', 'double-punctuation'],
    ['It went well .', 'double-punctuation'],
  ])('%s → %s', (text, rule) => {
    expect(rules(text, ['Tanaka', 'Aiko Tanaka'])).toContain(rule);
  });

  it('passes written text, markdown labels and noun adjuncts ("a sales team")', () => {
    expect(
      rules('- **Recent:** Aiko gave a talk at GDC.\n- **Notes:** a sales team in a logistics company... I saw you at GDC.', ['Tanaka']),
    ).toEqual([]);
  });

  it('reads a capitalised name ending in a field word as the name ("Gold Coast Mining Company:"), and still flags "the Company: Acme"', () => {
    expect(rules('- Gold Coast Mining Company: "What is the team most focused on?"')).toEqual([]);
    expect(rules('I saw the Company: Acme is hiring.')).toEqual(['field-label']);
  });
});

describe('lintText', () => {
  it('reports Harper lints but not the spelling of the input’s own words', async () => {
    const text = 'I met Aiko Tanaka at Shiori Games. We is glad. Teh team grows.';
    const problems = await lintText(text, { inputWords: inputWordsOf('Aiko Tanaka, Shiori Games') });
    expect(problems.filter((p) => p.source === 'harper' && p.rule === 'Spelling').map((p) => p.excerpt)).not.toContain('Tanaka');
    expect(problems.some((p) => p.excerpt === 'Teh')).toBe(true);
    expect(problems.some((p) => p.rule === 'we-agreement')).toBe(true);
    expect(await lintText('Aiko, how did the talk at GDC go?', { inputWords: ['Aiko', 'GDC'] })).toEqual([]);
  });

  it('reads "2x" at the end of a sentence as one token, not a misspelt "x."', async () => {
    expect(
      await lintText("I hear you're expanding freezer capacity 2x. Happy to connect.", { inputWords: ['expanding freezer capacity 2x'] }),
    ).toEqual([]);
    expect((await lintText('We are expanding capacity tehx.')).some((p) => p.rule === 'Spelling')).toBe(true);
  });

  it('does not read the abbreviation ending a company name as the end of a sentence, however the input cases it', async () => {
    for (const company of [
      'Accra Cocoa Co.',
      'Transport Boréal inc.',
      'Hveragerði Geothermal Greenhouses ehf.',
      'Dąbrowski Transport Sp. j.',
      // Hindi's "Pvt. Ltd.", with the vowel signs of its letters, spaced or not.
      'नर्मदा टूल्स प्रा. लि.',
      'अरावली कफी प्रा.लि.',
    ])
      expect(await lintText(`Teams like ${company} deal with fuel costs.`, { inputWords: [company] })).toEqual([]);
    // Not the input's: a sentence that starts in lower case is still one.
    expect((await lintText('Teams like अरावली कफी प्रा.लि. deal with fuel costs.')).map((p) => p.rule)).toContain('Capitalization');
  });
});

describe('lintText on names the input writes', () => {
  it('leaves alone a lower-case piece of a name as the input writes it, and still lints the same word elsewhere', async () => {
    const input = inputWordsOf('Véronique Gagnon-Leblanc, Fromagerie des Cantons', 'Sung-min Cho, Geumgang Semicon');
    expect(await lintText('Congratulations on the new plant at Fromagerie des Cantons, Véronique.', { inputWords: input })).toEqual([]);
    expect(await lintText('Hi Sung-min, thanks for connecting.', { inputWords: input })).toEqual([]);
    const outside = await lintText('We need des more time.', { inputWords: input });
    expect(outside.map((p) => p.excerpt)).toContain('des');
  });

  it('leaves alone a piece of a name with an ʻokina ("Keliʻi"), which Harper reads as the pronoun "i"', async () => {
    const input = inputWordsOf('Owner of Keliʻi Coffee Farm in Kona. Opening a tasting room in August.');
    expect(await lintText('What is the team at Keliʻi Coffee Farm most focused on this quarter?', { inputWords: input })).toEqual([]);
    expect((await lintText('Then i went home.', { inputWords: input })).map((p) => p.excerpt)).toContain('i');
  });

  it('leaves alone a lint a name the input writes causes by reading as the word it spells ("let Made talk")', async () => {
    const input = inputWordsOf('Made Wirawan, Owner, Lembah Hijau Villas, Ubud');
    expect(await lintText('You want to book a demo; let Made talk about priorities first.', { inputWords: input })).toEqual([]);
    expect((await lintText('You want to book a demo; let Made talk about priorities first.')).map((p) => p.rule)).toContain('WordChoice');
  });

  it('reads "an access review" as a noun phrase, and still flags "a leads"', async () => {
    expect(patternProblems('How long does an access review take?')).toEqual([]);
    expect(patternProblems('It is a leads problem.').map((p) => p.rule)).toEqual(['article-verb']);
  });
});

describe('lintText’s memory of what Harper said', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Harper's calls on whole units of text; the spelling check's calls are on one word each. */
  const unitsLinted = (harper: { mock: { calls: unknown[][] } }) =>
    harper.mock.calls.map(([unit]) => String(unit)).filter((u) => /\s/.test(u));

  it('lints a paragraph once per process: the same text again, with other input words, does not call Harper', async () => {
    const harper = vi.spyOn(LocalLinter.prototype, 'lint');
    const text = 'Hi Oyelowo,\n\nTeh rota for the 11 homes still lives in a spreadsheet.';
    const first = await lintText(text, { inputWords: ['Oyelowo'] });
    expect(unitsLinted(harper)).toContain('Teh rota for the 11 homes still lives in a spreadsheet.');
    expect(first.map((p) => p.excerpt)).toEqual(['Teh']);
    const calls = harper.mock.calls.length;
    expect(await lintText(text, { inputWords: ['Oyelowo'] })).toEqual(first);
    expect(harper).toHaveBeenCalledTimes(calls);
    // The input's words are applied after Harper: another list reuses its lints and filters them again
    // (spelling the name, one word, is all that may be new).
    expect((await lintText(text)).map((p) => p.excerpt)).toEqual(['Oyelowo', 'Teh']);
    expect(harper.mock.calls.slice(calls).filter(([unit]) => unit !== 'Oyelowo')).toEqual([]);
    // A paragraph it has seen, in a new text: only the new paragraph is linted (by every rule as well, as "Teh" is
    // both a typo and a misspelling: Harper's own choice of one).
    const units = unitsLinted(harper).length;
    await lintText(`${text}\n\nThanks, Ada`);
    expect(new Set(unitsLinted(harper).slice(units))).toEqual(new Set(['Thanks, Ada']));
  });

  it('lints each line that ends a sentence on its own, and keeps a wrapped line with the next', async () => {
    const harper = vi.spyOn(LocalLinter.prototype, 'lint');
    await lintText('- **Their work:** "Where do delays start?"\n- **Day to day:** Ask about the yard.\nIt was good\nto meet you.');
    expect(unitsLinted(harper)).toEqual([
      'Their work: "Where do delays start?"',
      'Day to day: Ask about the yard.',
      'It was good\nto meet you.',
    ]);
  });

  it('spells each word once, and the input’s own words not at all: a name Harper does not know costs it seconds', async () => {
    const harper = vi.spyOn(LocalLinter.prototype, 'lint');
    // "zeppelins": a word no other test writes, so no earlier file in this worker has spelled it already.
    const text = 'I hear Łukasz Wiśniewski restores zeppelins in Poznań.';
    expect(await lintText(text, { inputWords: ['Łukasz Wiśniewski', 'Poznań'] })).toEqual([]);
    const words = harper.mock.calls.map(([unit]) => unit).filter((u) => !/\s/.test(u));
    expect(words).not.toContain('Wiśniewski');
    expect(words).toContain('zeppelins');
    // Without the input, the same words are the writer's, and misspelled.
    expect((await lintText(text)).map((p) => p.excerpt)).toEqual(['Łukasz', 'Wiśniewski', 'Poznań']);
  });
});

describe('plainText', () => {
  it('keeps the blank line between two lists: the last item of one is not run into the first of the next', () => {
    expect(plainText('- **Day to day:** "Spreadsheets?"\n\n- **Lead with the specific:** ask Dana\n')).toBe(
      'Day to day: "Spreadsheets?"\n\nLead with the specific: ask Dana.\n',
    );
  });
});
