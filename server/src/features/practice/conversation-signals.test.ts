import { describe, expect, it } from 'vitest';
import { agreesToNextStep, openerSignals, proposalIn, questionsIn, quote, repNameIn, saysGoodbye } from './conversation-signals';

describe('conversation signals', () => {
  it('finds the rep name in common introductions, also without capitals (speech-to-text)', () => {
    expect(repNameIn('Hi Dana, this is Sam from Ledgerly.')).toBe('Sam');
    expect(repNameIn("hi my name is priya and I'm calling from Acme")).toBe('Priya');
    expect(repNameIn("I'm Alex with Zeta.")).toBe('Alex');
    expect(repNameIn("I'm calling because we help finance teams.")).toBeNull();
    expect(repNameIn("It's just a quick call.")).toBeNull();
  });

  it('reads whether an opener says who and why', () => {
    expect(openerSignals("Hi, this is Sam from Ledgerly. I'm calling because you're hiring.")).toEqual({
      repName: 'Sam',
      introduced: true,
      reason: true,
    });
    expect(openerSignals('Hello, calling from Ledgerly.')).toMatchObject({ repName: null, introduced: true, reason: false });
    expect(openerSignals('hello')).toEqual({ repName: null, introduced: false, reason: false });
  });

  it('tells open from closed questions, with or without question marks', () => {
    expect(questionsIn('What is driving the overspend? Do you have a budget? So how do you decide')).toEqual({
      open: ['What is driving the overspend?', 'So how do you decide'],
      closed: ['Do you have a budget?'],
    });
    expect(questionsIn('How about Tuesday at 10am?').open).toEqual([]);
    expect(questionsIn('We help finance teams.')).toEqual({ open: [], closed: [] });
  });

  it('recognises a concrete proposal and tidies its time', () => {
    expect(proposalIn('How about Tuesday at 10am for a 30-minute call?')).toEqual({
      meeting: true,
      time: 'Tuesday at 10am',
      concrete: true,
    });
    expect(proposalIn('Could we do a demo next week?')).toMatchObject({ concrete: true, time: 'next week' });
    expect(proposalIn('thursday afternoon at 2:30 pm works?')).toMatchObject({ concrete: true, time: 'Thursday afternoon at 2:30 pm' });
    expect(proposalIn('Can we set up a meeting sometime?')).toEqual({ meeting: true, time: null, concrete: false });
    expect(proposalIn('We saved a customer 10 hours a week.').concrete).toBe(false);
    expect(proposalIn('What does your ordering process look like today?').concrete).toBe(false);
    expect(proposalIn('Are you free today at 4pm?')).toMatchObject({ concrete: true, time: 'today at 4pm' });
  });

  it('recognises goodbyes and agreement', () => {
    for (const t of ['Thanks for your time, goodbye!', 'Have a great day.', 'Talk soon.', 'bye']) expect(saysGoodbye(t), t).toBe(true);
    for (const t of ['Thanks for taking my call.', 'By the way, we integrate with SAP.']) expect(saysGoodbye(t), t).toBe(false);
    expect(agreesToNextStep('Tuesday works for me. Send me an invite.')).toBe(true);
    expect(agreesToNextStep("I'm not convinced yet.")).toBe(false);
  });

  it('quotes at most a few words, without double quotes inside', () => {
    expect(quote('one two three four five', 3)).toBe('one two three…');
    expect(quote('He said "hi" to me', 10)).toBe("He said 'hi' to me");
  });
});
