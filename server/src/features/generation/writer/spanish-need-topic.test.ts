import { describe, expect, it } from 'vitest';
import type { Lead } from '@shared/schemas/enrich';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import { createOfflineGenerator } from '../offline-generator';
import { patternProblems } from '../quality/lint-text';
import type { EnrichInput } from '../text-generator';

/*
 * The Spanish writer, as the English one (need-topic.test.ts): the lead's own need is the subject of the
 * LinkedIn message (said after the hook when Regenerate leads with another fact, and the ask is about
 * it) and of the call (its opener and its reason). Leads as a user would paste them from Zoho.
 */

const settings: SettingsDataResponse = {
  name: 'Alice Seller',
  aboutMe: 'I sell Beacon, a field-service scheduling platform, at Beacon Software. We cut technician travel time by 20%.',
  contentPreferences: '',
  outputLanguage: 'auto',
};
const lead = (over: Partial<Lead>): Lead => ({
  id: '11',
  First_Name: 'Lucía',
  Last_Name: 'Navarro',
  Company: 'Residencias Albor',
  Designation: 'Directora de operaciones',
  Industry: 'Salud',
  City: 'Valencia',
  ...over,
});
const gen = createOfflineGenerator();
const signal = () => new AbortController().signal;

async function write(l: Lead, variant: number, goal = 'book a demo') {
  const input: EnrichInput = { lead: l, goal, settings, headlines: [], variant };
  return { dm: await gen.linkedinDm(input, signal()), script: await gen.coldCallScript(input, signal()) };
}
/** The ask: the paragraph before the sign-off. */
const ask = (message: string) => message.split('\n\n').at(-2);

describe('the Spanish writer: the lead’s own need is the subject of the message and the call', () => {
  it.each([0, 1, 2])(
    '"Está evaluando un software de turnos para sus residencias" is said in the lead’s words and asked about (variant %i)',
    async (variant) => {
      const { dm, script } = await write(
        lead({
          Description: 'Está evaluando un software de turnos para sus residencias. Inauguró una residencia nueva en Gandía en marzo.',
        }),
        variant,
      );
      const need = /un software de turnos para sus residencias/;
      expect(dm.message).toMatch(need);
      expect(ask(dm.message)).toMatch(need);
      expect(script.opener).toMatch(need);
      expect(script.reason).toMatch(need);
      // Not the industry's stock concern in its place.
      expect(ask(dm.message)).not.toMatch(/las citas perdidas|la carga administrativa|los cuadrantes del personal/);
      expect(patternProblems([dm.connectionNote, dm.message, script.opener, script.reason, script.close].join('\n\n'))).toEqual([]);
    },
  );

  it('a wish to do something ("quiere digitalizar…") is said as a noun phrase where the sentence needs one', async () => {
    for (const variant of [0, 1]) {
      const { dm, script } = await write(
        lead({ Company: 'Obras Levante', Industry: 'Construcción', Description: 'Quiere digitalizar los partes de obra.' }),
        variant,
      );
      expect(ask(dm.message)).toMatch(/lo de digitalizar los partes de obra/);
      expect(script.opener).toMatch(/digitalizar los partes de obra/);
      // Never "ayudar … con digitalizar" or "hablar de el …".
      expect(`${dm.message} ${script.opener} ${script.close}`).not.toMatch(/con digitalizar|sobre digitalizar|\bde el\b/);
    }
  });

  it('a complaint is asked about with its article ("la rotación de personal"), for a goal of learning too', async () => {
    const { dm } = await write(
      lead({ Company: 'Hotel Brisa', Industry: 'Hostelería', Description: 'Se queja de la rotación de personal en verano.' }),
      0,
      'understand their challenges',
    );
    expect(ask(dm.message)).toMatch(/la rotación de personal/);
  });

  it('without a need, the ask is about the industry’s concern, as before', async () => {
    const { dm } = await write(lead({ Description: 'Inauguró una residencia nueva en Gandía en marzo.' }), 0);
    expect(ask(dm.message)).toMatch(
      /las citas perdidas|la carga administrativa|la experiencia del paciente|los cuadrantes del personal|los tiempos de espera|las guardias/,
    );
  });
});
