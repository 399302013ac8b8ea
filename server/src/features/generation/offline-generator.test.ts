import { beforeAll, describe, expect, it } from 'vitest';
import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import type { Lead } from '@shared/schemas/enrich';
import { extractProfile, profileFromLead } from './extract-profile';
import { createOfflineGenerator } from './offline-generator';
import type { EnrichInput, IcebreakChunk, IcebreakInput } from './text-generator';
import { lintText } from './quality/lint-text';
import { industryAngle } from './writer/industry';

const settings = {
  name: 'Alice Seller',
  aboutMe: 'I run partnerships at RouteIQ, a route-planning platform for freight teams. We cut empty miles by a fifth.',
  contentPreferences: 'Short and warm, no emojis.',
};
const description = 'Jane Smith is the CTO at Acme Robotics in Berlin. She loves climbing and open-source hardware.';
const lead: Lead = {
  id: '42',
  First_Name: 'Maria',
  Last_Name: 'Lopez',
  Company: 'Northwind Logistics',
  Designation: 'Head of Operations',
  Industry: 'logistics',
  City: 'Rotterdam',
};

function icebreakInput(over: Partial<IcebreakInput> = {}): IcebreakInput {
  return { description, profile: extractProfile(description), goal: 'build rapport', settings, headlines: [], ...over };
}

async function run(input: IcebreakInput): Promise<IcebreakChunk[]> {
  const out: IcebreakChunk[] = [];
  for await (const c of createOfflineGenerator().icebreak(input, new AbortController().signal)) out.push(c);
  return out;
}

const text = (chunks: IcebreakChunk[], section: number) =>
  chunks
    .filter((c) => c.section === section)
    .map((c) => c.content)
    .join('');

// The offline writer checks its English with Harper, whose WASM takes seconds to start: once here, not in a test's time.
beforeAll(() => lintText('Ready.'), 120_000);

describe('the offline writer', () => {
  it('extracts name, role, company, place and interests from a description', () => {
    expect(extractProfile(description)).toMatchObject({
      firstName: 'Jane',
      lastName: 'Smith',
      role: 'CTO',
      company: 'Acme Robotics',
      place: 'Berlin',
      industry: '',
      interests: ['climbing', 'open-source hardware'],
    });
    expect(
      extractProfile('Met Carlos at a conference. He works as a senior engineer for Stark Industries, based in Austin, Texas.'),
    ).toMatchObject({
      firstName: 'Carlos',
      role: 'senior engineer',
      company: 'Stark Industries',
      place: 'Austin, Texas',
    });
    expect(extractProfile('Priya Raman is VP of Sales at Globex in Toronto.')).toMatchObject({
      role: 'VP of Sales',
      company: 'Globex',
      place: 'Toronto',
    });
  });

  it('fixed inputs give fixed outputs', async () => {
    const a = await run(icebreakInput());
    const b = await run(icebreakInput());
    expect(a).toEqual(b);
    const dm1 = await createOfflineGenerator().linkedinDm(
      { lead, goal: 'book a demo', settings, headlines: [] },
      new AbortController().signal,
    );
    const dm2 = await createOfflineGenerator().linkedinDm(
      { lead, goal: 'book a demo', settings, headlines: [] },
      new AbortController().signal,
    );
    expect(dm1).toEqual(dm2);
    // And the exact text, so an accidental change shows up here.
    expect(text(a, 0).split('\n')[0]).toBe('- **Climbing:** Ask Jane (Acme Robotics): “Is climbing still how you switch off after work?”');
    expect(dm1.connectionNote).toBe(
      'Hi Maria, I came across your work as Head of Operations at Northwind Logistics while reading about last-minute order changes. Happy to connect if empty miles are on your mind too. — Alice',
    );
  });

  it("writes sections 0, 1, 2 in order, with the person's name and company, and what it understood", async () => {
    const chunks = await run(icebreakInput({ goal: 'hire her' }));
    const sections = chunks.map((c) => c.section);
    expect(sections).toEqual([...sections].sort());
    expect(new Set(sections)).toEqual(new Set([0, 1, 2]));
    expect(text(chunks, 0)).toContain('Acme Robotics');
    expect(text(chunks, 0)).toContain('climbing');
    expect(text(chunks, 1)).toContain('Jane');
    expect(text(chunks, 1)).toContain('hire her');
    expect(text(chunks, 1)).toContain('RouteIQ'); // the user's own settings
    expect(text(chunks, 2)).toContain('**Name:** Jane Smith');
    expect(text(chunks, 2)).toContain('**Goal:** hire her');
    expect(createOfflineGenerator().kind).toBe('offline');
  });

  it('uses headlines for the news-driven starters', async () => {
    const chunks = await run(
      icebreakInput({
        headlines: [
          {
            title: 'Acme Robotics opens Berlin plant',
            url: 'https://news.example/a',
            source: 'news.example',
            seenAt: '2026-11-01T10:00:00Z',
          },
        ],
      }),
    );
    // Harper reads "news.example" as a sentence ending in "news." and one starting "example": the grammar
    // gate keeps the wording without the source.
    expect(text(chunks, 0).split('\n')[0]).toBe(
      '- **In the news:** [Acme Robotics opens Berlin plant](https://news.example/a) (2026-11-01). Ask Jane: “What does this mean for your plans at Acme Robotics this year?”',
    );
  });

  it('grammar gate: a tip Harper objects to ("you want to book an demo") is said in its safer wording, the rest kept', async () => {
    const chunks = await run(icebreakInput({ goal: 'book an demo' }));
    const tips = text(chunks, 1);
    expect(tips).toContain('- **Keep your goal in view:** Ask two questions about the work at Acme Robotics');
    expect(tips).not.toContain('an demo');
    expect(tips).toContain('- **Follow up:**');
    expect(text(chunks, 0)).toContain('Climbing');
    // The insights quote the goal as the user wrote it: a required line, kept.
    expect(text(chunks, 2)).toContain('**Goal:** book an demo');
  });

  it('still writes something useful from a description it cannot parse', async () => {
    const input = icebreakInput({ description: 'someone I met', profile: extractProfile('someone I met') });
    const chunks = await run(input);
    expect(text(chunks, 0)).toContain('Open question');
    expect(text(chunks, 1).length).toBeGreaterThan(50);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const it = createOfflineGenerator().icebreak(icebreakInput(), controller.signal)[Symbol.asyncIterator]();
    await it.next();
    controller.abort(new Error('gone'));
    await expect(it.next()).rejects.toThrow('gone');
  });

  it('LinkedIn DM: connection note ≤ 300 characters even with long settings; both lengths name the lead', async () => {
    const long = { ...settings, aboutMe: 'We build things. '.repeat(100), name: 'Alexandra Konstantinopoulou-Smythe' };
    const input: EnrichInput = {
      lead: { ...lead, Description: 'Loves sailing, chess, and very long walks along the harbour' },
      goal: 'x'.repeat(400),
      settings: long,
      headlines: [],
    };
    const dm = await createOfflineGenerator().linkedinDm(input, new AbortController().signal);
    expect(dm.connectionNote.length).toBeLessThanOrEqual(LINKEDIN_CONNECTION_NOTE_MAX);
    expect(dm.connectionNote).toContain('Maria');
    expect(dm.message).toContain('Maria');
    expect(dm.message).toContain('Northwind Logistics');
    expect(dm.message.length).toBeGreaterThan(dm.connectionNote.length);
    for (const company of ['A'.repeat(290), 'Northwind']) {
      const note = (
        await createOfflineGenerator().linkedinDm({ ...input, lead: { ...lead, Company: company } }, new AbortController().signal)
      ).connectionNote;
      expect(note.length).toBeLessThanOrEqual(LINKEDIN_CONNECTION_NOTE_MAX);
    }
  });

  it('cold-call script: opener, reason, value, discovery questions, objections and close, all about the lead', async () => {
    const script = await createOfflineGenerator().coldCallScript(
      { lead, goal: 'book a demo', settings, headlines: [] },
      new AbortController().signal,
    );
    expect(script.opener).toContain('Maria');
    expect(script.opener).toContain('Alice Seller');
    // Issue 25: the goal steers the script but is never said to the prospect.
    expect(JSON.stringify(script)).not.toMatch(/book a demo|my goal|your goal/i);
    expect(script.value).toContain('RouteIQ');
    expect(script.discoveryQuestions.length).toBeGreaterThanOrEqual(3);
    expect(script.discoveryQuestions.join(' ')).toContain('Northwind Logistics');
    expect(script.objectionHandling.length).toBeGreaterThanOrEqual(2);
    expect(script.close).toContain('Northwind Logistics');
  });
});

describe('facts quoted from input in another language', () => {
  const hungarian =
    'Kovács Réka – beszerzési vezető, Duna Acél Zrt., Győr. A cég új raktárt nyit, és elégedetlenek a jelenlegi rendszerrel. Szabadidejében kórusban énekel.';

  it('are left out of English text: no Hungarian hobby pasted into an English question', async () => {
    const profile = extractProfile(hungarian);
    expect(profile.interests.join(' ')).toContain('kórusban');
    const all = (await run(icebreakInput({ description: hungarian, profile }))).map((c) => c.content).join('');
    expect(all).toContain('Réka');
    expect(all).not.toMatch(/kórusban|énekel|elégedetlenek|raktárt/);
  });

  it('are left out when the text is Dutch, whose "in" and "is" read as English stop words', async () => {
    const dutchLead: Lead = {
      id: '78',
      First_Name: 'Sanne',
      Last_Name: 'Bakker',
      Company: 'Zorggroep Veenland',
      Designation: 'Teamleider planning',
      Industry: 'Zorg',
      Description: 'Zorggroep met 9 locaties. Roosters worden nog in Excel gemaakt en het verzuim is hoog. Fietst graag.',
    };
    expect(profileFromLead(dutchLead).interests.join(' ')).toContain('Fietst');
    const input = { lead: dutchLead, goal: 'book a demo', settings, headlines: [] };
    const dm = await createOfflineGenerator().linkedinDm(input, new AbortController().signal);
    const script = await createOfflineGenerator().coldCallScript(input, new AbortController().signal);
    const all = JSON.stringify([dm, script]);
    expect(all).toContain('Sanne');
    expect(all).not.toMatch(/Fietst|graag|Roosters|verzuim/);
  });

  it('are left out when the text is in another script, whose words Harper’s spelling check skips', async () => {
    const russian = 'Анна Смирнова — руководитель закупок в компании «Северный Ветер» (Казань). Увлечения: горные лыжи и джаз.';
    const profile = extractProfile(russian);
    expect(profile.interests.join(' ')).toContain('джаз');
    const all = (await run(icebreakInput({ description: russian, profile }))).map((c) => c.content).join('');
    expect(all).toContain('Анна');
    expect(all).not.toMatch(/лыжи|джаз/);
  });

  it('are kept from English input, even a hobby Harper does not know ("padel")', async () => {
    const english = 'Jane Smith is the CTO at Acme Robotics in Berlin. She plays padel every week.';
    const all = (await run(icebreakInput({ description: english, profile: extractProfile(english) }))).map((c) => c.content).join('');
    expect(all).toContain('padel');
  });
});

describe('an industry named in another language', () => {
  it("picks the questions for a French law firm's partner from its industry, though the English text does not say the French words", async () => {
    const frenchLead: Lead = {
      id: '77',
      First_Name: 'Olivier',
      Last_Name: 'Marchal',
      Company: 'Marchal & Associés',
      Designation: 'Associé gérant',
      Industry: "Cabinet d'avocats",
      City: 'Liège',
    };
    const script = await createOfflineGenerator().coldCallScript(
      { lead: frenchLead, goal: 'book a demo', settings, headlines: [] },
      new AbortController().signal,
    );
    const legal = industryAngle('Legal services').questions;
    expect(
      script.discoveryQuestions.some((q) => legal.includes(q)),
      script.discoveryQuestions.join(' | '),
    ).toBe(true);
    expect(JSON.stringify(script)).not.toContain("d'avocats");
  });
});

describe('what the rep offers, and what the lead is unhappy with', () => {
  const ledger = { ...settings, aboutMe: 'Ledgerly automates month-end close for finance teams. It reconciles bank feeds overnight.' };
  const unhappy: Lead = {
    id: '79',
    First_Name: 'Kwame',
    Last_Name: 'Boateng',
    Company: 'Volta Ice Works',
    Designation: 'Managing Director',
    Industry: 'Logistics',
    Description: 'Cold storage for fish traders. Unhappy with mobile payments provider.',
  };

  /** The LinkedIn message and the call script for the lead, in several variants (Regenerate), as one text. */
  const written = async (variants: number[]) => {
    const texts: string[] = [];
    for (const variant of variants) {
      const input = { lead: unhappy, goal: 'book a demo', settings: ledger, headlines: [], variant };
      const dm = await createOfflineGenerator().linkedinDm(input, new AbortController().signal);
      const script = await createOfflineGenerator().coldCallScript(input, new AbortController().signal);
      texts.push(JSON.stringify([dm, script]));
    }
    return texts.join(' ');
  };

  it('says whom the product is for once ("finance teams automate month-end close"), never "teams … for finance teams"', async () => {
    const all = await written([0, 1, 2, 3, 4, 5]);
    expect(all).not.toMatch(/\bteams\b[^.]*\bfor finance teams\b/);
    expect(all).toMatch(/finance teams (?:automate|use Ledgerly)/i);
  });

  it('says the provider they are unhappy with is theirs ("your mobile payments provider")', async () => {
    const all = await written([0, 1, 2]);
    expect(all).toContain('your mobile payments provider');
    expect(all).not.toMatch(/(?:with|than|hear) mobile payments provider/);
  });
});
