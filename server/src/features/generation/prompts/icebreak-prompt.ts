import { ADDITIONAL_SECTION_TITLE, COMMUNICATION_STYLE_SECTION, SECTION_TITLES, sectionTitle } from '@shared/constants';
import { communicationStyleSchema } from '@shared/schemas/communication-style';
import { toJSONSchema } from 'zod/v4/core';
import type { ChatMessage } from '../openai-chat-stream';
import { sectionMarker } from '../section-splitter';
import type { IcebreakInput } from '../text-generator';
import { describeHeadlines, describeProfile, describeSender } from './settings-context';
import { writingRules } from './writing-rules';
import { icebreakLanguage } from '../output-language';

const { $schema: _drop, ...styleJson } = toJSONSchema(communicationStyleSchema) as Record<string, unknown>;
/** The Communication style insight is a structured part of the answer: one JSON object in its own section. */
const STYLE_SCHEMA = JSON.stringify(styleJson);

/** Icebreak (docs/product.md#icebreak-analysis): starters, rapport tips, additional insights, each after its marker line. */
export function icebreakPrompt(input: IcebreakInput): ChatMessage[] {
  const system = [
    'You help salespeople, recruiters and founders start real conversations with people they have not met.',
    'Write in lightweight markdown (bullets with "- ", **bold** labels followed by a colon, links as [text](url)).',
    'Be specific to the person described: use their name (exactly as written), company, role, place, recent events and interests. Never invent facts or news; leave out what is not given.',
    "Say what the user's product does for this person in your own words: never copy a sentence of the user's settings. Follow the user's content preferences for tone. No placeholders like [Name].",
    'Answer in exactly four sections, in this order, each starting with its marker alone on a line:',
    input.headlines.length
      ? `${sectionMarker(0)} — ${sectionTitle(0, true)}: 3 to 5 conversation starters; cite the news listed (headline, source, date) as a markdown link.`
      : `${sectionMarker(0)} — ${sectionTitle(0, false)}: 3 to 5 conversation starters built on the concrete details of the person. No news was found: do not mention or imply news.`,
    `${sectionMarker(1)} — ${SECTION_TITLES[1]}: 3 to 5 practical tips for building rapport with this person, in line with the goal.`,
    `${sectionMarker(2)} — ${ADDITIONAL_SECTION_TITLE}: what stands out about the person that helps the conversation (2 to 4 bullets).`,
    `${sectionMarker(COMMUNICATION_STYLE_SECTION)} — communication style: your guess at how the person likes to be spoken to, as one JSON object (no fence) matching this JSON schema: ${STYLE_SCHEMA}. "style" is direct (outcome first, brief), analytical (evidence, detail), expressive (ideas, enthusiasm) or steady (trust, the team, no rush); "cues" are words copied exactly from the description that point to it; "confidence" says how strongly they do; "do" and "dont" are one sentence each. When the description gives nothing to go on, write only the word none.`,
    'Do not write section titles yourself; the markers are enough. Write nothing before the first marker.',
    'Rules:',
    writingRules(input, 'icebreak', icebreakLanguage(input)),
  ].join('\n');
  const user = [
    `Goal of the conversation: ${input.goal}`,
    '',
    'About the user (who will start the conversation):',
    describeSender(input),
    '',
    "Recent news about the person's company:",
    describeHeadlines(input),
    '',
    'Description of the person:',
    input.description,
    '',
    'What could be read from it with certainty:',
    describeProfile(input.profile),
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
