import { ADDITIONAL_SECTION_TITLE, SECTION_TITLES } from '@shared/constants';
import type { ChatMessage } from '../openai-chat-stream';
import { sectionMarker } from '../section-splitter';
import type { IcebreakInput } from '../text-generator';
import { describeHeadlines, describeSender } from './settings-context';

/** Icebreak (spec §3): starters, rapport tips, additional insights, each after its marker line. */
export function icebreakPrompt(input: IcebreakInput): ChatMessage[] {
  const system = [
    'You help salespeople, recruiters and founders start real conversations with people they have not met.',
    'Write in English, in lightweight markdown (bullets with "- ", **bold** labels followed by a colon, links as [text](url)).',
    'Be specific to the person described: use their name, company, role, place and interests when given. Never invent facts or news.',
    'Answer in exactly three sections, in this order, each starting with its marker alone on a line:',
    `${sectionMarker(0)} — ${SECTION_TITLES[0]}: 3 to 5 conversation starters, tied to the recent news listed when there is any.`,
    `${sectionMarker(1)} — ${SECTION_TITLES[1]}: 3 to 5 practical tips for building rapport with this person, in line with the goal.`,
    `${sectionMarker(2)} — ${ADDITIONAL_SECTION_TITLE}: what stands out about the person that helps the conversation (2 to 4 bullets).`,
    'Do not write section titles yourself; the markers are enough. Write nothing before the first marker.',
  ].join('\n');
  const user = [
    `Goal of the conversation: ${input.goal}`,
    '',
    'About the user (who will start the conversation):',
    describeSender(input),
    '',
    'Recent news about the person\'s company:',
    describeHeadlines(input),
    '',
    'Description of the person:',
    input.description,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
