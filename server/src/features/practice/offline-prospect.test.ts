import { describe, expect, it } from 'vitest';
import { collectTurn, converse, skilledRepLines } from '../../../../tests/helpers/practice';
import { addressesObjection, wordCount } from './conversation-signals';
import { createOfflineProspect, offlineProspectTurn } from './offline-prospect';
import { productPhrase } from './prospect-engine';
import { scenarioById, SCENARIOS, type Scenario } from './scenarios';

const engine = createOfflineProspect();
const budget = scenarioById('budget-freeze-cfo')!;
const seller = {
  name: 'Sam Carter',
  aboutMe: 'I sell expense automation software to mid-size companies.',
  contentPreferences: 'Short and direct.',
};

const goodCall = [
  "Hi Dana, this is Sam from Ledgerly. I'm calling because we help finance teams cut manual invoice matching.",
  'I understand the freeze. Most customers see the tool pay for itself within the quarter, and we can start with a no-cost pilot.',
  "What's driving most of the overspend right now?",
  'Fair question. A logistics customer of ours cut matching time by 60 percent, and I can run the numbers on your data.',
  "Totally respect your time. It would be one 30-minute meeting with you and your COO, that's it.",
  'How about Tuesday at 10am for a 30-minute call with your COO?',
];

/** Rep styles used to check the prospect's language across every scenario. */
const STYLES: Record<string, (s: Scenario) => string[]> = {
  skilled: skilledRepLines,
  nameless: (s) => ['Hello, calling from Ledgerly because we help teams cut manual work.', ...skilledRepLines(s).slice(1)],
  pitcher: () => [
    'hello',
    'we have a great product, best in class, everybody loves it',
    'so do you want to buy it',
    'it is really great',
    'ok',
    'ok',
    'ok',
  ],
  questioner: () => [
    "Hi, I'm Alex from Acme. I'm calling because I noticed you're growing.",
    'What are your priorities this quarter?',
    'How do you handle that today?',
    'Why is that?',
    'Could we meet next week?',
    'Thursday at 2pm?',
    'Okay, I will send an e-mail. Have a great day.',
  ],
  quitter: () => ['Hi, this is Kim from Zeta, calling about your sales process.', 'Okay, thanks for your time, goodbye.'],
};

describe('offline prospect', () => {
  it('plays a full call: greeting, opener reaction, objections in order, agreement after a concrete proposal, end event', async () => {
    const call = await converse(engine, budget, goodCall, { seller });
    const turns = call.prospectTurns.map((t) => t.text);
    const [freeze, proof, time] = budget.hiddenObjections;

    expect(turns[0]).toMatch(/Dana|Northwind/); // answers the phone
    expect(call.prospectTurns[0]!.end).toBeNull();
    expect(turns[1]).toContain('Sam'); // heard the rep's name
    expect(turns[1]).toContain('expense automation software'); // reacts to what the seller sells
    expect(turns[1]).toContain(freeze!.line);
    expect(turns[2]).toContain(proof!.line); // freeze answered → next objection
    expect(turns[3]).toContain(budget.discoveryFacts[0]); // a discovery question gets a real answer…
    expect(turns[3]).toMatch(new RegExp(`${escape(proof!.followUp)}|${escape(proof!.line)}`)); // …and the open objection stays open
    expect(turns[4]).toContain(time!.line);
    expect(turns[5]).toMatch(/when|day and a time/i); // objections done, no time named yet → asks for one
    expect(turns[5]).not.toMatch(/works|let's do|it is\./);
    expect(turns[6]).toContain('Tuesday at 10am');
    expect(call.end).toBe('next-step-agreed');
    // Only the last turn ends the call.
    expect(call.prospectTurns.slice(0, -1).every((t) => t.end === null)).toBe(true);
  });

  it('does not agree to a meeting while an objection is unanswered', async () => {
    const call = await converse(engine, budget, [goodCall[0]!, 'Can we meet on Tuesday at 10am?'], { seller });
    expect(call.end).toBeNull();
    const last = call.prospectTurns.at(-1)!.text;
    expect(last).toMatch(/before we put anything in the calendar/i);
    expect(last).not.toContain('Tuesday at 10am');
  });

  it('asks who is calling when the opener names no one and no reason', async () => {
    const call = await converse(engine, budget, ['hello there'], { seller });
    expect(call.prospectTurns[1]!.text).toMatch(/who/i);
    expect(call.prospectTurns[1]!.text).not.toContain(budget.hiddenObjections[0]!.line);
  });

  it('ends politely when the rep says goodbye', async () => {
    const call = await converse(engine, budget, [goodCall[0]!, 'Alright, thanks for your time. Goodbye!'], { seller });
    expect(call.end).toBe('rep-closed');
    expect(call.prospectTurns.at(-1)!.text).toMatch(/bye|take care/i);
  });

  it('hangs up on a rep who keeps dodging', async () => {
    const call = await converse(engine, budget, STYLES.pitcher!(budget), { seller });
    expect(call.end).toBe('prospect-ended');
    expect(call.prospectTurns.at(-1)!.text).toMatch(/goodbye|bye/i);
  });

  it('a hard prospect loses patience sooner than an easy one', async () => {
    const dodges = [
      'Hi, this is Kim from Zeta, calling because we help teams like yours.',
      ...Array.from({ length: 12 }, () => 'It is really great, you will love it.'),
    ];
    const turnsUntilHangUp = async (id: string) => {
      const call = await converse(engine, scenarioById(id)!, dodges, { seller });
      expect(call.end, id).toBe('prospect-ended');
      return call.prospectTurns.length;
    };
    const hard = await turnsUntilHangUp('security-first-it-director');
    const easy = await turnsUntilHangUp('friendly-founder');
    expect(hard).toBeLessThan(easy);
  });

  it('wraps up with a time-limit end once the call passes maxMinutes', async () => {
    const call = await converse(engine, budget, goodCall, { seller, maxMinutes: 1, elapsedSeconds: (turn) => turn * 25 });
    expect(call.end).toBe('time-limit');
    // 0s, 25s, 50s → normal turns; 75s > 60s → wrap-up.
    expect(call.prospectTurns).toHaveLength(4);
    expect(call.prospectTurns.at(-1)!.text).toMatch(/out of time|have to stop/i);
    expect(call.prospectTurns.at(-1)!.text).not.toContain(budget.hiddenObjections[2]!.line);
  });

  it('is deterministic: the same conversation gives the same words, token by token', async () => {
    const a = await converse(engine, budget, goodCall, { seller });
    const b = await converse(engine, budget, goodCall, { seller });
    expect(b.prospectTurns.map((t) => t.tokens)).toEqual(a.prospectTurns.map((t) => t.tokens));
    expect(b.end).toBe(a.end);
  });

  it('does not use Math.random', async () => {
    const original = Math.random;
    Math.random = () => {
      throw new Error('Math.random called');
    };
    try {
      await converse(engine, budget, goodCall, { seller });
    } finally {
      Math.random = original;
    }
  });

  it('varies its wording between scenarios and turns', () => {
    const greetings = new Set(
      SCENARIOS.map((s) =>
        offlineProspectTurn({ scenario: s, seller, transcript: [], elapsedSeconds: 0, maxMinutes: 10 })
          .text.replace(s.prospect.name, 'N')
          .replace(s.prospect.name.split(' ')[0]!, 'N')
          .replace(s.prospect.company, 'C'),
      ),
    );
    expect(greetings.size).toBeGreaterThanOrEqual(3);
  });

  it('filler and pure pitching do not count as answering any objection', () => {
    const filler = [
      'I just wanted to say our product is really good and I think you will like it a lot.',
      'Honestly it is the best on the market, everybody loves it, you should really take a look.',
      'Sure, sure. I hear what you are saying, but trust me, this is great.',
    ];
    for (const s of SCENARIOS) {
      for (const o of s.hiddenObjections) {
        for (const line of filler) expect(addressesObjection(o, line), `${s.id}: ${o.topic}: ${line}`).toBe(false);
      }
    }
  });

  it('a skilled rep can win every scenario', async () => {
    for (const s of SCENARIOS) {
      const call = await converse(engine, s, skilledRepLines(s), { seller });
      expect(call.end, s.id).toBe('next-step-agreed');
      for (const o of s.hiddenObjections)
        expect(
          call.transcript.some((t) => t.role === 'prospect' && t.text.includes(o.line)),
          `${s.id}: ${o.topic}`,
        ).toBe(true);
    }
  });

  it('speaks short, grammatical, complete sentences in every scenario and style', async () => {
    const sellers = [
      seller,
      {},
      { aboutMe: 'I sell an AI note-taker to sales teams.' },
      { aboutMe: 'Our team builds the scheduling platform for clinics.' },
    ];
    for (const s of SCENARIOS) {
      for (const [style, lines] of Object.entries(STYLES)) {
        for (const who of sellers) {
          const call = await converse(engine, s, lines(s), { seller: who });
          for (const turn of call.prospectTurns) {
            const where = `${s.id}/${style}: ${turn.text}`;
            expect(turn.text.length, where).toBeGreaterThan(0);
            expect(turn.text, where).not.toMatch(/undefined|null|NaN|\[object|[{}<>]|\$\{/);
            expect(turn.text, where).not.toMatch(/\bthey has\b|\ba an?\b|\ban [b-df-hj-np-tv-z]|\s[.,!?]|\.\.| {2}|,,/i);
            expect(turn.text, where).toMatch(/^[A-Z"']/);
            expect(turn.text, where).toMatch(/[.?!]$/);
            expect(wordCount(turn.text), where).toBeLessThanOrEqual(45);
          }
        }
      }
    }
  });

  it('streams tokens that join back to the turn, and stops when aborted', async () => {
    const input = {
      scenario: budget,
      seller,
      transcript: [{ role: 'rep' as const, text: goodCall[0]!, at: '' }],
      elapsedSeconds: 5,
      maxMinutes: 10,
    };
    const turn = await collectTurn(engine, input);
    expect(turn.tokens.length).toBeGreaterThan(5);
    expect(turn.tokens.join('').trim()).toBe(offlineProspectTurn(input).text);

    const controller = new AbortController();
    const got: string[] = [];
    const read = (async () => {
      for await (const e of engine.reply(input, controller.signal)) {
        if (e.type === 'token') got.push(e.text);
        if (got.length === 2) controller.abort(new Error('rep interrupted'));
      }
    })();
    await expect(read).rejects.toThrow('rep interrupted');
    expect(got).toHaveLength(2);
  });
});

describe('productPhrase', () => {
  it('reads what the seller sells from About me', () => {
    expect(productPhrase({ aboutMe: 'I sell payroll software to retailers.' })).toEqual({
      bare: 'payroll software',
      phrase: 'payroll software',
    });
    expect(productPhrase({ aboutMe: 'We offer an AI note-taker for doctors' })).toEqual({
      bare: 'AI note-taker',
      phrase: 'an AI note-taker',
    });
    expect(productPhrase({ aboutMe: 'Account executive. Selling our scheduling platform across Europe.' })).toEqual({
      bare: 'scheduling platform',
      phrase: 'your scheduling platform',
    });
    expect(productPhrase({ aboutMe: 'I help people grow.' })).toBeNull();
    expect(productPhrase({})).toBeNull();
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
