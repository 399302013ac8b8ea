import { callFeedbackSchema, type TranscriptTurn } from '@shared/schemas/calls';
import { describe, expect, it } from 'vitest';
import { converse, skilledRepLines } from '../../../../tests/helpers/practice';
import { createOfflineFeedbackWriter, scoreOffline } from './feedback';
import { createOfflineProspect } from './offline-prospect';
import { CRITERIA, scenarioById, SCENARIOS } from './scenarios';

const budget = scenarioById('budget-freeze-cfo')!;
const seller = { name: 'Sam Carter', aboutMe: 'I sell expense automation software to mid-size companies.' };
const engine = createOfflineProspect();

const goodLines = [
  "Hi Dana, this is Sam from Ledgerly. I'm calling because we help finance teams cut manual invoice matching.",
  'I understand the freeze. Most customers see the tool pay for itself within the quarter, and we can start with a no-cost pilot.',
  "What's driving most of the overspend right now?",
  'Fair question. A logistics customer of ours cut matching time by 60 percent, and I can run the numbers on your data.',
  'How do you and your COO usually decide on a new vendor?',
  "Totally respect your time. It would be one 30-minute meeting with you and your COO, that's it.",
  'How about Tuesday at 10am for a 30-minute call with your COO?',
];
const poorLines = [
  'hello',
  'We have the best platform on the market, it does everything, reporting, automation, dashboards, integrations, analytics, forecasting, approvals, and our customers love it, it is really the leading solution and you should definitely buy it this month because the price goes up soon.',
  'Do you want to buy it?',
  'It is really great, honestly.',
];

const turn = (role: TranscriptTurn['role'], text: string): TranscriptTurn => ({ role, text, at: '2026-01-01T09:00:00.000Z' });

describe('offline feedback', () => {
  it('scores a good call well above a poor one, with the five criteria in rubric order', async () => {
    const good = scoreOffline({ scenario: budget, transcript: (await converse(engine, budget, goodLines, { seller })).transcript });
    const poor = scoreOffline({ scenario: budget, transcript: (await converse(engine, budget, poorLines, { seller })).transcript });
    for (const f of [good, poor]) {
      expect(callFeedbackSchema.parse(f)).toEqual(f);
      expect(f.rubric.map((r) => r.criterion)).toEqual([...CRITERIA]);
      expect(f.rubric.map((r) => r.max)).toEqual(CRITERIA.map((c) => budget.rubric[c].max));
      expect(f.score).toBe(f.rubric.reduce((n, r) => n + r.score, 0));
      expect(f.tips).toHaveLength(3);
      expect(f.generator).toBe('offline');
    }
    expect(good.score).toBeGreaterThanOrEqual(80);
    expect(poor.score).toBeLessThanOrEqual(30);
    const by = (f: typeof good, c: string) => f.rubric.find((r) => r.criterion === c)!;
    expect(by(good, 'next_step').score).toBe(budget.rubric.next_step.max);
    expect(by(good, 'next_step').note).toContain('Tuesday at 10am');
    expect(by(good, 'objections').score).toBe(budget.rubric.objections.max);
    expect(by(poor, 'opener').score).toBe(0);
    expect(by(poor, 'next_step').score).toBe(0);
  });

  it("tips quote the rep's own words", async () => {
    const transcript = (await converse(engine, budget, poorLines, { seller })).transcript;
    const f = scoreOffline({ scenario: budget, transcript });
    const repTexts = transcript.filter((t) => t.role === 'rep').map((t) => t.text);
    for (const tip of f.tips) {
      const quoted = [...tip.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.replace(/…$/, ''));
      expect(quoted.length, tip).toBeGreaterThan(0);
      expect(
        quoted.some((q) => repTexts.some((r) => r.startsWith(q) || r.includes(q))),
        tip,
      ).toBe(true);
    }
    expect(new Set(f.tips).size).toBe(3);
    // The tips go where the most points were lost: the unanswered freeze, no next step.
    expect(f.tips.join(' ')).toContain(budget.hiddenObjections[0]!.topic);
    expect(f.tips.join(' ')).toMatch(/day and time/);
  });

  it('names the objection that was left open and what a good answer sounds like', () => {
    const freeze = budget.hiddenObjections[0]!;
    const f = scoreOffline({
      scenario: budget,
      transcript: [
        turn('prospect', 'Dana Whitfield speaking.'),
        turn('rep', "Hi Dana, this is Sam from Ledgerly, I'm calling because we help finance teams."),
        turn('prospect', `Right, Sam. ${freeze.line}`),
        turn('rep', 'Our product is very good.'),
        turn('prospect', freeze.followUp),
      ],
    });
    const objections = f.rubric.find((r) => r.criterion === 'objections')!;
    expect(objections.score).toBe(0);
    expect(objections.note).toContain(freeze.topic);
    const tip = f.tips.find((t) => t.includes(freeze.topic))!;
    expect(tip).toContain('"Our product is very good."');
    expect(tip).toContain(freeze.goodAnswer.slice(1, 30));
  });

  it('penalises a rep who talks too much', async () => {
    const pitch = `Let me tell you everything: ${Array.from({ length: 120 }, (_, i) => `feature${i}`).join(' ')}.`;
    const lines = [...goodLines.slice(0, 2), pitch, ...goodLines.slice(2)];
    const balanced = scoreOffline({ scenario: budget, transcript: (await converse(engine, budget, goodLines, { seller })).transcript });
    const talky = scoreOffline({ scenario: budget, transcript: (await converse(engine, budget, lines, { seller })).transcript });
    const talk = (f: typeof talky) => f.rubric.find((r) => r.criterion === 'talk_listen')!;
    expect(talk(balanced).score).toBe(budget.rubric.talk_listen.max);
    expect(talk(talky).score).toBeLessThanOrEqual(Math.ceil(budget.rubric.talk_listen.max / 2));
    expect(talk(talky).note).toMatch(/\d+%.*longest turn ran 125 words/);
    expect(talky.score).toBeLessThan(balanced.score);
    expect(talky.tips.join(' ')).toMatch(/"Let me tell you everything: feature0[^"]*", ran 125 words/);
  });

  it('gives 0 and practical tips for a call where the rep said nothing', async () => {
    for (const transcript of [[], [turn('prospect', 'Dana Whitfield speaking.'), turn('rep', '   ')]]) {
      const f = await createOfflineFeedbackWriter().score({ scenario: budget, transcript }, new AbortController().signal);
      expect(f.score).toBe(0);
      expect(f.rubric.map((r) => r.score)).toEqual([0, 0, 0, 0, 0]);
      expect(f.rubric.map((r) => r.criterion)).toEqual([...CRITERIA]);
      expect(f.tips).toHaveLength(3);
      expect(f.tips[0]).toMatch(/Open with your name/);
      expect(callFeedbackSchema.parse(f)).toEqual(f);
    }
  });

  it('every scenario: a skilled call scores at least 70 and beats a silent-ish one; text is clean', async () => {
    for (const s of SCENARIOS) {
      const good = scoreOffline({ scenario: s, transcript: (await converse(engine, s, skilledRepLines(s), { seller })).transcript });
      const weak = scoreOffline({ scenario: s, transcript: (await converse(engine, s, ['hi', 'ok', 'ok'], { seller })).transcript });
      expect(good.score, s.id).toBeGreaterThanOrEqual(70);
      expect(good.score, s.id).toBeGreaterThan(weak.score + 30);
      for (const text of [...good.tips, ...weak.tips, good.summary, weak.summary, ...good.rubric.map((r) => r.note)]) {
        expect(text, s.id).not.toMatch(/undefined|NaN|\[object|\$\{|\s[.,]| {2}/);
      }
    }
  });
});
