import { describe, expect, it } from 'vitest';
import type { Lead } from '@shared/schemas/enrich';
import { checkColdCallScript, checkIcebreak, checkLinkedinDm } from './answer-check';
import { contentRules, countWords } from './content-rules';
import { readStyle } from './writer/sender';
import { extractProfile } from './extract-profile';
import type { EnrichInput, IcebreakInput } from './text-generator';

const settings = {
  name: 'Sam',
  aboutMe: 'I sell Beacon at Beacon Software.',
  contentPreferences: 'Keep messages under 20 words. Sign off with "Best, Sam".',
};
const lead: Lead = { id: 'l1', First_Name: 'Maria', Company: 'Northwind' };
const enrich: EnrichInput = { lead, goal: 'build rapport', settings, headlines: [] };
const description = 'Jane Smith, CTO at Acme Robotics in Berlin.';
const icebreak: IcebreakInput = { description, profile: extractProfile(description), goal: 'build rapport', settings, headlines: [] };

describe('contentRules', () => {
  it('reads word limits, greeting and sign-off said plainly', () => {
    expect(contentRules('Keep messages under 80 words, friendly.')).toEqual({ maxWords: 80 });
    expect(contentRules('No more than 120 words. Start every message with "Hey". Sign off with \'Cheers, Ana\'')).toEqual({
      maxWords: 120,
      greeting: 'Hey',
      signOff: 'Cheers, Ana',
    });
    expect(contentRules('Warm and direct, no emojis.')).toEqual({});
  });
  it('reads the plain forms too: the offline writer follows the same rules the LLM check verifies', () => {
    expect(contentRules('60 words tops. Greet with hello. Sign off with Best regards.')).toEqual({
      maxWords: 60,
      greeting: 'Hello',
      signOff: 'Best regards',
    });
    expect(contentRules('Use Kind regards to sign off')).toEqual({ signOff: 'Kind regards' });
    expect(readStyle('Keep messages under 80 words. Start with "Hey". Sign off with \'Cheers, Ana\'')).toMatchObject({
      wordLimit: 80,
      greeting: 'Hey',
      signOff: 'Cheers, Ana',
    });
  });
  it('counts words as a reader does', () => {
    expect(countWords('Hi Maria — how are you?\n\nBest, Sam')).toBe(7);
  });
});

describe('the checks of an LLM answer', () => {
  it('passes a clean DM and names each broken rule', async () => {
    expect(
      await checkLinkedinDm({ connectionNote: 'Hi Maria, glad to connect.', message: 'Hi Maria, quick hello.\n\nBest, Sam' }, enrich),
    ).toEqual([]);
    const problems = await checkLinkedinDm(
      { connectionNote: `Hi [Name], ${'x'.repeat(300)}`, message: `My goal is to build rapport. ${'word '.repeat(25)}` },
      enrich,
    );
    expect(problems.join('\n')).toMatch(/placeholder \(\[Name\]\)/);
    expect(problems.join('\n')).toMatch(/connection note has \d+ characters; LinkedIn allows 300/);
    expect(problems.join('\n')).toMatch(/tells the prospect the goal/);
    expect(problems.join('\n')).toMatch(/the user's limit is 20/);
    expect(problems.join('\n')).toMatch(/sign-off "Best, Sam"/);
  });
  it('a script that states the goal is rejected; a markdown link is not a placeholder', async () => {
    const script = {
      opener: 'Hi Maria, this is Sam.',
      reason: 'I want to build rapport with you.',
      value: 'See [our case study](https://example.com).',
      discoveryQuestions: ['How do you plan routes?'],
      objectionHandling: [],
      close: 'Talk Thursday?',
    };
    expect(await checkColdCallScript(script, enrich)).toEqual([expect.stringMatching(/^The reason tells the prospect the goal/)]);
    expect(await checkColdCallScript({ ...script, reason: 'I saw your hiring news.' }, enrich)).toEqual([]);
  });
  it("Icebreak: no holes, and the linter's findings with the input words exempt", async () => {
    expect(await checkIcebreak(['- Ask about Berlin.', '- Be brief.'], icebreak)).toEqual([]);
    const seen: string[][] = [];
    const lint = (text: string, { inputWords }: { inputWords: string[] }) => {
      seen.push(inputWords);
      return text.includes('a leads') ? ['article before a verb ("a leads")'] : [];
    };
    const problems = await checkIcebreak(['- Ask about a leads.', '- Be brief {{company}}.'], icebreak, lint);
    expect(problems).toEqual([
      'Section 1 has a template placeholder ({{company}}); write the real words or leave it out.',
      'Section 0: article before a verb ("a leads")',
    ]);
    expect(seen[0]).toEqual(expect.arrayContaining(['Acme', 'Robotics', 'Beacon']));
  });
});
