import type { PersonProfile } from '../../../server/src/features/generation/extract-profile';
import type { Expected } from './sets';

export const SCALAR_FIELDS = ['name', 'firstName', 'lastName', 'role', 'company', 'place', 'previousEmployer'] as const;
export const LIST_FIELDS = ['events', 'interests', 'needs', 'events+needs'] as const;
export type Field = (typeof SCALAR_FIELDS)[number] | (typeof LIST_FIELDS)[number];

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
export interface FieldScore extends Counts {
  precision: number;
  recall: number;
  f1: number;
}

/** What the reader extracted, in the set's terms. */
export function asExtracted(p: PersonProfile): Expected {
  const events = p.events.map((e) => e.said);
  if (p.metAt && !events.some((e) => e.includes(p.metAt))) events.push(`met at ${p.metAt}`);
  return {
    // The name as written: "Jin Xiaoyu" is given name Xiaoyu, family name Jin.
    name: p.nameAsWritten ?? [p.firstName, p.lastName].filter(Boolean).join(' '),
    firstName: p.firstName,
    lastName: p.lastName,
    role: p.role,
    company: p.company,
    place: p.place,
    previousEmployer: p.previousCompany,
    events,
    interests: p.interests,
    needs: p.needs,
  };
}

/** Case, spaces, punctuation and diacritics-insensitive form of a value. */
export function normalise(s: string): string {
  return s
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}&'$%→]+/gu, ' ')
    .trim();
}

function scalarMatch(field: string, got: string, want: string): boolean {
  const g = normalise(got);
  const w = normalise(want);
  if (g === w) return true;
  // A lead's place is City, State, Country: "Pune, India" names the same place as "Pune".
  if (field === 'place' && g && w) return normalise(got.split(',')[0]!) === w || normalise(want.split(',')[0]!) === g;
  return false;
}

const STOP = new Set(
  'a an the of in at on for to and or with from by about is are was were be been has have had his her their its our my your he she they it this that these those as into over just recently also very new'.split(
    ' ',
  ),
);
/** Content words, lightly stemmed ("hiring"→"hir", "tools"→"tool"), so phrasing differences still match. */
export function contentWords(s: string): Set<string> {
  return new Set(
    normalise(s)
      .split(' ')
      .filter((w) => w && !STOP.has(w))
      .map((w) => w.replace(/(?:ing|ed|es|s)$/, '') || w),
  );
}

/** Two phrases name the same fact when at least half of the shorter one's content words are in the other. */
export function phrasesMatch(a: string, b: string): boolean {
  const A = contentWords(a);
  const B = contentWords(b);
  if (!A.size || !B.size) return false;
  // A word also matches its longer form ("cricket" / "cricketer", "sail" / "sailor").
  const inB = (w: string) => B.has(w) || [...B].some((b) => Math.min(b.length, w.length) >= 4 && (b.startsWith(w) || w.startsWith(b)));
  let shared = 0;
  for (const w of A) if (inB(w)) shared++;
  return shared >= Math.max(1, Math.ceil(Math.min(A.size, B.size) / 2));
}

function listCounts(got: string[], want: string[]): Counts {
  const free = [...want];
  let tp = 0;
  for (const g of got) {
    const i = free.findIndex((w) => phrasesMatch(g, w));
    if (i >= 0) {
      tp++;
      free.splice(i, 1);
    }
  }
  return { tp, fp: got.length - tp, fn: free.length };
}

function scalarCounts(field: string, got: string, want: string): Counts {
  if (!got && !want) return { tp: 0, fp: 0, fn: 0 };
  if (got && want && scalarMatch(field, got, want)) return { tp: 1, fp: 0, fn: 0 };
  return { tp: 0, fp: got ? 1 : 0, fn: want ? 1 : 0 };
}

export function countsFor(field: Field, got: Expected, want: Expected): Counts {
  if (field === 'events+needs') return listCounts([...got.events, ...got.needs], [...want.events, ...want.needs]);
  if (field === 'events' || field === 'interests' || field === 'needs') return listCounts(got[field], want[field]);
  return scalarCounts(field, got[field], want[field]);
}

export function score(c: Counts): FieldScore {
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { ...c, precision, recall, f1 };
}

export interface Miss {
  id: string;
  field: Field;
  got: string | string[];
  want: string | string[];
}

/** Per-field precision, recall and F1 over (extracted, expected) pairs, and the cases that missed. */
export function scoreExtraction(pairs: { id: string; got: Expected; want: Expected }[]) {
  const fields: Field[] = [...SCALAR_FIELDS, ...LIST_FIELDS];
  const totals = Object.fromEntries(fields.map((f) => [f, { tp: 0, fp: 0, fn: 0 }])) as Record<Field, Counts>;
  const misses: Miss[] = [];
  for (const { id, got, want } of pairs) {
    for (const f of fields) {
      const c = countsFor(f, got, want);
      totals[f].tp += c.tp;
      totals[f].fp += c.fp;
      totals[f].fn += c.fn;
      if ((c.fp || c.fn) && f !== 'events+needs')
        misses.push({ id, field: f, got: got[f as keyof Expected], want: want[f as keyof Expected] });
    }
  }
  return { fields: Object.fromEntries(fields.map((f) => [f, score(totals[f])])) as Record<Field, FieldScore>, misses };
}
