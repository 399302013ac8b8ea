/**
 * Charged once per answer (docs/decisions/0012-charged-once-per-answer.md): charging honestly. The same input answered before comes from storage for free;
 * Regenerate is a new, charged, different answer; input naming nobody is refused before any
 * charge; an answer without its sections is refunded and never Ready. Then the LLM path through the
 * official `openai` SDK against the loopback fake: sections in order, max_tokens, structured Enrich.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FREE_MONTHLY_CREDITS } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import type { Lead } from '@shared/schemas/enrich';
import type { StreamLine } from '@shared/schemas/icebreak';
import { createOpenAiGenerator } from '../../server/src/features/generation/openai-generator';
import { ENRICH_FAILED_MESSAGE } from '../../server/src/features/enrich/enrich-routes';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiRequest } from '../fakes/openai-server';

const DESCRIPTION = 'Aiko Tanaka is Head of Talent at Shiori Games in Osaka. She gave a talk at GDC about hiring junior designers.';
const SETTINGS = {
  name: 'Sam Seller',
  aboutMe: 'I sell hiring software at TalentLoop. We cut time-to-hire by a third.',
  contentPreferences: 'Warm, concise, no buzzwords.',
};
const lead: Lead = {
  id: 'zoho-777',
  First_Name: 'Chidi',
  Last_Name: 'Okafor',
  Company: 'Zenith Foods',
  Designation: 'Founder & CEO',
  City: 'Lagos',
  Country: 'Nigeria',
  Industry: 'FMCG',
  Lead_Source: 'Referral',
  Description: 'Expanding into Ghana this year.',
};
/** The text of each section as the user reads it. */
const text = (lines: StreamLine[]) =>
  [0, 1, 2].map((n) =>
    lines
      .filter((l) => l.section === n)
      .map((l) => l.content)
      .join('')
      .trim(),
  );
const section = (lines: StreamLine[], n: number) =>
  lines
    .filter((l) => l.section === n && !l.done)
    .map((l) => l.content)
    .join('');

describe.each(databaseTargets())('charging honestly (offline writer) on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let app: TestApp;
  let user: TestUser;
  const credits = async () => (await app.client(user).getCredits(user.email)).credits;

  beforeAll(async () => {
    database = await target.open();
    app = await startTestApp({ database });
    user = await app.signUp('Sam');
    await app.client(user).updateSettings(user.email, SETTINGS);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('the same input twice → one charge, the same text, shown from storage; Regenerate → a second charge and a different text', async () => {
    const before = await credits();
    const first = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'book a demo' }));
    expect(first.at(-1)).toMatchObject({ done: true, errorMessage: null });
    expect(await credits()).toBe(before - 1);

    const again = await collectLines(
      await app.client(user).searchPost({ profileUrl: `  ${DESCRIPTION}\n`, email: user.email, goal: 'book a demo' }),
    );
    expect(again[0]).toMatchObject({ stored: true, historyId: first[0]!.historyId });
    expect(text(again)).toEqual(text(first));
    expect(await credits()).toBe(before - 1);

    const regenerated = await collectLines(
      await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'book a demo', regenerate: true }),
    );
    expect(regenerated[0]!.stored).toBeUndefined();
    expect(regenerated[0]!.historyId).not.toBe(first[0]!.historyId);
    expect(regenerated.at(-1)).toMatchObject({ done: true, errorMessage: null });
    expect(text(regenerated)).not.toEqual(text(first));
    expect(section(regenerated, 0)).toContain('Aiko');
    expect(await credits()).toBe(before - 2);

    // Asked again without Regenerate: the newest answer, free.
    const latest = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'book a demo' }));
    expect(latest[0]).toMatchObject({ stored: true, historyId: regenerated[0]!.historyId });
    expect(await credits()).toBe(before - 2);
    // Another goal is another input.
    await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'hire her' }));
    expect(await credits()).toBe(before - 3);
  });

  it('no news found: section 0 is not called news-driven (stream and history say so)', async () => {
    const lines = await collectLines(
      await app.client(user).search({ profileUrl: 'Tomás Álvarez, CFO at Lumen Bank in Madrid.', email: user.email }),
    );
    expect(lines.some((l) => l.newsFound === false)).toBe(true);
    expect(section(lines, 0)).not.toMatch(/news/i);
    const item = (await app.client(user).getInsights(lines[0]!.historyId!, user.email)).historyItem!;
    expect(item.newsFound).toBe(false);
    expect(item.insightsStructure.profile).toMatchObject({ firstName: 'Tomás', lastName: 'Álvarez' });
  });

  it('no person or company → 400 saying what to add; nothing charged, nothing stored', async () => {
    const before = await credits();
    const historyBefore = (await app.client(user).getHistory(user.email)).length;
    for (const profileUrl of ['great guy, met at conference', 'someone I met']) {
      await expect(app.client(user).search({ profileUrl, email: user.email })).rejects.toThrow(
        `400: ${JSON.stringify({ message: MESSAGES.noPersonIdentified, code: 'validation' })}`,
      );
    }
    await expect(
      app.client(user).enrich({ lead: { id: 'nobody', Description: 'call back later' }, outputs: ['linkedin_dm'] }),
    ).rejects.toThrow(`400: ${JSON.stringify({ message: MESSAGES.noLeadIdentified, code: 'validation' })}`);
    expect(await credits()).toBe(before);
    expect(await app.client(user).getHistory(user.email)).toHaveLength(historyBefore);
  });

  it('Enrich: the same lead twice → charged once, from storage; a changed field or Regenerate → charged again, new text', async () => {
    const before = await credits();
    const first = await app.client(user).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'] });
    expect(first.creditsCharged).toBe(2);
    const again = await app.client(user).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'] });
    expect(again).toMatchObject({ creditsCharged: 0, credits: before - 2, storedOutputs: ['linkedin_dm', 'cold_call_script'] });
    expect(again.result.linkedin_dm).toEqual(first.result.linkedin_dm);
    expect(again.result.cold_call_script).toEqual(first.result.cold_call_script);

    const regenerated = await app.client(user).enrich({ lead, outputs: ['linkedin_dm'], regenerate: true });
    expect(regenerated.creditsCharged).toBe(1);
    expect(regenerated.result.linkedin_dm).not.toEqual(first.result.linkedin_dm);
    expect(regenerated.result.linkedin_dm!.message).toContain('Chidi');
    expect(await credits()).toBe(before - 3);

    // Only the output whose input changed is written (and charged): here, both, because a lead field changed.
    const changed = await app
      .client(user)
      .enrich({ lead: { ...lead, Description: 'Opened a new bottling plant in Kumasi.' }, outputs: ['linkedin_dm', 'cold_call_script'] });
    expect(changed.creditsCharged).toBe(2);
    expect(changed.result.linkedin_dm!.message).toMatch(/bottling plant/);
    expect(await credits()).toBe(before - 5);
  });
});

describe('the LLM path through the openai SDK (loopback fake)', () => {
  let fake: FakeOpenAi;
  let app: TestApp;
  let user: TestUser;
  const credits = async () => (await app.client(user).getCredits(user.email)).credits;
  const pieces = (t: string) => t.match(/[\s\S]{1,9}/g) ?? [];
  const isDm = (body: FakeOpenAiRequest['body']) => JSON.stringify(body.response_format ?? {}).includes('linkedin_dm');

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await startTestApp({
      deps: {
        generator: createOpenAiGenerator({
          baseUrl: fake.url,
          apiKey: 'sk-test',
          model: 'fake-model',
          idleTimeoutMs: 2000,
          retryBaseMs: 5,
          maxAttempts: 2,
          maxTokens: 900,
        }),
      },
    });
    user = await app.signUp('Sam');
    await app.client(user).updateSettings(user.email, SETTINGS);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.setRouter(null);
  });

  it('streams the sections in order, sends max_tokens, and gives the model the extracted facts', async () => {
    fake.enqueue({
      chunks: ['[[section:0]]\n- **GDC:** Ask Aiko about', ' the talk.\n[[section:1]]\n- **Be brief:** keep it short at Shiori Games.\n'],
    });
    const lines = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email }));
    const sections = lines.filter((l) => l.content).map((l) => l.section);
    expect(sections).toEqual([...sections].sort((a, b) => a - b));
    expect(new Set(sections)).toEqual(new Set([0, 1]));
    expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: null });
    const body = fake.requests[0]!.body;
    expect(body).toMatchObject({ model: 'fake-model', stream: true, max_tokens: 900 });
    const prompt = body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain('Company: Shiori Games');
    expect(prompt).toContain('Role: Head of Talent');
    expect(prompt).toMatch(/No recent news was found/);
    expect(prompt).toContain(SETTINGS.aboutMe);
  });

  it('Regenerate asks the model for a new variant (higher temperature) and charges', async () => {
    const before = await credits();
    fake.setDefault({ chunks: ['[[section:0]]\n- One about Shiori Games.\n[[section:1]]\n- Two for Aiko.\n'] });
    const again = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email }));
    expect(again[0]!.stored).toBe(true);
    expect(fake.requests).toHaveLength(0);
    await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, regenerate: true }));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.temperature).toBe(1);
    expect(await credits()).toBe(before - 1);
  });

  it('a sectionless answer → the no-insights error, refunded, item Failed', async () => {
    const before = await credits();
    fake.enqueue({ chunks: ['Sure! Here are some ideas for talking to Aiko: ask about GDC.'] });
    const lines = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'sectionless' }));
    expect(lines.at(-1)!.errorMessage).toBe(PORTAL_MESSAGES.noInsightsGenerated);
    expect(await credits()).toBe(before);
    const item = (await app.client(user).getHistory(user.email)).find((h) => h._id === lines[0]!.historyId);
    expect(item?.status).toBe('Failed');
  });

  it('Enrich asks for structured output (json_schema) and parses it; a malformed answer is refunded', async () => {
    const DM = {
      connectionNote: 'Hi Chidi, congrats on the Ghana expansion at Zenith Foods.',
      message: 'Hi Chidi,\n\nGhana next — exciting for Zenith Foods.\n\nBest, Sam',
    };
    const SCRIPT = {
      opener: 'Hi Chidi, this is Sam from TalentLoop.',
      reason: 'Zenith Foods is expanding into Ghana.',
      value: 'Hiring there fast matters.',
      discoveryQuestions: ['How many hires in Accra?', 'Who runs hiring?', 'What slows it down?'],
      objectionHandling: [{ objection: 'No time', response: 'Two minutes?' }],
      close: 'Thursday at 10?',
    };
    fake.setRouter((body) => ({ chunks: pieces(JSON.stringify(isDm(body) ? DM : SCRIPT)) }));
    const out = await app.client(user).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'] });
    expect(out.result).toMatchObject({ generator: 'openai', linkedin_dm: DM, cold_call_script: SCRIPT });
    const formats = fake.requests.map(
      (r) => r.body.response_format as { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } },
    );
    expect(formats.map((f) => f.type)).toEqual(['json_schema', 'json_schema']);
    expect(formats.map((f) => f.json_schema.name).sort()).toEqual(['cold_call_script', 'linkedin_dm']);
    expect(formats.every((f) => f.json_schema.strict)).toBe(true);
    expect(formats.find((f) => f.json_schema.name === 'cold_call_script')!.json_schema.schema.required).toContain('objectionHandling');
    expect(fake.requests.every((r) => r.body.max_tokens === 900)).toBe(true);

    const before = await credits();
    fake.setRouter((body) => ({ chunks: pieces(isDm(body) ? '{"connectionNote": "Hi", "message": ' : JSON.stringify(SCRIPT)) }));
    await expect(
      app.client(user).enrich({ lead: { ...lead, id: 'zoho-778' }, outputs: ['linkedin_dm', 'cold_call_script'] }),
    ).rejects.toThrow(`502: ${JSON.stringify({ message: ENRICH_FAILED_MESSAGE, code: 'upstream_unavailable' })}`);
    expect(await credits()).toBe(before);
    await expect(app.client(user).getEnrichment('zoho-778')).rejects.toThrow(/^404: /);
    expect(before).toBeLessThan(FREE_MONTHLY_CREDITS);
  });
});
