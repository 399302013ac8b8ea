import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@shared/schemas/enrich';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import { extractProfile } from '../extract-profile';
import { createOfflineGenerator } from '../offline-generator';
import { lintText } from '../quality/lint-text';
import type { EnrichInput } from '../text-generator';
import { angleOf } from './spanish';

// The generator's English path starts Harper; once here, not in a test's time.
beforeAll(() => lintText('Ready.'), 120_000);

const SENDER: SettingsDataResponse = {
  name: 'Alice Seller',
  aboutMe: 'I sell Beacon, a field-service scheduling platform, at Beacon Software. We cut technician travel time by 20%.',
  contentPreferences: '',
  outputLanguage: 'es',
};
const gen = createOfflineGenerator();
const signal = () => new AbortController().signal;

/** One Spanish industry per family of the English angles (writer/industry.ts). */
const INDUSTRIES = [
  'Logística',
  'Salud',
  'Alimentación',
  'Comercio minorista',
  'Energía',
  'Banca',
  'Telecomunicaciones',
  'Software',
  'Agricultura',
  'Fabricación',
  'Hostelería',
  'Despacho de abogados',
  'Educación',
  'Construcción',
  'Administración pública',
  'Publicidad',
];

const lead = (Industry: string, i: number): Lead => ({
  id: `es-${i}`,
  First_Name: 'Lucía',
  Last_Name: 'Navarro',
  Company: `Grupo Norte ${i}`,
  Designation: 'Directora de Operaciones',
  Industry,
  City: 'Bilbao',
});

/** The phrases said more than once in a text (case and markdown aside). */
function repeats(text: string, phrases: string[]): string[] {
  const t = text.toLowerCase();
  return phrases.filter((p) => t.split(p.toLowerCase()).length > 2);
}
/** Sentences and bullet labels a text says twice. */
function repeatedSentences(text: string): string[] {
  const units = [
    ...text.split(/(?<=[.!?»])\s+|\n+/).map((s) => s.trim()),
    ...[...text.matchAll(/^- \*\*([^*]+):\*\*/gm)].map((m) => `label: ${m[1]}`),
  ].filter((s) => s.length > 3);
  return units.filter((s, i) => units.indexOf(s) !== i);
}

async function texts(l: Lead, variant: number): Promise<[string, string][]> {
  const input: EnrichInput = { lead: l, goal: 'book a demo', settings: SENDER, headlines: [], variant };
  const dm = await gen.linkedinDm(input, signal());
  const s = await gen.coldCallScript(input, signal());
  return [
    ['note', dm.connectionNote],
    ['message', dm.message],
    // What the caller says before the questions is one stretch of talk.
    ['opener + reason + value', [s.opener, s.reason, s.value].join('\n')],
    ...s.discoveryQuestions.map((q, i): [string, string] => [`question ${i}`, q]),
    ...s.objectionHandling.map((o, i): [string, string] => [`objection ${i}`, o.response]),
    ['close', s.close],
  ];
}

describe('Spanish industry angles', () => {
  it('has an angle of its own for every family the English writer knows', () => {
    const angles = INDUSTRIES.map((i) => angleOf(i));
    expect(new Set(angles).size).toBe(INDUSTRIES.length);
    expect(new Set(angles.flatMap((a) => a.concerns)).size).toBeGreaterThanOrEqual(INDUSTRIES.length * 5);
    for (const a of angles) expect(a.concerns.length).toBeGreaterThanOrEqual(6);
  });

  it('does not talk about a shop’s margin to a food producer', async () => {
    expect(angleOf('Alimentación').concerns).not.toContain('el margen por tienda');
    expect(angleOf('Conservas y alimentos').concerns).toContain('la trazabilidad de los lotes');
    const l = { ...lead('Alimentación', 99), Company: 'Conservas del Cantábrico' };
    for (const variant of [0, 1, 2]) for (const [, t] of await texts(l, variant)) expect(t).not.toMatch(/por tienda|tiendas?\b/);
  });

  it('never says the same concern, sentence or label twice in one text', async () => {
    const problems: string[] = [];
    for (const [i, industry] of INDUSTRIES.entries()) {
      const { concerns } = angleOf(industry);
      for (const variant of [0, 1, 2]) {
        for (const [part, t] of await texts(lead(industry, i), variant)) {
          for (const p of [...repeats(t, concerns), ...repeatedSentences(t)]) problems.push(`${industry} v${variant} ${part}: "${p}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('Icebreak: every starter has its own label ("Su sector" once)', async () => {
    for (const text of [
      'Lucía Navarro es directora de operaciones en Grupo Norte, una empresa de alimentación en Bilbao.',
      'Andrés Gil es jefe de obra en Construcciones Gil (Valencia).',
    ]) {
      const sections: string[] = [];
      const input = { description: text, profile: extractProfile(text), goal: 'book a demo', settings: SENDER, headlines: [] };
      for await (const c of gen.icebreak(input, signal())) sections[c.section] = (sections[c.section] ?? '') + c.content;
      for (const s of sections) expect(repeatedSentences(s), s).toEqual([]);
      expect(sections[0]!.match(/Su sector/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
  });
});

describe('angleOf: the word said first is the industry', () => {
  it('a pharmacy chain is a retailer, a pharmaceutical distributor a distributor, a food industry a food producer', () => {
    expect(angleOf('Retail farmacéutico')).toBe(angleOf('Comercio minorista'));
    expect(angleOf('Distribución farmacéutica')).toBe(angleOf('Logística'));
    expect(angleOf('Industria alimentaria')).toBe(angleOf('Alimentación'));
    expect(angleOf('Farmacia hospitalaria')).toBe(angleOf('Salud'));
  });
});

describe('angleOf: industries named in Dutch and English', () => {
  it('reads fishing and tourism in the Spanish answer to a Dutch lead', () => {
    expect(angleOf('Visserij')).toBe(angleOf('Agrícola'));
    expect(angleOf('Pesca')).toBe(angleOf('Agrícola'));
    expect(angleOf('Toerisme')).toBe(angleOf('Hostelería'));
    expect(angleOf('Toerisme')).not.toBe(angleOf('Agrícola'));
  });
});
