import { beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@shared/schemas/enrich';
import { profileFromLead } from '../extract-profile';
import { createOfflineGenerator } from '../offline-generator';
import { lintText } from '../quality/lint-text';
import type { EnrichInput } from '../text-generator';
import { isPluralPhrase } from './grammar';
import { momentsOf } from './moments';
import { proseFacts } from './prose-facts';

// The offline writer checks its English with Harper, whose WASM takes seconds to start: once here, not in a test's time.
beforeAll(() => lintText('Ready.'), 120_000);

const settings = {
  name: 'Alice Seller',
  aboutMe: 'I sell Beacon, a field-service scheduling platform, at Beacon Software. We cut technician travel time by 20%.',
  contentPreferences: 'Keep messages under 80 words',
};
const lead = (over: Partial<Lead>): Lead => ({
  id: '7',
  First_Name: 'Marguerite',
  Last_Name: 'Oyelowo',
  Company: 'Pinewood Care Homes',
  Designation: 'Operations Director',
  Industry: 'Healthcare',
  City: 'Leicester',
  ...over,
});
const gen = createOfflineGenerator();
const signal = () => new AbortController().signal;

async function write(l: Lead, variant: number) {
  const input: EnrichInput = { lead: l, goal: 'book a demo', settings, headlines: [], variant };
  return { dm: await gen.linkedinDm(input, signal()), script: await gen.coldCallScript(input, signal()) };
}

describe('the lead’s own need is the subject of the message and the call', () => {
  it.each([0, 1, 2])(
    '"Replacing spreadsheets for shift planning by Q3" is said in the lead’s words, not as "staff rosters" (variant %i)',
    async (variant) => {
      const { dm, script } = await write(
        lead({ Description: 'Replacing spreadsheets for shift planning by Q3. 11 homes, 600 carers.' }),
        variant,
      );
      const need = /replacing spreadsheets for shift planning/;
      expect(dm.message).toMatch(need);
      // The ask is about it (the paragraph before the sign-off).
      expect(dm.message.split('\n\n').at(-2)).toMatch(need);
      expect(script.reason).toMatch(need);
      expect(script.opener).toMatch(need);
      // A need is one phrase: the notes after it ("11 homes, 600 carers") are not pasted into it.
      expect(`${dm.message} ${script.reason}`).not.toMatch(/600 carers/);
    },
  );

  it.each([0, 1, 2])(
    '"Evaluating predictive maintenance tools for substations" stays the subject when Regenerate leads with another fact (variant %i)',
    async (variant) => {
      const l = lead({
        First_Name: 'Ravi',
        Last_Name: 'Menon',
        Company: 'Gridline Utilities',
        Designation: 'Asset Manager',
        Industry: 'Utilities',
        City: 'Pune',
        Description: 'Evaluating predictive maintenance tools for substations. Met at DistribuTECH.',
      });
      const { dm, script } = await write(l, variant);
      const need = /predictive maintenance tools for substations/;
      expect(dm.message).toMatch(need);
      expect(dm.connectionNote).toMatch(need);
      expect(script.reason).toMatch(need);
    },
  );

  it('a wish for a thing ("wants route optimisation") is a need too', async () => {
    const { dm, script } = await write(
      lead({ First_Name: 'Kwame', Company: 'Volta Haulage', Industry: 'Logistics', Description: 'wants route optimisation' }),
      0,
    );
    expect(dm.message).toMatch(/route optimisation/);
    expect(script.reason).toMatch(/route optimisation/);
  });

  it('inflects the need to fit each sentence: "you’re replacing…", the deadline left out of the topic', () => {
    const p = proseFacts(profileFromLead(lead({ Description: 'Replacing the permit system by 2027.' })));
    const [need] = momentsOf(p);
    expect(need?.kind).toBe('need');
    expect(need?.openers[0]).toBe("I understand you're replacing the permit system by 2027.");
    expect(need?.topic).toEqual({ np: 'replacing the permit system', plural: false });
  });

  it('agrees with a need whose head comes before a relative clause ("alarms that reach someone’s phone are")', async () => {
    expect(isPluralPhrase("alarms that reach someone's phone")).toBe(true);
    // A contact clause starts with its subject: "the tools you rely on are".
    expect(isPluralPhrase('the tools you rely on')).toBe(true);
    expect(isPluralPhrase('the data we keep')).toBe(false);
    expect(isPluralPhrase('AOG delays and parts tracking in spreadsheets')).toBe(true);
    expect(isPluralPhrase('profit and loss reporting')).toBe(false);
    const { dm } = await write(lead({ Description: "wants alarms that reach someone's phone" }), 0);
    expect(dm.message).not.toMatch(/phone is\b/);
  });

  it('claims no fit on a word that says nothing about the product ("one telehealth platform" / "a scheduling platform")', async () => {
    for (const variant of [0, 1, 2]) {
      const { dm, script } = await write(lead({ Description: 'wants one telehealth platform for all sites' }), variant);
      expect(`${dm.message} ${script.value}`).not.toMatch(/close to what you're working on|looked relevant|lines up with/);
    }
  });

  it('takes neither a subject ("Scheduling is a mess") nor a noun ("pricing pressure") for work in progress', () => {
    for (const Description of ['Scheduling is a mess.', 'Pricing pressure from two new competitors.']) {
      const p = proseFacts(profileFromLead(lead({ Description })));
      expect(momentsOf({ ...p, needs: p.needs.length ? p.needs : [Description] }).filter((m) => m.kind === 'need')).toEqual([]);
    }
  });
});

describe('a need named as things, with no verb', () => {
  const needs = (list: string[]) => momentsOf({ ...profileFromLead(lead({})), needs: list, events: [] });

  it('is what the text is about, said with plural agreement', async () => {
    // A note's "are unreliable" without its verb: the things are what it is about.
    expect(needs(['moisture sensors on old bins unreliable'])[0]?.questions[0]).toBe(
      'Where do moisture sensors on old bins stand for the team today?',
    );
    const [m] = needs(['Maintenance records on paper']);
    expect(m?.topic).toEqual({ np: 'maintenance records on paper', plural: true });
    expect(m?.openers[0]).toBe('I gather maintenance records on paper are on your mind at the moment.');
    for (const sentence of [...m!.openers, ...m!.questions]) expect(await lintText(sentence)).toEqual([]);
    const { script } = await write(lead({ Description: 'Pain: audit findings from KCAA.' }), 0);
    expect(JSON.stringify(script)).toContain('audit findings from KCAA');
    // Plural things are "them" in every variant of the call's reason.
    for (const variant of [0, 1, 2, 3, 4]) {
      const { script: s } = await write(lead({ Description: 'Pain: maintenance records on paper.' }), variant);
      expect(s.reason).not.toMatch(/\b(?:approaching|understand) it\b|make it a success/);
    }
    // And in the message's ask.
    for (const variant of [0, 1, 2, 3, 4]) {
      const { dm } = await write(lead({ Description: 'Pain: maintenance records on paper.' }), variant);
      expect(dm.message).not.toMatch(/look at it together/);
    }
  });

  it('is a wish when the verb is a plural subject\'s ("they want …", its subject left out)', async () => {
    const [m] = needs(['want simple online booking']);
    expect(m?.topic).toEqual({ np: 'simple online booking', plural: false });
    expect(m?.openers[0]).toBe("I understand you're looking for simple online booking.");
    expect(needs(['need a quote for 40 handsets'])[0]?.openers[0]).toBe("I'm following up on your request for a quote for 40 handsets.");
    const { script } = await write(lead({ Description: 'They want simple online booking for the day centre.' }), 0);
    expect(JSON.stringify(script)).toContain('simple online booking');
  });

  it('is left out when it has a verb, or is one thing that would need an article', () => {
    expect(needs(['pharmacists overwhelmed by phone calls'])).toEqual([]);
    expect(needs(['loyalty program'])).toEqual([]);
  });
});

describe('a request of the seller', () => {
  const needs = (list: string[]) => momentsOf({ ...profileFromLead(lead({})), needs: list, events: [] });

  it('is asked about as a request, with its article, without the note’s timing', async () => {
    const [demo] = needs(['wants demo next week']);
    expect(demo?.label).toBe('A demo');
    expect(demo?.openers[0]).toBe("I'm following up on your request for a demo.");
    expect(demo?.questions).toContain('By when do you need a demo?');
    const [quote] = needs(['would like a quote for 40 cold-room sensors by Friday']);
    expect(quote?.words).toBe('a quote for 40 cold-room sensors');
    for (const sentence of [...demo!.openers, ...demo!.questions, ...quote!.openers, ...quote!.questions])
      expect(await lintText(sentence)).toEqual([]);
    // A thing wanted for the team is still a wish, not a request.
    expect(needs(['wants route optimisation'])[0]?.openers[0]).toBe("I understand you're looking for route optimisation.");
  });
});

describe('an interest', () => {
  const interests = (list: string[]) => momentsOf({ ...profileFromLead(lead({})), needs: [], events: [], interests: list });

  it('that is a subject of work is asked about as one, not as how they switch off', async () => {
    const [topic] = interests(['synthetic identity fraud']);
    expect(topic?.questions.join(' ')).not.toMatch(/switch off|alongside work/);
    expect(topic?.questions[0]).toBe('What is your take on synthetic identity fraud at the moment?');
    for (const sentence of [...topic!.openers, ...topic!.questions]) expect(await lintText(sentence)).toEqual([]);
    // A pastime is still one.
    expect(interests(['dragon boating'])[0]?.questions).toContain('Is dragon boating still how you switch off after work?');
  });
});

describe('a note’s shorthand said in whole sentences', () => {
  const read = (over: { needs?: string[]; events?: string[] }) =>
    momentsOf({
      ...profileFromLead(lead({})),
      needs: over.needs ?? [],
      events: (over.events ?? []).map((said) => ({ said, you: said, topic: said, personal: false })),
    });

  it('says what they evaluate without the note after a comma, and keeps a list whole', async () => {
    const [m] = read({ needs: ['evaluating rostering tools, shortlist of 3'] });
    expect(m?.questions[1]).toBe('What matters most to you as you compare rostering tools?');
    expect(read({ needs: ['comparing Xero, QuickBooks and Sage'] })[0]?.questions[1]).toContain('Xero, QuickBooks and Sage');
    // One thing is not compared with itself: the options for it are.
    expect(read({ needs: ['looking at a traceability system'] })[0]?.questions[1]).toBe(
      'What matters most to you as you compare options for a traceability system?',
    );
    // An aim is asked about by its first step, which fits an aim that is never "done" ("selling to …").
    expect(read({ needs: ['wants to sell cold-pressed oils to health stores'] })[0]?.questions[2]).toBe(
      'What is the first step toward selling cold-pressed oils to health stores?',
    );
    expect(read({ needs: ['needs job costing per site, estimates are guesswork now'] })[0]?.openers[0]).toBe(
      "I understand you're looking for job costing per site.",
    );
    const p = profileFromLead(lead({ Description: 'Looking at fleet mgmt tools.' }));
    expect(p.needs.join(' ')).toContain('fleet management tools');
  });

  it('says a fact without the rep’s note in brackets or the clause after a comma', () => {
    const [event] = read({ events: ['won the contract to refit the harbour ferries (2-yr job)'] });
    expect(event?.questions.join(' ')).toContain('winning the contract to refit the harbour ferries');
    expect([...(event?.questions ?? []), ...(event?.openers ?? [])].join(' ')).not.toContain('2-yr job');
    // Nor the clause after a comma that says why or what follows.
    const [opened] = read({ events: ['opened a second depot in Ayr in March, so the rota is stretched'] });
    expect(opened?.questions.join(' ')).toContain('opening a second depot in Ayr in March change');
    expect(opened?.questions.join(' ')).not.toContain('rota');
    const [need] = read({ needs: ['evaluating dispatch software (budget approved)'] });
    expect(need?.questions[1]).toBe('What matters most to you as you compare options for dispatch software?');
  });

  it('says a headline’s passive ("export licence to Canada approved") as what was done to the thing', async () => {
    const [m] = read({ events: ['export licence to Canada approved'] });
    expect(m?.openers[0]).toBe('I saw that the export licence to Canada was approved.');
    expect(m?.questions[0]).toBe('What does the export licence to Canada change for the team?');
    expect(m?.questions[1]).toBe('What comes next now that the export licence to Canada has been approved?');
    for (const sentence of [...m!.openers, ...m!.questions])
      expect(await lintText(sentence, { inputWords: ['export licence to Canada approved'] })).toEqual([]);
    // A thing said with its own determiner is not given another ("the our grant").
    expect(JSON.stringify(read({ events: ['our grant approved'] }))).not.toContain('the our');
  });
});
