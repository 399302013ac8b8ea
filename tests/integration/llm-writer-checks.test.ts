import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMUNICATION_STYLE_SECTION } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { Lead } from '@shared/schemas/enrich';
import type { TestUser } from '../helpers/emulator';
import { collectLines } from '../helpers/stream';
import { startLlmTestApp } from '../helpers/llm-test-app';
import type { TestApp } from '../helpers/test-app';
import { DEFAULT_CHUNKS, type FakeOpenAi, type FakeOpenAiRequest } from '../fakes/openai-server';

/*
 * The LLM writer's checks (issue 25 item 8): an answer that fails them is asked for once more with
 * the problems found; a second failure fails the work and refunds it with a clear message.
 */

const DESCRIPTION = 'Jane Smith is the CTO at Acme Robotics in Berlin. She loves climbing and open-source hardware.';
/** A template hole in the starters: never shown as Ready. */
const BAD_ICEBREAK = ['[[section:0]]\n', '- Ask [Name] about the Berlin expansion.\n', '[[section:1]]\n', '- Keep it short.\n'];

const lead: Lead = { id: 'zoho-lead-checks', First_Name: 'Maria', Last_Name: 'Lopez', Company: 'Northwind Logistics' };
const GOOD_DM = {
  connectionNote: 'Hi Maria, your work on the Rotterdam hub caught my eye. Happy to connect.',
  message: 'Hi Maria,\n\nShort and specific.\n\nCheers, Sam',
};
/** Over the user's limit of 12 words. */
const LONG_DM = {
  ...GOOD_DM,
  message: `Hi Maria,\n\n${'Northwind Logistics moves a great many pallets every single day. '.repeat(3)}\n\nCheers, Sam`,
};
const pieces = (text: string) => text.match(/[\s\S]{1,16}/g) ?? [];
const lastUserMessage = (r: FakeOpenAiRequest) => r.body.messages!.at(-1)!.content;

let fake: FakeOpenAi;
let app: TestApp;
let user: TestUser;
const credits = async () => (await app.client(user).getCredits(user.email)).credits;

beforeAll(async () => {
  ({ fake, app } = await startLlmTestApp());
  user = await app.signUp('Sam Seller');
  await app.client(user).updateSettings(user.email, {
    name: 'Sam Seller',
    aboutMe: 'I sell warehouse automation at LiftCo.',
    contentPreferences: 'Casual. Keep messages under 12 words. Sign off with "Cheers, Sam".',
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.setRouter(null);
});

describe('Icebreak: the answer is checked before it is Ready', () => {
  it('a bad answer then a good one → the bad text is withdrawn, the good one is Ready after one retry, one credit', async () => {
    const before = await credits();
    fake.enqueue({ chunks: BAD_ICEBREAK }, { chunks: DEFAULT_CHUNKS });
    const lines = await collectLines(await app.client(user).search({ profileUrl: DESCRIPTION, email: user.email, goal: 'book a demo' }));
    expect(fake.requests).toHaveLength(2);
    // The retry carries the rejected answer and what was wrong with it.
    expect(lastUserMessage(fake.requests[1]!)).toMatch(/rejected[\s\S]*placeholder \(\[Name\]\)/);
    const restartAt = lines.findIndex((l) => l.restart);
    expect(restartAt).toBeGreaterThan(0);
    expect(lines.slice(0, restartAt).some((l) => l.content.includes('[Name]'))).toBe(true);
    const after = lines
      .slice(restartAt)
      .map((l) => l.content)
      .join('');
    expect(after).not.toContain('[Name]');
    expect(after).toContain('Berlin expansion');
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ done: true, errorMessage: null });
    const item = await app.client(user).getInsights(last.historyId!, user.email);
    expect(item.historyItem).toMatchObject({ status: 'Ready' });
    expect(item.historyItem!.insightsText.join('')).not.toContain('[Name]');
    expect(await credits()).toBe(before - 1);
  });

  it('two bad answers → Failed, refunded, and the user is told why', async () => {
    const before = await credits();
    fake.enqueue({ chunks: BAD_ICEBREAK }, { chunks: BAD_ICEBREAK });
    const lines = await collectLines(
      await app.client(user).search({ profileUrl: `${DESCRIPTION} Climbs in Spain.`, email: user.email, goal: 'book a demo' }),
    );
    expect(fake.requests).toHaveLength(2);
    expect(lines.at(-1)).toMatchObject({ done: true, errorMessage: MESSAGES.writerQualityFailed });
    const item = await app.client(user).getInsights(lines.at(-1)!.historyId!, user.email);
    expect(item.historyItem).toMatchObject({ status: 'Failed' });
    expect(await credits()).toBe(before);
  });
});

describe("Enrich: the user's content preferences are rules the answer is checked against", () => {
  it('a message over the word limit then one within it → delivered after one retry', async () => {
    const before = await credits();
    fake.enqueue({ chunks: pieces(JSON.stringify(LONG_DM)) }, { chunks: pieces(JSON.stringify(GOOD_DM)) });
    const out = await app.client(user).enrich({ lead, outputs: ['linkedin_dm'], goal: 'book a demo' });
    expect(out.result.linkedin_dm).toEqual(GOOD_DM);
    expect(fake.requests).toHaveLength(2);
    // The rule is in the prompt, and the retry says what was wrong.
    expect(fake.requests[0]!.body.messages![0]!.content).toContain('at most 12 words');
    expect(lastUserMessage(fake.requests[1]!)).toMatch(/The message has \d+ words; the user's limit is 12\./);
    expect(await credits()).toBe(before - 1);
  });

  it('two answers over the limit → 502 with a clear message, refunded, nothing stored', async () => {
    const before = await credits();
    const other: Lead = { ...lead, id: 'zoho-lead-checks-2' };
    fake.setRouter(() => ({ chunks: pieces(JSON.stringify(LONG_DM)) }));
    await expect(app.client(user).enrich({ lead: other, outputs: ['linkedin_dm'] })).rejects.toThrow(
      `502: ${JSON.stringify({ message: MESSAGES.writerQualityFailed, code: 'upstream_unavailable' })}`,
    );
    expect(fake.requests).toHaveLength(2);
    expect(await credits()).toBe(before);
    await expect(app.client(user).getEnrichment(other.id)).rejects.toThrow(/^404: /);
  });
});

describe('Icebreak: the communication style is a structured part of the LLM answer', () => {
  const STYLED = 'Priya Nair, Head of Data at Finlytics in Pune. PhD; writes about metrics and rigorous benchmarks.';
  const style = (cues: string[]) =>
    `[[section:3]]\n${JSON.stringify({ style: 'analytical', cues, confidence: 'high', do: 'Bring numbers she can check.', dont: 'Do not rush her.' })}\n`;

  it('its JSON becomes the "Communication Style" section, resting only on words of the description', async () => {
    fake.enqueue({ chunks: [...DEFAULT_CHUNKS, style(['PhD', 'metrics', 'loves spreadsheets'])] });
    const lines = await collectLines(await app.client(user).search({ profileUrl: STYLED, email: user.email }));
    const item = await app.client(user).getInsights(lines.at(-1)!.historyId!, user.email);
    const section = item.historyItem!.insightsText[COMMUNICATION_STYLE_SECTION]!;
    expect(section).toMatch(/^Guessed from the words of the description/);
    expect(section).toContain('- **Likely style:** Analytical (confidence: high)');
    expect(section).toContain('- **Based on:** "PhD" and "metrics"');
    expect(section).not.toContain('spreadsheets');
    // Not streamed as JSON: the client only ever saw the markdown.
    expect(lines.map((l) => l.content).join('')).not.toContain('"cues"');
  });

  it('left out when the model says none, or its cues are not in the description', async () => {
    for (const tail of ['[[section:3]]\nnone\n', style(['loves spreadsheets'])]) {
      fake.enqueue({ chunks: [...DEFAULT_CHUNKS, tail] });
      const lines = await collectLines(await app.client(user).search({ profileUrl: `${STYLED} ${tail.length}`, email: user.email }));
      const item = await app.client(user).getInsights(lines.at(-1)!.historyId!, user.email);
      expect(item.historyItem!.status).toBe('Ready');
      expect(item.historyItem!.insightsText[COMMUNICATION_STYLE_SECTION] ?? '').toBe('');
    }
  });
});
