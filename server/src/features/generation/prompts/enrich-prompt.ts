import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import type { ChatMessage } from '../openai-chat-stream';
import type { EnrichInput } from '../text-generator';
import { profileFromLead } from '../extract-profile';
import { describeHeadlines, describeProfile, describeSender } from './settings-context';
import { writingRules } from './writing-rules';
import { enrichLanguage } from '../output-language';

function describeLead(input: EnrichInput): string {
  const { extra, id: _id, ...fields } = input.lead;
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== null && v !== undefined && String(v).trim() !== '')
    .map(([k, v]) => `${k}: ${String(v)}`);
  for (const [k, v] of Object.entries(extra ?? {})) if (v.trim()) lines.push(`${k}: ${v}`);
  return lines.join('\n') || '(the CRM record has no details)';
}

function common(input: EnrichInput): string {
  return [
    `Goal of the outreach: ${input.goal}`,
    '',
    'About the user (the sender):',
    describeSender(input),
    '',
    "Recent news about the lead's company:",
    describeHeadlines(input),
    '',
    'The lead, from the CRM:',
    describeLead(input),
    '',
    'What could be read from the lead with certainty:',
    describeProfile(profileFromLead(input.lead)),
  ].join('\n');
}

const JSON_ONLY =
  "Answer with one JSON object and nothing else (no markdown fence, no commentary). Never invent facts about the lead. Use the lead's concrete details. Say what the user's product does for this lead in your own words, never copying a sentence of the user's settings; follow the user's content preferences for tone and sign-off. No placeholders.";

export function linkedinDmPrompt(input: EnrichInput): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You write hyper-personalised LinkedIn direct messages for salespeople. Friendly, specific, no hard pitch, no emojis unless the user asks for them.',
        `Write two versions: "connectionNote" (a connection request note of at most ${LINKEDIN_CONNECTION_NOTE_MAX} characters) and "message" (a longer direct message, with line breaks).`,
        `${JSON_ONLY} Shape: {"connectionNote": string, "message": string}`,
        'Rules:',
        writingRules(input, 'linkedin_dm', enrichLanguage(input)),
      ].join('\n'),
    },
    { role: 'user', content: common(input) },
  ];
}

export function coldCallScriptPrompt(input: EnrichInput): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You write cold-call scripts for salespeople: natural spoken language, short sentences, specific to the lead.',
        'The script has an opener, the reason for the call, the value for the lead, 3 to 5 discovery questions, handling for 2 to 4 likely objections, and a close that asks for a next step.',
        `${JSON_ONLY} Shape: {"opener": string, "reason": string, "value": string, "discoveryQuestions": string[], "objectionHandling": [{"objection": string, "response": string}], "close": string}`,
        'Rules:',
        writingRules(input, 'cold_call_script', enrichLanguage(input)),
      ].join('\n'),
    },
    { role: 'user', content: common(input) },
  ];
}
