import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLanguage, languageNote } from '@shared/language';
import { MESSAGES } from '@shared/messages';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * The offline writer writes Spanish (docs/product.md#output-language): through the HTTP API, a user
 * whose setting is Spanish gets Spanish text and no English-only note; German still gets the note
 * and English text. The note is what the portal and the widget show before any charge, from the
 * server's config and the user's saved setting.
 */

const SETTINGS = {
  name: 'Sam Seller',
  aboutMe: 'I sell Beacon, a field-service scheduling platform, at Beacon Software.',
  contentPreferences: 'Keep messages under 90 words.',
};
const SPANISH =
  'Marta Quiroga es la jefa de compras de Ferreterías Unidas en Valladolid. Está evaluando un nuevo sistema de pedidos y le encanta el senderismo.';
const ENGLISH = 'Jane Smith is the CTO at Acme Robotics in Berlin and loves climbing.';
const LEAD = {
  id: 'es-lead-1',
  First_Name: 'Héctor',
  Last_Name: 'Villalba',
  Company: 'Lácteos del Norte',
  Designation: 'Director de Planta',
  Description: 'Quieren reducir las paradas de la línea de envasado. Acaban de abrir una segunda planta en Lugo.',
};

describe.each(databaseTargets())('the offline writer in Spanish on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    database = await target.open();
    app = await startTestApp({ database });
    user = await app.signUp('Sam Seller');
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const icebreakText = async (description: string) => {
    const lines = await collectLines(await app.client(user).searchPost({ profileUrl: description, email: user.email }));
    return lines.map((l) => l.content).join('');
  };

  it("setting 'es': no note before the charge, Spanish from the offline writer for a Spanish and an English description and for a lead", async () => {
    const client = app.client(user);
    expect((await client.getConfig()).generator).toBe('offline');
    const saved = (await client.updateSettings(user.email, { ...SETTINGS, outputLanguage: 'es' })).settings;
    expect(languageNote('offline', saved.outputLanguage, SPANISH)).toBeNull();
    expect(languageNote('offline', saved.outputLanguage, ENGLISH)).toBeNull();

    const spanish = await icebreakText(SPANISH);
    expect(detectLanguage(spanish)).toBe('es');
    expect(spanish).toContain('Marta');
    expect(spanish).toContain('Ferreterías Unidas');
    const fromEnglish = await icebreakText(ENGLISH);
    expect(detectLanguage(fromEnglish)).toBe('es');
    expect(fromEnglish).toContain('Acme Robotics');

    const { result } = await client.enrich({ lead: LEAD, outputs: ['linkedin_dm', 'cold_call_script'] });
    expect(result.generator).toBe('offline');
    expect(detectLanguage(result.linkedin_dm!.message)).toBe('es');
    expect(result.linkedin_dm!.message).toContain('Héctor');
    expect(result.linkedin_dm!.connectionNote.length).toBeLessThanOrEqual(300);
    expect(
      detectLanguage(
        Object.values(result.cold_call_script!)
          .flat()
          .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
          .join(' '),
      ),
    ).toBe('es');
  });

  it("setting 'de': the note says the answer will be in English, and it is", async () => {
    const client = app.client(user);
    const saved = (await client.updateSettings(user.email, { ...SETTINGS, outputLanguage: 'de' })).settings;
    expect(languageNote('offline', saved.outputLanguage, SPANISH)).toBe(MESSAGES.writesEnglishOnly('German'));
    const text = await icebreakText(`${SPANISH} `);
    expect(detectLanguage(text)).toBe('en');
  });
});
