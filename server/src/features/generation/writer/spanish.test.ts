import { beforeAll, describe, expect, it } from 'vitest';
import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import { detectLanguage } from '@shared/language';
import type { Lead } from '@shared/schemas/enrich';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import { withCommunicationStyle } from '../communication-style';
import { extractProfile } from '../extract-profile';
import { createOfflineGenerator } from '../offline-generator';
import { lintText, patternProblems } from '../quality/lint-text';
import type { EnrichInput } from '../text-generator';

/*
 * The offline writer in Spanish (docs/product.md#output-language): Spanish descriptions and leads
 * written for this test (none is in the evaluation sets), each checked for Spanish text, the person's
 * name and company, no English sentence, no template hole, the note's 300 characters and a word limit.
 */

const SENDER: SettingsDataResponse = {
  name: 'Alice Seller',
  aboutMe: 'I sell Beacon, a field-service scheduling platform, at Beacon Software. We cut technician travel time by 20%.',
  contentPreferences: 'Keep messages under 70 words',
  outputLanguage: 'auto',
};
const WORD_LIMIT = 70;
const gen = withCommunicationStyle(createOfflineGenerator());
const signal = () => new AbortController().signal;

const DESCRIPTIONS = [
  {
    text: 'María López, directora de ventas en Acme (Madrid). Está evaluando un CRM nuevo para su equipo y le encanta la escalada.',
    first: 'María',
    last: 'López',
    company: 'Acme',
    role: 'directora de ventas',
    place: 'Madrid',
  },
  {
    text: 'Tomás Ibáñez es el director financiero de Bodegas Altamira, en Logroño. La empresa cerró la compra de un viñedo en Rioja Alavesa en marzo. Busca automatizar el cierre de mes.',
    first: 'Tomás',
    last: 'Ibáñez',
    company: 'Bodegas Altamira',
    role: 'director financiero',
    place: 'Logroño',
  },
  {
    text: 'Conocí a Paula Serrano en el congreso Logistics Madrid. Es Head of Operations en Rápido Express y se queja de los retrasos en la última milla.',
    first: 'Paula',
    last: 'Serrano',
    company: 'Rápido Express',
    role: 'Head of Operations',
    place: '',
  },
  {
    text: 'Nicolás Reyes trabaja como jefe de mantenimiento en Minera del Pacífico (Antofagasta). Antes trabajó en Codelco. Acaban de inaugurar una planta de tratamiento de agua.',
    first: 'Nicolás',
    last: 'Reyes',
    company: 'Minera del Pacífico',
    role: 'jefe de mantenimiento',
    place: 'Antofagasta',
  },
  {
    text: 'Gabriela Fuentes | Gerente de Marketing en Cafés del Sur | Montevideo, Uruguay | Aficionada al running',
    first: 'Gabriela',
    last: 'Fuentes',
    company: 'Cafés del Sur',
    role: 'Gerente de Marketing',
    place: 'Montevideo, Uruguay',
  },
];

const LEADS: (Lead & { expectFirst: string; expectCompany: string })[] = [
  {
    id: 'es-1',
    First_Name: 'Rocío',
    Last_Name: 'Domínguez',
    Company: 'Clínica Dental Sonríe',
    Designation: 'Gerente',
    Industry: 'Salud',
    City: 'Granada',
    Description: 'Tienen muchas citas perdidas cada semana y quieren un sistema de recordatorios por SMS.',
    expectFirst: 'Rocío',
    expectCompany: 'Clínica Dental Sonríe',
  },
  {
    id: 'es-2',
    First_Name: 'Esteban',
    Last_Name: 'Paz',
    Company: 'Transportes Cóndor',
    Designation: 'Director de Flota',
    Industry: 'Logística',
    City: 'Quito',
    Lead_Source: 'Trade Show',
    Description: 'Abrirán dos centros de distribución en 2027. No están contentos con su proveedor de telemática.',
    expectFirst: 'Esteban',
    expectCompany: 'Transportes Cóndor',
  },
  {
    id: 'es-3',
    First_Name: 'Lorena',
    Last_Name: 'Vidal',
    Company: 'EduNova',
    Designation: 'Directora Académica',
    Industry: 'Education',
    Description: 'Notas: buscan una plataforma para comunicarse con las familias. Le gusta el ajedrez.',
    expectFirst: 'Lorena',
    expectCompany: 'EduNova',
  },
];

/** A sentence that reads as English: two or more English function words and no Spanish ones. */
const ENGLISH = /\b(?:the|and|with|for|your|you|our|we|is|are|this|that|of|to)\b/gi;
function englishSentences(text: string): string[] {
  return text.split(/(?<=[.!?…»])\s+|\n+/).filter((s) => (s.match(ENGLISH) ?? []).length >= 2 && detectLanguage(s) !== 'es');
}

function expectSpanish(text: string, names: string[]) {
  expect(detectLanguage(text), text).toBe('es');
  expect(englishSentences(text), text).toEqual([]);
  expect(text).not.toMatch(/[{}]|\bundefined\b|\bnull\b|\bNaN\b|\[object/);
  expect(patternProblems(text, names), text).toEqual([]);
}

async function icebreak(description: string, settings = SENDER, variant = 0): Promise<string[]> {
  const sections: string[] = [];
  const input = { description, profile: extractProfile(description), goal: 'book a demo', settings, headlines: [], variant };
  for await (const c of gen.icebreak(input, signal())) sections[c.section] = (sections[c.section] ?? '') + c.content;
  return sections;
}

// The offline writer checks its English with Harper, whose WASM takes seconds to start: once here, not in a test's time.
beforeAll(() => lintText('Ready.'), 120_000);

describe('reading Spanish descriptions', () => {
  for (const d of DESCRIPTIONS)
    it(`finds the person in "${d.text.slice(0, 40)}…"`, () => {
      const p = extractProfile(d.text);
      expect({ first: p.firstName, last: p.lastName, company: p.company, role: p.role, place: p.place }).toEqual({
        first: d.first,
        last: d.last,
        company: d.company,
        role: d.role,
        place: d.place,
      });
    });

  it('needs, news, pastimes and where you met, in the text’s words', () => {
    expect(extractProfile(DESCRIPTIONS[0]!.text)).toMatchObject({
      needs: ['está evaluando un CRM nuevo para su equipo'],
      interests: ['la escalada'],
    });
    const tomas = extractProfile(DESCRIPTIONS[1]!.text);
    expect(tomas.events[0]!.said).toBe('Bodegas Altamira cerró la compra de un viñedo en Rioja Alavesa en marzo');
    expect(tomas.needs).toEqual(['busca automatizar el cierre de mes']);
    expect(extractProfile(DESCRIPTIONS[2]!.text)).toMatchObject({
      metAt: 'Logistics Madrid',
      needs: ['se queja de los retrasos en la última milla'],
    });
    expect(extractProfile(DESCRIPTIONS[3]!.text)).toMatchObject({ previousCompany: 'Codelco' });
  });
});

describe('the offline writer in Spanish', () => {
  for (const d of DESCRIPTIONS)
    it(`Icebreak for "${d.text.slice(0, 40)}…": Spanish, about the person, no English, no holes`, async () => {
      const sections = await icebreak(d.text);
      expect(sections.length).toBeGreaterThanOrEqual(3);
      for (const s of sections) expectSpanish(s, [d.first, d.last]);
      const all = sections.join('\n');
      expect(all).toContain(d.first);
      expect(all).toContain(d.company);
    });

  for (const lead of LEADS)
    it(`LinkedIn and script for ${lead.First_Name} (${lead.Company}): Spanish, note ≤ 300, message within the word limit`, async () => {
      const { expectFirst, expectCompany, ...l } = lead;
      for (const variant of [0, 1]) {
        const input: EnrichInput = { lead: l, goal: 'book a demo', settings: SENDER, headlines: [], variant };
        const dm = await gen.linkedinDm(input, signal());
        const script = await gen.coldCallScript(input, signal());
        const names = [expectFirst, l.Last_Name!];
        expect(dm.connectionNote.length).toBeLessThanOrEqual(LINKEDIN_CONNECTION_NOTE_MAX);
        expect(dm.message.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length).toBeLessThanOrEqual(WORD_LIMIT);
        expectSpanish(dm.connectionNote, names);
        expectSpanish(dm.message, names);
        expect(dm.message).toContain(expectFirst);
        expect(dm.message).toContain(expectCompany);
        const parts = [
          script.opener,
          script.reason,
          script.value,
          ...script.discoveryQuestions,
          ...script.objectionHandling.flatMap((o) => [o.objection, o.response]),
          script.close,
        ];
        for (const part of parts) {
          expect(englishSentences(part), part).toEqual([]);
          expect(part).not.toMatch(/[{}]|\bundefined\b|\bnull\b/);
        }
        expectSpanish(parts.join('\n'), names);
        expect(parts.join('\n')).toContain(expectCompany);
      }
    });

  it('the lead’s own facts reach the message: its need or its news', async () => {
    const input: EnrichInput = { lead: LEADS[1]!, goal: 'book a demo', settings: SENDER, headlines: [], variant: 0 };
    const dm = await gen.linkedinDm(input, signal());
    expect(dm.message).toMatch(/centros de distribución|proveedor de telemática/);
  });

  it('a need’s questions name what the lead evaluates or looks for, so two leads never share them', async () => {
    const lead = (Last_Name: string, Company: string, Industry: string, Description: string): Lead => ({
      id: Last_Name,
      First_Name: 'Laura',
      Last_Name,
      Company,
      Industry,
      Designation: 'Directora de operaciones',
      City: 'Sevilla',
      Description,
    });
    const questions = async (l: Lead) =>
      (await gen.coldCallScript({ lead: l, goal: 'book a demo', settings: SENDER, headlines: [], variant: 0 }, signal()))
        .discoveryQuestions;
    const a = await questions(lead('Ruiz', 'Frutas del Sur', 'Agricultura', 'Busca un sistema de trazabilidad para sus fincas.'));
    const b = await questions(lead('Vega', 'Clínica Vega', 'Salud', 'Está evaluando un software de citas para sus clínicas.'));
    expect(a.join(' ')).toContain('un sistema de trazabilidad para sus fincas');
    expect(b.join(' ')).toContain('un software de citas para sus clínicas');
    expect(a.filter((q) => b.includes(q))).toEqual([]);
  });

  it('setting "es" on an English description: Spanish text with the names and title as written, the English facts left out', async () => {
    const text =
      'Kenji Tanaka is Head of Talent at Shiori Games in Osaka. He is hiring Unity engineers and writes a newsletter about game design.';
    const sections = await icebreak(text, { ...SENDER, outputLanguage: 'es' });
    const all = sections.join('\n');
    // The facts section is a list of names, too short to tell a language by; the text as a whole is Spanish.
    expectSpanish(all, ['Kenji', 'Tanaka']);
    for (const s of sections) expect(englishSentences(s), s).toEqual([]);
    expect(all).toContain('como Head of Talent');
    expect(all).toContain('Shiori Games');
    expect(all).not.toMatch(/hiring|newsletter|game design/);
  });

  it('Regenerate writes another text', async () => {
    const [a, b] = await Promise.all([icebreak(DESCRIPTIONS[1]!.text, SENDER, 0), icebreak(DESCRIPTIONS[1]!.text, SENDER, 1)]);
    expect(a.join('\n')).not.toEqual(b.join('\n'));
  });

  it('German and Portuguese still get English from the offline writer', async () => {
    const de = await icebreak('Jana Schmidt ist die Leiterin der Logistik bei Nordwind und arbeitet seit 2019 in Hamburg.');
    expect(detectLanguage(de.join('\n'))).toBe('en');
  });
});
