import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FREE_MONTHLY_CREDITS, LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import type { Lead } from '@shared/schemas/enrich';
import { ENRICH_FAILED_MESSAGE } from '../../server/src/features/enrich/enrich-routes';
import type { TestUser } from '../helpers/emulator';
import { startLlmTestApp } from '../helpers/llm-test-app';
import type { TestApp } from '../helpers/test-app';
import { type FakeOpenAi, type FakeOpenAiRequest } from '../fakes/openai-server';

const lead: Lead = {
  id: 'zoho-lead-77',
  First_Name: 'Maria',
  Last_Name: 'Lopez',
  Company: 'Northwind Logistics',
  Designation: 'Head of Operations',
  extra: { LinkedIn_URL: 'https://www.linkedin.com/in/maria-lopez-example' },
};
const LONG_NOTE = `Hi Maria, ${'I admire how Northwind Logistics runs its cross-dock network. '.repeat(8)}`;
const DM = { connectionNote: LONG_NOTE, message: 'Hi Maria,\n\nLonger message about Northwind Logistics.\n\nBest, Sam' };
const SCRIPT = {
  opener: 'Hi Maria, this is Sam from LiftCo.',
  reason: 'I saw Northwind Logistics is growing its Rotterdam hub.',
  value: 'We cut pick times by a fifth.',
  discoveryQuestions: ['How do you plan peak season?', 'Who owns warehouse tooling?', 'What would you change first?'],
  objectionHandling: [{ objection: 'No budget', response: 'Understood — what would make it worth a look next quarter?' }],
  close: 'Could we talk for 20 minutes on Thursday?',
};

/** Split a text into small SSE deltas, like a model streaming tokens. */
const pieces = (text: string) => text.match(/[\s\S]{1,12}/g) ?? [];
const isDm = (body: FakeOpenAiRequest['body']) => Boolean(body.messages?.[0]?.content.includes('"connectionNote"'));

let fake: FakeOpenAi;
let app: TestApp;
let user: TestUser;

async function credits() {
  return (await app.client(user).getCredits(user.email)).credits;
}

beforeAll(async () => {
  ({ fake, app } = await startLlmTestApp());
  user = await app.signUp('Sam');
  await app
    .client(user)
    .updateSettings(user.email, { name: 'Sam Seller', aboutMe: 'I sell warehouse automation at LiftCo.', contentPreferences: 'Casual.' });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  // A fenced JSON answer for the DM (models do that), a bare one for the script.
  fake.setRouter((body) => ({
    chunks: pieces(isDm(body) ? `Here you go:\n\`\`\`json\n${JSON.stringify(DM)}\n\`\`\`` : JSON.stringify(SCRIPT)),
  }));
});

describe('Enrich through an OpenAI-compatible upstream (loopback fake)', () => {
  it('returns both outputs from the streamed JSON answers; a connection note over 300 characters is written again', async () => {
    // The first DM answer's note is too long (the check rejects it); the retry's fits.
    let dmAnswers = 0;
    fake.setRouter((body) => {
      if (!isDm(body)) return { chunks: pieces(JSON.stringify(SCRIPT)) };
      const note = dmAnswers++ === 0 ? LONG_NOTE : LONG_NOTE.slice(0, 120).trim();
      return { chunks: pieces(`Here you go:\n\`\`\`json\n${JSON.stringify({ ...DM, connectionNote: note })}\n\`\`\``) };
    });
    const out = await app.client(user).enrich({ lead, outputs: ['linkedin_dm', 'cold_call_script'], goal: 'book a demo' });
    expect(out.creditsCharged).toBe(2);
    expect(out.result.generator).toBe('openai');
    expect(out.result.linkedin_dm!.connectionNote.length).toBeLessThanOrEqual(LINKEDIN_CONNECTION_NOTE_MAX);
    expect(out.result.linkedin_dm!.connectionNote.startsWith('Hi Maria, I admire how Northwind Logistics')).toBe(true);
    expect(out.result.linkedin_dm!.message).toBe(DM.message);
    expect(out.result.cold_call_script).toEqual(SCRIPT);
    expect(fake.requests).toHaveLength(3);
    const dmPrompt = fake.requests
      .find((r) => isDm(r.body))!
      .body.messages!.map((m) => m.content)
      .join('\n');
    expect(dmPrompt).toContain('Company: Northwind Logistics');
    expect(dmPrompt).toContain('LinkedIn_URL: https://www.linkedin.com/in/maria-lopez-example');
    expect(dmPrompt).toContain('I sell warehouse automation at LiftCo.');
    expect(dmPrompt).toContain('book a demo');
    expect(await credits()).toBe(FREE_MONTHLY_CREDITS - 2);
  });

  it('an answer that is not the expected JSON → 502, every credit refunded, nothing stored', async () => {
    const before = await credits();
    fake.setRouter((body) => (isDm(body) ? { chunks: pieces(JSON.stringify(DM)) } : { chunks: pieces('Sorry, I cannot help with that.') }));
    const other: Lead = { ...lead, id: 'zoho-lead-78' };
    await expect(app.client(user).enrich({ lead: other, outputs: ['linkedin_dm', 'cold_call_script'] })).rejects.toThrow(
      `502: ${JSON.stringify({ message: ENRICH_FAILED_MESSAGE, code: 'upstream_unavailable' })}`,
    );
    expect(await credits()).toBe(before);
    await expect(app.client(user).getEnrichment(other.id)).rejects.toThrow(/^404: /);
  });

  it('the upstream failing on every attempt → 502 and refunded', async () => {
    const before = await credits();
    fake.setRouter(() => ({ status: 503 }));
    await expect(app.client(user).enrich({ lead, outputs: ['cold_call_script'] })).rejects.toThrow(/^502: /);
    expect(fake.requests).toHaveLength(2); // maxAttempts
    expect(await credits()).toBe(before);
    // The earlier stored result is still there, unchanged.
    expect((await app.client(user).getEnrichment(lead.id)).cold_call_script).toEqual(SCRIPT);
  });
});
