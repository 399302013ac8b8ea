import { beforeAll, describe, expect, it } from 'vitest';
import { lintText } from '../quality/lint-text';
import { englishChecker, gate, optional, patternChecker, required, type Checker } from './grammar-gate';

// Harper's WASM takes seconds to start: once here, not in a test's time.
beforeAll(() => lintText('Ready.'), 120_000);

const check = englishChecker({ inputWords: ['Maria Lopez', 'Northwind'], names: ['Maria', 'Lopez', 'Maria Lopez'] });
/** A checker that counts its calls, to see the gate checks a clean text once. */
function counting(inner: Checker) {
  const calls: string[] = [];
  const counted: Checker = (text) => {
    calls.push(text);
    return inner(text);
  };
  return { calls, counted };
}

describe('the grammar gate', () => {
  it('leaves out an optional fact sentence Harper objects to and keeps the rest as written', async () => {
    const out = await gate(
      [
        [
          required('Hi Maria,'),
          optional('I saw that you has opened a new plant in Leeds.'),
          optional('I hear Northwind is hiring drivers.'),
          required('Would a 20-minute call next week be useful?'),
        ],
      ],
      check,
    );
    expect(out).toEqual([['Hi Maria,', '', 'I hear Northwind is hiring drivers.', 'Would a 20-minute call next week be useful?']]);
  });

  it('says a failing sentence in its next wording that passes', async () => {
    const out = await gate(
      [
        [
          required('Hi Maria,'),
          optional('I hear the the roll-out is going well.', 'It was an useful chat.', 'I hear the roll-out is going well.'),
        ],
      ],
      check,
    );
    expect(out).toEqual([['Hi Maria,', 'I hear the roll-out is going well.']]);
  });

  it('keeps a required part that no wording saves (the evaluation still reports it)', async () => {
    const out = await gate([[required('Hi Maria,')], [{ options: ['It was an useful chat.', 'I hear the the news.'] }]], check);
    expect(out).toEqual([['Hi Maria,'], ['It was an useful chat.']]);
  });

  it('checks a clean text once, and only the parts a problem points to when it is not', async () => {
    const clean = counting(check);
    await gate([[required('Hi Maria,'), optional('I hear Northwind is hiring drivers.')], [required('Best,')]], clean.counted);
    expect(clean.calls).toHaveLength(1);

    const dirty = counting(check);
    await gate([[required('Hi Maria,'), optional('I saw that you has opened a new plant in Leeds.'), required('Best,')]], dirty.counted);
    // The whole text, then the part "has" is in: the greeting and sign-off are not checked again.
    expect(dirty.calls).toEqual([
      'Hi Maria,\n\nI saw that you has opened a new plant in Leeds.\n\nBest,',
      'I saw that you has opened a new plant in Leeds.',
    ]);
  });

  it('does not hold the input’s own spelling against a sentence', async () => {
    const line = 'I hear Northwind is opening a depot in Zwolle.';
    expect(await gate([[optional(line)]], englishChecker({ inputWords: ['Northwind', 'Zwolle'] }))).toEqual([[line]]);
    expect(await gate([[optional(line)]], englishChecker({ inputWords: ['Northwind'] }))).toEqual([['']]);
  });

  it('mends a problem that runs across two parts as the answer joins them, in the later part’s next wording', async () => {
    // The message says the hook and the second fact as one paragraph: "…Europe. It was…" reads as a cut sentence.
    const joined = (chosen: string[][]) => chosen.map((parts) => parts.filter(Boolean).join(' ')).join('\n\n');
    const out = await gate(
      [
        [required('Hi Maria,')],
        [
          { options: ["I hear you're expanding to Europe."] },
          optional('It was good to meet you at Web Summit Rio.', 'I enjoyed our chat at Web Summit Rio.'),
        ],
      ],
      check,
      joined,
    );
    expect(out).toEqual([['Hi Maria,'], ["I hear you're expanding to Europe.", 'I enjoyed our chat at Web Summit Rio.']]);
  });

  it('mends a sentence that passes alone but not where it stands, against the whole text', async () => {
    // Harper reads "on on-time" as a repeated word after another sentence, not at the start of a text.
    const later = optional('I would like to hear your view on on-time departures.', 'How do you keep departures on time?');
    expect(await check('I would like to hear your view on on-time departures.')).toEqual([]);
    const oneParagraph = (chosen: string[][]) => chosen.map((parts) => parts.filter(Boolean).join(' ')).join('\n\n');
    const out = await gate([[required('Hi Maria, I read about the new ferry route.'), later]], check, oneParagraph);
    expect(out).toEqual([['Hi Maria, I read about the new ferry route.', 'How do you keep departures on time?']]);
  });

  it('with the pattern checker (a Spanish text): drops a spliced sentence Harper would not read', async () => {
    const out = await gate(
      [[required('Hola Maria,'), optional('Vi que you Lopez abrió una planta.'), required('¿Hablamos?')]],
      patternChecker(['Lopez']),
    );
    expect(out).toEqual([['Hola Maria,', '', '¿Hablamos?']]);
  });
});
