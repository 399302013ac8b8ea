/**
 * A stand-in model for the loopback OpenAI fake: it answers each writer prompt (Icebreak, LinkedIn DM,
 * cold-call script) with short, grammatical text built from the facts the prompt lists, and follows
 * the prompt's word limit, greeting and sign-off. It lets the evaluation and tests run the whole LLM
 * writer path (prompt, stream, parse, checks) offline; it says nothing about a real model's quality.
 */
import type { FakeOpenAiRequest, FakeOpenAiScript } from './openai-server';

const fact = (prompt: string, label: string) => new RegExp(`^- ${label}: (.+)$`, 'm').exec(prompt)?.[1]?.trim() ?? '';
const pieces = (text: string) => text.match(/[\s\S]{1,24}/g) ?? [];

function facts(body: FakeOpenAiRequest['body']) {
  const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
  const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
  const name = fact(user, 'Name');
  return {
    system,
    first: name.split(/\s+/)[0] || 'there',
    company: fact(user, 'Company'),
    place: fact(user, 'Location'),
    maxWords: Number(/at most (\d+) words/.exec(system)?.[1] ?? 0) || undefined,
    greeting: /starts with "([^"]+)"/.exec(system)?.[1],
    signOff: /ends with the sign-off "([^"]+)"/.exec(system)?.[1],
  };
}

export function writerModelAnswer(body: FakeOpenAiRequest['body']): string {
  const f = facts(body);
  const at = f.company ? ` at ${f.company}` : '';
  if (f.system.includes('"connectionNote"')) {
    const body =
      f.maxWords && f.maxWords < 25 ? 'How is the year going?' : `I noticed your work${at}. How is the year going for your team?`;
    const message = `${f.greeting ?? 'Hi'} ${f.first},\n\n${body}\n\n${f.signOff ?? 'Best regards'}`;
    return JSON.stringify({ connectionNote: `Hi ${f.first}, I came across your work${at} and would be glad to connect.`, message });
  }
  if (f.system.includes('"opener"')) {
    return JSON.stringify({
      opener: `Hi ${f.first}, thanks for taking my call.`,
      reason: `I am calling because of your work${at}.`,
      value: 'We help teams like yours save time every week.',
      discoveryQuestions: [
        'What takes most of your time this quarter?',
        'Who else works on this with you?',
        'What would you change first?',
      ],
      objectionHandling: [{ objection: 'We have no budget.', response: 'I understand. Would a short look next quarter be useful?' }],
      close: 'Could we talk for twenty minutes next week?',
    });
  }
  return [
    '[[section:0]]',
    `- Ask ${f.first} what has changed${at} this year.`,
    ...(f.place ? [`- Ask what ${f.first} likes most about ${f.place}.`] : []),
    '[[section:1]]',
    '- Keep the first message short and specific.',
    '- Ask one question and listen to the answer.',
    '[[section:2]]',
    '- The description gives few details, so ask before you assume.',
    '',
  ].join('\n');
}

/** A router for `FakeOpenAi.setRouter`: every request answered by the stand-in model, in small pieces. */
export function writerModelRouter(body: FakeOpenAiRequest['body']): FakeOpenAiScript {
  return { chunks: pieces(writerModelAnswer(body)) };
}
