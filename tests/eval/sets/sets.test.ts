import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { leadSchema, type Lead } from '../../../shared/schemas/enrich';

/**
 * Checks every evaluation set on disk against the format of tests/eval/sets/README.md, so a label
 * that does not come from its input (a typo, a paraphrase, a field copied from another record)
 * is caught before it skews a score.
 */
const SETS_DIR = import.meta.dirname;
const FORMATS = ['prose', 'headline', 'bullets', 'crm-notes', 'very-short', 'very-long', 'non-english', 'mixed'] as const;
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
/** An ISO 639-1 code the runtime knows by name (it answers an unknown code with the code itself). */
const language = z.string().refine((code) => /^[a-z]{2}$/.test(code) && languageNames.of(code) !== code, 'an ISO 639-1 language code');
const HELDOUT_MINIMUM = { descriptions: 120, leads: 60 };

const phrase = z.string().trim().min(1);
const expectSchema = z.strictObject({
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  company: z.string(),
  place: z.string(),
  previousEmployer: z.string(),
  events: z.array(phrase),
  interests: z.array(phrase),
  needs: z.array(phrase),
});
type Expectation = z.infer<typeof expectSchema>;

const recordBase = {
  id: z.string().regex(/^[a-z]+-[dl]-\d{3,}$/),
  format: z.enum(FORMATS),
  language,
  expect: expectSchema,
};
const descriptionSchema = z.strictObject({ ...recordBase, text: z.string().trim().min(1) });
const leadRecordSchema = z.strictObject({ ...recordBase, lead: z.unknown() });

const SCALARS = ['name', 'firstName', 'lastName', 'role', 'company', 'place', 'previousEmployer'] as const;
const LISTS = ['events', 'interests', 'needs'] as const;

const fold = (s: string) => s.toLocaleLowerCase('und').replace(/\s+/g, ' ').trim();
const words = (s: string) => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];

/** The text a reader of this lead sees: every field's value, custom fields included. */
function leadText(lead: Lead): string {
  const { extra, ...fields } = lead;
  const values = [...Object.values(fields), ...Object.values(extra ?? {})];
  return values.filter((v) => v !== null && v !== undefined).join('\n');
}

/** Problems with one record's labels, as sentences naming the field (empty when it is sound). */
function labelProblems(input: string, want: Expectation, lead?: Lead): string[] {
  const problems: string[] = [];
  const text = fold(input);
  const leadName = lead ? [lead.Full_Name, [lead.First_Name, lead.Last_Name].filter(Boolean).join(' ')] : [];
  for (const field of SCALARS) {
    const value = want[field];
    if (value === '') continue;
    if (value !== value.trim()) problems.push(`${field} "${value}" has spaces around it`);
    const asLeadName = field === 'name' && leadName.some((n) => n && fold(n) === fold(value));
    if (!asLeadName && !text.includes(fold(value))) problems.push(`${field} "${value}" is not in the input`);
  }
  for (const part of ['firstName', 'lastName'] as const) {
    if (want[part] && !fold(want.name).includes(fold(want[part])))
      problems.push(`${part} "${want[part]}" is not part of name "${want.name}"`);
  }
  if (want.name && !want.firstName && !want.lastName) problems.push('a name split into neither a firstName nor a lastName');
  const inputWords = new Set(words(input));
  for (const field of LISTS) {
    const items = want[field];
    if (new Set(items.map(fold)).size !== items.length) problems.push(`${field} repeats a phrase`);
    for (const item of items) {
      const itemWords = words(item);
      if (itemWords.length > 12) problems.push(`${field} "${item}" is longer than a short phrase`);
      const found = itemWords.filter((w) => inputWords.has(w)).length;
      // The input's own words: at least most of them (a dev-set label may inflect one or two).
      if (found / Math.max(itemWords.length, 1) < 0.75) problems.push(`${field} "${item}" is not in the input's words`);
    }
  }
  return problems;
}

const setNames = readdirSync(SETS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

it('finds the held-out set', () => {
  expect(setNames).toContain('heldout');
});

describe.each(setNames)('evaluation set %s', (setName) => {
  const dir = path.join(SETS_DIR, setName);
  const descriptionsFile = path.join(dir, 'descriptions.json');
  const leadsFile = path.join(dir, 'leads.json');
  const descriptions = existsSync(descriptionsFile) ? z.array(descriptionSchema).parse(readJson(descriptionsFile)) : [];
  const leads = existsSync(leadsFile) ? z.array(leadRecordSchema).parse(readJson(leadsFile)) : [];

  it('has unique ids', () => {
    const ids = [...descriptions, ...leads].map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('writes a non-English record in its language, and only those as non-english', () => {
    const wrong = [...descriptions, ...leads].filter((r) => r.format === 'non-english' && r.language === 'en').map((r) => r.id);
    expect(wrong).toEqual([]);
  });

  it('labels each description with words from its text', () => {
    const problems = descriptions.flatMap((r) => labelProblems(r.text, r.expect).map((p) => `${r.id}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('has leads the widget could send, labelled with words from their fields', () => {
    const problems = leads.flatMap((r) => {
      const parsed = leadSchema.safeParse(r.lead);
      if (!parsed.success) return [`${r.id}: not a valid lead: ${parsed.error.issues.map((i) => i.message).join('; ')}`];
      if (parsed.data.id !== r.id) return [`${r.id}: the lead's id is ${parsed.data.id}`];
      return labelProblems(leadText(parsed.data), r.expect, parsed.data).map((p) => `${r.id}: ${p}`);
    });
    expect(problems).toEqual([]);
  });

  if (setName === 'heldout') {
    it(`holds at least ${HELDOUT_MINIMUM.descriptions} descriptions and ${HELDOUT_MINIMUM.leads} leads`, () => {
      expect(descriptions.length).toBeGreaterThanOrEqual(HELDOUT_MINIMUM.descriptions);
      expect(leads.length).toBeGreaterThanOrEqual(HELDOUT_MINIMUM.leads);
    });

    it('quotes every listed phrase verbatim from its input', () => {
      const inputs = [
        ...descriptions.map((r) => ({ id: r.id, text: r.text, want: r.expect })),
        ...leads.map((r) => ({ id: r.id, text: leadText(leadSchema.parse(r.lead)), want: r.expect })),
      ];
      const missing = inputs.flatMap(({ id, text, want }) =>
        LISTS.flatMap((field) => want[field].filter((item) => !fold(text).includes(fold(item))).map((item) => `${id}: ${field} "${item}"`)),
      );
      expect(missing).toEqual([]);
    });
  }
});
