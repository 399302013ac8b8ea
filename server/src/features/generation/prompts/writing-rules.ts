import { LANGUAGE_NAMES, LINKEDIN_CONNECTION_NOTE_MAX, type OutputLanguage } from '@shared/constants';
import { contentRules } from '../content-rules';
import type { WriterContext } from '../text-generator';

/**
 * The rules every LLM answer follows, stated explicitly (issue 25 item 8): what the checks in
 * answer-check.ts verify is said here first, so a good model passes at the first try.
 */
export function writingRules(
  ctx: WriterContext,
  output: 'icebreak' | 'linkedin_dm' | 'cold_call_script',
  language: OutputLanguage,
): string {
  const rules = contentRules(ctx.settings.contentPreferences);
  const lines = [
    `Write in ${LANGUAGE_NAMES[language]}, whatever language the input or the user's settings are in (names stay as written).`,
    `The goal ("${ctx.goal}") decides what you write; never say the goal, or that you have one, to the prospect.`,
    'Write sentences of your own: never paste a fragment of the description, the CRM fields or the user\'s settings into a sentence, and never write a field label ("Notes:", "Description:") inside a sentence.',
    'Use only the facts given. Leave out what you cannot say in a correct sentence. No placeholders such as [Name] or {{company}}.',
    'Check grammar and spelling before you answer: every sentence complete, subject and verb agreeing.',
  ];
  if (output === 'linkedin_dm') {
    lines.push(`The connection note has at most ${LINKEDIN_CONNECTION_NOTE_MAX} characters, spaces included.`);
    lines.push(
      rules.maxWords !== undefined
        ? `The message has at most ${rules.maxWords} words (the user's limit: count them).`
        : 'The message has 80 to 160 words.',
    );
    if (rules.greeting) lines.push(`The message starts with "${rules.greeting}".`);
    if (rules.signOff) lines.push(`The message ends with the sign-off "${rules.signOff}".`);
  }
  if (ctx.settings.contentPreferences.trim())
    lines.push("Follow the user's content preferences (tone, length, greeting, sign-off) as rules, not as text to quote.");
  return lines.map((l) => `- ${l}`).join('\n');
}

/** The problems the check found in the previous answer, for the one retry. */
export function retryFeedback(problems: string[]): string {
  return [
    'Your previous answer was rejected by the quality check for these reasons:',
    ...problems.slice(0, 12).map((p) => `- ${p}`),
    'Write the whole answer again, fixing every one of them.',
  ].join('\n');
}
