import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { createOpenAiGenerator } from '../../server/src/features/generation/openai-generator';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server';
import { writerModelRouter } from '../fakes/openai-writer-model';

/*
 * The output language (docs/product.md#output-language, issue 25 item 6): a setting per user, stored
 * with the enrichment settings, that the LLM writer's prompts state as a rule.
 */

const SETTINGS = { name: 'Sam Seller', aboutMe: 'I sell warehouse automation at LiftCo.', contentPreferences: 'Casual.' };
const SPANISH = 'Lucía Fernández es la directora de operaciones de Transportes Ibéricos en Sevilla y trabaja con la flota desde 2019.';
const ENGLISH = 'Jane Smith is the CTO at Acme Robotics in Berlin and loves climbing.';

describe.each(databaseTargets())('the output-language setting on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let fake: FakeOpenAi;
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    database = await target.open();
    fake = await startFakeOpenAi();
    fake.setRouter(writerModelRouter);
    app = await startTestApp({
      database,
      deps: { generator: createOpenAiGenerator({ baseUrl: fake.url, apiKey: 'sk-test', model: 'fake', idleTimeoutMs: 2000 }) },
    });
    user = await app.signUp('Sam Seller');
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.dispose();
  });

  const lastPrompt = () =>
    fake.requests
      .at(-1)!
      .body.messages!.map((m) => m.content)
      .join('\n');

  it('is "auto" until chosen; saved, read back, kept when a save leaves it out; a wrong value is a 400 naming the choices', async () => {
    const client = app.client(user);
    expect((await client.getSettings(user.email)).outputLanguage).toBe('auto');
    const saved = await client.updateSettings(user.email, { ...SETTINGS, outputLanguage: 'de' });
    expect(saved.settings.outputLanguage).toBe('de');
    expect((await client.getSettings(user.email)).outputLanguage).toBe('de');
    // An older client that does not know the field does not reset it.
    expect((await client.updateSettings(user.email, SETTINGS)).settings.outputLanguage).toBe('de');
    const bad = await app.fetch(`/api/user/settings/${encodeURIComponent(user.email)}`, {
      method: 'PUT',
      user,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...SETTINGS, outputLanguage: 'xx' }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(MESSAGES.outputLanguageInvalid);
    expect((await client.getSettings(user.email)).outputLanguage).toBe('de');
  });

  it('the Settings page saves the language alone: before anything else is saved, and without touching the other fields', async () => {
    const fresh = await app.signUp('Lena Fresh');
    const client = app.client(fresh);
    const first = await client.updateSettings(fresh.email, { outputLanguage: 'es' });
    expect(first.settings).toEqual({ name: '', aboutMe: '', contentPreferences: '', outputLanguage: 'es' });
    expect(await client.getSettings(fresh.email)).toEqual(first.settings);
    // The Enrich form (no language in its body) keeps it; the language alone keeps the form's fields.
    await client.updateSettings(fresh.email, SETTINGS);
    expect((await client.getSettings(fresh.email)).outputLanguage).toBe('es');
    await client.updateSettings(fresh.email, { outputLanguage: 'fr' });
    expect(await client.getSettings(fresh.email)).toEqual({ ...SETTINGS, outputLanguage: 'fr' });
    const bad = await app.fetch(`/api/user/settings/${encodeURIComponent(fresh.email)}`, {
      method: 'PUT',
      user: fresh,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outputLanguage: 'xx' }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(MESSAGES.outputLanguageInvalid);
    expect((await client.getSettings(fresh.email)).outputLanguage).toBe('fr');
  });

  it("the LLM writer is told the language: the chosen one, else the description's, else English", async () => {
    const client = app.client(user);
    await client.updateSettings(user.email, { ...SETTINGS, outputLanguage: 'auto' });
    await collectLines(await client.searchPost({ profileUrl: SPANISH, email: user.email }));
    expect(lastPrompt()).toContain('Write in Spanish');
    await collectLines(await client.searchPost({ profileUrl: ENGLISH, email: user.email }));
    expect(lastPrompt()).toContain('Write in English');
    await client.updateSettings(user.email, { ...SETTINGS, outputLanguage: 'fr' });
    await collectLines(await client.searchPost({ profileUrl: ENGLISH, email: user.email }));
    expect(lastPrompt()).toContain('Write in French');
    await client.enrich({ lead: { id: 'lang-lead', First_Name: 'Ana', Company: 'Verde', Description: SPANISH }, outputs: ['linkedin_dm'] });
    expect(lastPrompt()).toContain('Write in French');
  });

  it('choosing another language is another input: the stored answer is not replayed for it', async () => {
    const client = app.client(user);
    await client.updateSettings(user.email, { ...SETTINGS, outputLanguage: 'pt' });
    const first = await collectLines(await client.searchPost({ profileUrl: `${ENGLISH} Portugal.`, email: user.email }));
    expect(first[0]!.stored).toBeUndefined();
    const again = await collectLines(await client.searchPost({ profileUrl: `${ENGLISH} Portugal.`, email: user.email }));
    expect(again[0]!.stored).toBe(true);
    await client.updateSettings(user.email, { ...SETTINGS, outputLanguage: 'es' });
    const other = await collectLines(await client.searchPost({ profileUrl: `${ENGLISH} Portugal.`, email: user.email }));
    expect(other[0]!.stored).toBeUndefined();
  });

  it('a description naming nobody is still refused before any charge', async () => {
    const client = app.client(user);
    const before = (await client.getCredits(user.email)).credits;
    await expect(client.searchPost({ profileUrl: 'es muy interesante y trabaja mucho', email: user.email })).rejects.toThrow(
      `400: ${JSON.stringify({ message: MESSAGES.noPersonIdentified, code: 'validation' })}`,
    );
    expect((await client.getCredits(user.email)).credits).toBe(before);
  });
});
