import { describe, expect, it } from 'vitest';
import { communicationStyleSchema } from '@shared/schemas/communication-style';
import { COMMUNICATION_STYLE_SECTION } from '@shared/constants';
import {
  communicationStyleSection,
  formatCommunicationStyle,
  groundedStyle,
  guessCommunicationStyle,
  withCommunicationStyle,
} from './communication-style';
import { createOfflineGenerator } from './offline-generator';
import { extractProfile } from './extract-profile';
import { qualityLinter } from './answer-check';

const ANALYTICAL =
  'Priya Nair, Head of Data at Finlytics in Pune. PhD in statistics; writes about metrics, benchmarks and rigorous A/B testing.';
const DIRECT =
  'Tom Berg, results-driven VP Sales at Northwind. Exceeded quota 6 years running; fast-paced, no-nonsense, bottom line first.';
const STEADY = 'Ana Costa leads People at Verde. Mentor at Women in SaaS, volunteers on weekends, cares about team culture and wellbeing.';
const NOTHING = 'Jane Smith, CTO at Acme Robotics in Berlin.';

describe('guessCommunicationStyle', () => {
  it('names the style, the words it rests on (as written) and a confidence', () => {
    const g = guessCommunicationStyle(ANALYTICAL)!;
    expect(g).toMatchObject({ style: 'analytical', confidence: 'high' });
    expect(g.cues).toEqual(expect.arrayContaining(['Data', 'PhD', 'metrics', 'benchmarks']));
    for (const cue of g.cues) expect(ANALYTICAL).toContain(cue);
    expect(guessCommunicationStyle(DIRECT)).toMatchObject({ style: 'direct', confidence: 'high' });
    expect(guessCommunicationStyle(STEADY)?.style).toBe('steady');
    expect(communicationStyleSchema.safeParse(g).success).toBe(true);
  });

  it('is left out when the description gives nothing to go on, or one cue, or a tie', () => {
    expect(guessCommunicationStyle(NOTHING)).toBeNull();
    expect(guessCommunicationStyle('Maria Lopez, data lead at Northwind.')).toBeNull();
    expect(guessCommunicationStyle('Sam Lee: passionate speaker, data and metrics person.')).toBeNull();
    expect(communicationStyleSection(extractProfile(NOTHING), NOTHING)).toBeNull();
  });

  it('two cues give a low-confidence guess', () => {
    expect(guessCommunicationStyle('Lea Kim, community builder and mentor at Hive.')).toMatchObject({ style: 'steady', confidence: 'low' });
  });
});

describe('the Communication style section', () => {
  it('is labelled as a guess, quotes its cues, gives a do and an avoid tip, and passes the lints', async () => {
    const md = communicationStyleSection(extractProfile(DIRECT), DIRECT)!;
    expect(md).toMatch(/^Guessed from the words of the description, not known/);
    expect(md).toContain('- **Likely style:** Direct (confidence: high)');
    expect(md).toMatch(/- \*\*Based on:\*\* "results-driven", .* and "/);
    expect(md).toMatch(/- \*\*Do:\*\* .+\n- \*\*Avoid:\*\* .+/);
    for (const d of [ANALYTICAL, DIRECT, STEADY]) {
      const text = communicationStyleSection(extractProfile(d), d)!;
      // The LLM writer's own check: Harper and the patterns, the description's words spelled as written.
      expect(await qualityLinter(text, { inputWords: d.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [], names: [] })).toEqual([]);
    }
  }, 30_000);

  it("an LLM's guess keeps only the cues the description contains", () => {
    const llm = {
      style: 'steady' as const,
      cues: ['Mentor', 'loves poetry'],
      confidence: 'medium' as const,
      do: 'Be patient.',
      dont: 'Rush.',
    };
    expect(groundedStyle(llm, STEADY)).toEqual({ ...llm, cues: ['Mentor'] });
    expect(groundedStyle({ ...llm, cues: ['loves poetry'] }, STEADY)).toBeNull();
    expect(formatCommunicationStyle(groundedStyle(llm, STEADY)!)).toContain('**Based on:** "Mentor"');
  });
});

describe('the offline writer with the insight', () => {
  const settings = { name: '', aboutMe: '', contentPreferences: '' };
  async function sections(description: string) {
    const out: string[] = [];
    const input = { description, profile: extractProfile(description), goal: 'build rapport', settings, headlines: [] };
    for await (const c of withCommunicationStyle(createOfflineGenerator()).icebreak(input, new AbortController().signal))
      out[c.section] = (out[c.section] ?? '') + c.content;
    return out;
  }
  it('adds the section after its own when there are cues, and nothing when there are none', async () => {
    const styled = await sections(STEADY);
    expect(styled[0]).toBeTruthy();
    expect(styled[COMMUNICATION_STYLE_SECTION]).toContain('**Likely style:** Steady');
    expect((await sections(NOTHING))[COMMUNICATION_STYLE_SECTION]).toBeUndefined();
  });
});
