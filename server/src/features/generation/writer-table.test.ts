import { beforeAll, describe, expect, it } from 'vitest';
import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import { extractProfile, isIdentifiable, profileFromLead, type PersonProfile } from './extract-profile';
import { DESCRIPTION_CASES, LEAD_CASES, WRONG_VALUES } from './fixtures/descriptions';
import { createOfflineGenerator, writeColdCallScript, writeLinkedinDm } from './offline-generator';
import type { IcebreakChunk } from './text-generator';
import { settingsSentences } from './writer/sender';
// The writer says a company without its legal form ("Lumière", not "Lumière SAS").
import { spokenCompany } from './writer/prose-facts';
import { lintText } from './quality/lint-text';

/** Three users with different products and tastes, so settings are checked in several shapes. */
const SETTINGS: SettingsDataResponse[] = [
  {
    name: 'Alice Seller',
    aboutMe: 'I run partnerships at RouteIQ, a route-planning platform for freight teams. We cut empty miles by a fifth.',
    contentPreferences: 'Warm, concise, no buzzwords.',
  },
  {
    name: 'Bongani Dlamini',
    aboutMe: 'I sell warehouse automation at LiftCo. We help distribution centres pick orders twice as fast.',
    contentPreferences: 'Casual and friendly. Sign off with Cheers.',
  },
  {
    name: 'Chloé Martin',
    aboutMe: 'Ledgerly automates month-end close for finance teams. It reconciles bank feeds overnight.',
    contentPreferences: 'Formal and professional, no emojis please.',
  },
];
const GOALS = ['book a demo', 'build rapport', 'hire for our sales team'];

const ALL_SETTINGS_SENTENCES = SETTINGS.flatMap(settingsSentences).map((s) => s.toLowerCase());

/** Nothing a template leaks or a grammar slip a reader notices. */
function assertClean(text: string, where: string) {
  expect(text, where).not.toMatch(/\bthey (?:has|shares|is|was|does|tells|knows|wants)\b|\bpeople (?:has|is|was)\b/i);
  expect(text, where).not.toMatch(/\b(?:undefined|null|NaN)\b|\{[^}]*\}|\[object/);
  expect(text, where).not.toMatch(/[^\S\n][,.]|,,|\.\.(?!\.)|[^\S\n]{2,}/);
  const lower = text.toLowerCase();
  for (const sentence of ALL_SETTINGS_SENTENCES)
    expect(lower.includes(sentence), `${where} repeats the settings sentence "${sentence}"`).toBe(false);
}

/** Replace a lead's own names with tokens: what is left is what the writer said about this lead. */
function withoutNames(text: string, p: PersonProfile): string {
  let out = text;
  for (const n of [p.company, [p.firstName, p.lastName].filter(Boolean).join(' '), p.firstName, p.lastName]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)) {
    out = out.split(n).join('«name»');
  }
  return out;
}

async function icebreak(description: string, settings: SettingsDataResponse, goal: string): Promise<string[]> {
  const sections: string[] = [];
  const input = { description, profile: extractProfile(description), goal, settings, headlines: [] };
  const chunks: IcebreakChunk[] = [];
  for await (const c of createOfflineGenerator().icebreak(input, new AbortController().signal)) chunks.push(c);
  for (const c of chunks) sections[c.section] = (sections[c.section] ?? '') + c.content;
  return sections;
}

// The offline writer checks its English with Harper, whose WASM takes seconds to start: once here, not in a test's time.
beforeAll(() => lintText('Ready.'), 120_000);

describe('reading descriptions (table of real-world shapes)', () => {
  it(`has at least 40 descriptions and 20 leads`, () => {
    expect(DESCRIPTION_CASES.length).toBeGreaterThanOrEqual(40);
    expect(LEAD_CASES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(DESCRIPTION_CASES.map((c) => [c.text.slice(0, 60), c] as const))('%s', (_label, c) => {
    const p = extractProfile(c.text);
    expect({ firstName: p.firstName, lastName: p.lastName, company: p.company, role: p.role, place: p.place }).toEqual({
      firstName: c.firstName,
      lastName: c.lastName,
      company: c.company,
      role: c.role,
      place: c.place,
    });
    for (const wrong of WRONG_VALUES) {
      expect(p.company).not.toBe(wrong);
      expect(p.place).not.toBe(wrong);
    }
    // A name is kept as written: "Tomás" never becomes "Tom".
    if (c.firstName) expect(c.text).toContain(p.firstName);
    const said = [...p.interests, ...p.events.map((e) => e.said)].join(' | ');
    for (const d of c.details ?? []) expect(said).toContain(d);
  });

  it.each(LEAD_CASES.map((c) => [c.lead.id, c] as const))('lead %s', (_id, c) => {
    const p = profileFromLead(c.lead);
    expect({ firstName: p.firstName, lastName: p.lastName, company: p.company, role: p.role, place: p.place }).toEqual({
      firstName: c.firstName,
      lastName: c.lastName,
      company: c.company,
      role: c.role,
      place: c.place,
    });
  });
});

describe('the offline writer on every table item', () => {
  const identifiable = DESCRIPTION_CASES.filter((c) => isIdentifiable(extractProfile(c.text)));

  it.each(identifiable.map((c, i) => [c.text.slice(0, 60), c, i] as const))('icebreak: %s', async (_label, c, i) => {
    const settings = SETTINGS[i % SETTINGS.length]!;
    const sections = await icebreak(c.text, settings, GOALS[i % GOALS.length]!);
    expect(sections[0]?.trim()).toBeTruthy();
    expect(sections[1]?.trim()).toBeTruthy();
    for (const n of [0, 1]) {
      if (c.firstName) expect(sections[n], `section ${n} names the person`).toContain(c.firstName);
      if (c.company) expect(sections[n], `section ${n} names the company`).toContain(spokenCompany(c.company));
      assertClean(sections[n]!, `section ${n} of "${c.text}"`);
    }
    for (const d of c.details ?? []) expect(sections[0], 'the starters cite the concrete detail').toContain(d);
  });

  it.each(LEAD_CASES.map((c, i) => [c.lead.id, c, i] as const))('enrich lead %s: DM and script', (_id, c, i) => {
    const settings = SETTINGS[i % SETTINGS.length]!;
    const ctx = { goal: GOALS[i % GOALS.length]!, settings, headlines: [] };
    const p = profileFromLead(c.lead);
    const dm = writeLinkedinDm(p, ctx);
    const script = writeColdCallScript(p, ctx);
    expect(dm.connectionNote.length).toBeLessThanOrEqual(LINKEDIN_CONNECTION_NOTE_MAX);
    for (const text of [dm.connectionNote, dm.message, script.opener]) expect(text).toContain(c.firstName);
    // A lead with a surname only is greeted without it ("Hi there"), never as if it were a first name.
    if (!c.firstName && c.lastName)
      for (const text of [dm.connectionNote, dm.message, script.opener])
        expect(text).not.toMatch(new RegExp(`^(?:Hi|Hello|Dear) ${c.lastName}`));
    expect(dm.message).toContain(spokenCompany(c.company));
    expect([script.reason, script.value, ...script.discoveryQuestions, script.close].join(' ')).toContain(spokenCompany(c.company));
    const all = [
      dm.connectionNote,
      dm.message,
      script.opener,
      script.reason,
      script.value,
      ...script.discoveryQuestions,
      ...script.objectionHandling.flatMap((o) => [o.objection, o.response]),
      script.close,
    ];
    for (const t of all) assertClean(t, `lead ${c.lead.id}`);
    // The DM says what the rep's product does (rephrased from the settings).
    const product = ['RouteIQ', 'LiftCo', 'Ledgerly'][i % SETTINGS.length]!;
    expect(dm.message).toContain(product);
    expect(script.value).toContain(product);
  });

  it('two different leads never get messages that differ only in names (same user, same goal)', () => {
    const ctx = { goal: 'book a demo', settings: SETTINGS[0]!, headlines: [] };
    const seen = new Map<string, string>();
    for (const c of LEAD_CASES) {
      const p = profileFromLead(c.lead);
      const dm = writeLinkedinDm(p, ctx);
      const script = writeColdCallScript(p, ctx);
      for (const [kind, text] of [
        ['message', dm.message],
        ['note', dm.connectionNote],
        ['script', JSON.stringify(script)],
      ] as const) {
        const key = `${kind}:${withoutNames(text, p)}`;
        expect(seen.get(key), `${c.lead.id} ${kind} equals ${seen.get(key)}'s with the names swapped`).toBeUndefined();
        seen.set(key, c.lead.id);
      }
    }
  });

  it('two different descriptions never get icebreakers that differ only in names', async () => {
    const seen = new Map<string, string>();
    for (const c of identifiable) {
      const sections = await icebreak(c.text, SETTINGS[0]!, 'book a demo');
      const key = withoutNames(sections.slice(0, 2).join('\n'), extractProfile(c.text));
      expect(seen.get(key), `"${c.text}" reads like "${seen.get(key)}"`).toBeUndefined();
      seen.set(key, c.text);
    }
  });

  it('content preferences shape the sign-off and tone', () => {
    const p = profileFromLead(LEAD_CASES[0]!.lead);
    const casual = writeLinkedinDm(p, { goal: 'build rapport', settings: SETTINGS[1]!, headlines: [] });
    const formal = writeLinkedinDm(p, { goal: 'build rapport', settings: SETTINGS[2]!, headlines: [] });
    expect(casual.message).toMatch(/\n\nCheers,\nBongani$/);
    expect(formal.message).toMatch(/^Dear Maria Lopez,/);
    expect(formal.message).toMatch(/Kind regards,\nChloé$/);
    // A Korean lead's First_Name and Last_Name are greeted in the order the name is written: family name first.
    const korean = profileFromLead({ ...LEAD_CASES[0]!.lead, First_Name: '지훈', Last_Name: '이' });
    expect(writeLinkedinDm(korean, { goal: 'build rapport', settings: SETTINGS[2]!, headlines: [] }).message).toMatch(/^Dear 이지훈,/);
  });

  it('another variant (Regenerate) gives other wording; the same variant the same text', () => {
    const p = profileFromLead(LEAD_CASES[3]!.lead);
    const ctx = { goal: 'book a demo', settings: SETTINGS[0]!, headlines: [] };
    expect(writeLinkedinDm(p, ctx)).toEqual(writeLinkedinDm(p, { ...ctx, variant: 0 }));
    const variants = new Set(
      [0, 1, 2, 3].map((variant) => JSON.stringify([writeLinkedinDm(p, { ...ctx, variant }), writeColdCallScript(p, { ...ctx, variant })])),
    );
    expect(variants.size).toBeGreaterThan(1);
  });
});
