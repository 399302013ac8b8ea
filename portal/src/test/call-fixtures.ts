import type { CallDetail, CallFeedback, CallSummary, PracticeConfig, ScenarioSummary, StartPracticeResponse } from '@shared/schemas';

export const PRACTICE_LINE = '+14155550199';
export const SAVED_NUMBER = '+4915123456789';

export const PHONE_ON: PracticeConfig = { phoneEnabled: true, phoneNumber: PRACTICE_LINE, callsPerDay: 5, maxMinutes: 10 };
export const PHONE_OFF: PracticeConfig = { phoneEnabled: false, phoneNumber: null, callsPerDay: 5, maxMinutes: 10 };

export const SCENARIOS: ScenarioSummary[] = [
  {
    id: 'busy-cfo',
    title: 'The Busy CFO',
    summary: 'A CFO with five minutes between meetings.',
    prospectName: 'Dana Fox',
    prospectRole: 'CFO',
    company: 'Northwind Robotics',
    difficulty: 'hard',
    goal: 'Book a 20-minute discovery call.',
  },
  {
    id: 'curious-ops',
    title: 'The Curious Ops Lead',
    summary: 'An operations lead who replied to your e-mail.',
    prospectName: 'Sam Lee',
    prospectRole: 'Head of Operations',
    company: 'Contoso Freight',
    difficulty: 'easy',
    goal: 'Agree on a demo with the team.',
  },
];

export const FEEDBACK: CallFeedback = {
  score: 72,
  rubric: [
    { criterion: 'opener', label: 'Opener', score: 4, max: 5, note: 'You said who you are and why you called.' },
    { criterion: 'discovery', label: 'Discovery questions', score: 3, max: 5, note: 'Two open questions.' },
    { criterion: 'objections', label: 'Objections handled', score: 3, max: 5, note: 'You acknowledged the budget concern.' },
    { criterion: 'talk_listen', label: 'Talk/listen balance', score: 4, max: 5, note: 'You spoke 45% of the time.' },
    { criterion: 'next_step', label: 'Next step agreed', score: 2, max: 5, note: 'No date was fixed.' },
  ],
  tips: [
    'Ask "what happens if nothing changes?" after "We help finance teams".',
    'Name a day for the follow-up.',
    'Pause after your question.',
  ],
  summary: 'A friendly call that stopped short of a next step.',
  generator: 'offline',
};

export const startResponse = (overrides: Partial<StartPracticeResponse> = {}): StartPracticeResponse => ({
  callId: 'call-42',
  scenario: SCENARIOS[0]!,
  socketPath: '/api/calls/practice/socket',
  maxMinutes: 10,
  ...overrides,
});

export function callSummary(i: number, overrides: Partial<CallSummary> = {}): CallSummary {
  return {
    id: `call-${i}`,
    mode: i % 2 ? 'phone' : 'browser',
    status: 'completed',
    scenario: { id: 'busy-cfo', title: `Scenario ${i}` },
    createdAt: new Date(Date.UTC(2026, 10, 20, 9, 0) - i * 3_600_000).toISOString(),
    completedAt: null,
    durationSeconds: 125,
    score: 60 + (i % 30),
    errorMessage: null,
    ...overrides,
  };
}

export function callDetail(overrides: Partial<CallDetail> = {}): CallDetail {
  return {
    ...callSummary(1),
    id: 'call-42',
    mode: 'browser',
    scenario: SCENARIOS[0]!,
    score: FEEDBACK.score,
    transcript: [
      { role: 'prospect', text: 'Dana speaking, I have two minutes.', at: '2026-11-20T09:00:01Z' },
      { role: 'rep', text: 'Hi Dana, this is Pat from Acme.', at: '2026-11-20T09:00:05Z' },
      { role: 'prospect', text: 'What is this about?', at: '2026-11-20T09:00:08Z' },
    ],
    feedback: FEEDBACK,
    ...overrides,
  };
}
