import { COMMUNICATION_STYLE_SECTION } from '@shared/constants';
import { communicationStyleSchema } from '@shared/schemas/communication-style';
import { coldCallScriptSchema, linkedinDmSchema } from '@shared/schemas/enrich';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { checkColdCallScript, checkIcebreak, checkLinkedinDm, qualityLinter, type TextLinter } from './answer-check';
import { formatCommunicationStyle, groundedStyle } from './communication-style';
import { completeChat, jsonSchemaOf, streamChatCompletion, type ChatMessage, type OpenAiOptions } from './openai-chat-stream';
import { coldCallScriptPrompt, linkedinDmPrompt } from './prompts/enrich-prompt';
import { icebreakPrompt } from './prompts/icebreak-prompt';
import { retryFeedback } from './prompts/writing-rules';
import { createSectionSplitter } from './section-splitter';
import {
  GenerationError,
  QualityCheckFailed,
  type EnrichInput,
  type IcebreakChunk,
  type IcebreakInput,
  type TextGenerator,
} from './text-generator';

/** The JSON object in a model answer (models sometimes wrap it in a fence or a sentence). */
function parseJsonAnswer<T extends $ZodType>(schema: T, text: string): output<T> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new GenerationError('The AI service did not answer with the expected JSON');
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new GenerationError('The AI service answered with malformed JSON');
  }
  const parsed = safeParse(schema, value);
  if (!parsed.success) throw new GenerationError('The AI service answer is missing required parts');
  return parsed.data;
}

const DM_FORMAT = jsonSchemaOf('linkedin_dm', linkedinDmSchema);
const SCRIPT_FORMAT = jsonSchemaOf('cold_call_script', coldCallScriptSchema);

/** Regenerate (variant ≥ 1) asks for another answer: sample more freely than the first time. */
export const REGENERATE_TEMPERATURE = 1;
function withVariant(options: OpenAiOptions, variant: number | undefined): OpenAiOptions {
  return variant ? { ...options, temperature: Math.max(options.temperature ?? 0, REGENERATE_TEMPERATURE) } : options;
}

/**
 * The model's communication-style JSON as the section's markdown: kept only when it parses and rests
 * on words the description contains (communication-style.ts); "none" or anything else → no section.
 */
function readStyle(json: string, description: string): string | null {
  const start = json.indexOf('{');
  const end = json.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed = safeParse(communicationStyleSchema, JSON.parse(json.slice(start, end + 1)));
    const style = parsed.success ? groundedStyle(parsed.data, description) : null;
    return style ? formatCommunicationStyle(style) : null;
  } catch {
    return null;
  }
}

/** A rejected answer is asked for once more (with what was wrong), then the work fails and is refunded. */
export const QUALITY_ATTEMPTS = 2;

/** The prompt, and for the retry the rejected answer and what the check found in it. */
function withFeedback(messages: ChatMessage[], rejected: { answer: string; problems: string[] } | null): ChatMessage[] {
  if (!rejected) return messages;
  return [...messages, { role: 'assistant', content: rejected.answer }, { role: 'user', content: retryFeedback(rejected.problems) }];
}

export interface OpenAiGeneratorOptions extends OpenAiOptions {
  /** Grammar and pattern lints every answer passes; default: quality/lint-text.ts (`null`: the structural checks only). */
  lint?: TextLinter | null;
}

/**
 * The production writer: any OpenAI-compatible Chat Completions endpoint, streamed. Every answer is
 * checked (answer-check.ts) before it is shown as Ready; a failed check is retried once with the
 * problems found, then fails with QualityCheckFailed (the routes refund it).
 */
export function createOpenAiGenerator(generatorOptions: OpenAiGeneratorOptions): TextGenerator {
  const { lint: chosenLint, ...options } = generatorOptions;
  const lint = chosenLint === null ? undefined : (chosenLint ?? qualityLinter);

  /** One structured answer: asked, parsed, checked; asked again once when the check fails. */
  async function checkedAnswer<T>(
    messages: ChatMessage[],
    request: OpenAiOptions,
    read: (text: string) => T,
    check: (answer: T) => Promise<string[]>,
    signal: AbortSignal,
  ): Promise<T> {
    let rejected: { answer: string; problems: string[] } | null = null;
    for (let attempt = 1; attempt <= QUALITY_ATTEMPTS; attempt++) {
      const text = await completeChat(request, withFeedback(messages, rejected), signal);
      const answer = read(text);
      const problems = await check(answer);
      if (!problems.length) return answer;
      rejected = { answer: text, problems };
    }
    throw new QualityCheckFailed(rejected?.problems ?? []);
  }

  return {
    kind: 'openai',
    model: options.model,
    async *icebreak(input: IcebreakInput, signal: AbortSignal): AsyncIterable<IcebreakChunk> {
      // Streamed as it comes (the first line matters); checked at the end, before the route marks it
      // Ready. A rejected answer is withdrawn (restart) and written once more.
      let rejected: { answer: string; problems: string[] } | null = null;
      for (let attempt = 1; attempt <= QUALITY_ATTEMPTS; attempt++) {
        if (rejected) yield { section: 0, content: '', restart: true };
        const splitter = createSectionSplitter();
        const sections: string[] = [];
        let raw = '';
        let styleJson = '';
        // The communication style comes as JSON: held back, read and grounded at the end, then shown as markdown.
        const keep = (chunks: IcebreakChunk[]) =>
          chunks.filter((c) => {
            if (c.section === COMMUNICATION_STYLE_SECTION) styleJson += c.content;
            else sections[c.section] = (sections[c.section] ?? '') + c.content;
            return c.section !== COMMUNICATION_STYLE_SECTION;
          });
        for await (const piece of streamChatCompletion(
          withVariant(options, input.variant),
          withFeedback(icebreakPrompt(input), rejected),
          signal,
        )) {
          raw += piece;
          yield* keep(splitter.push(piece));
        }
        yield* keep(splitter.end());
        const style = readStyle(styleJson, input.description);
        if (style) sections[COMMUNICATION_STYLE_SECTION] = style;
        const problems = await checkIcebreak(
          Array.from(sections, (s) => s ?? ''),
          input,
          lint,
        );
        if (!problems.length) {
          if (style) yield { section: COMMUNICATION_STYLE_SECTION, content: style };
          return;
        }
        rejected = { answer: raw, problems };
      }
      throw new QualityCheckFailed(rejected?.problems ?? []);
    },
    async linkedinDm(input, signal) {
      return checkedAnswer(
        linkedinDmPrompt(input),
        { ...withVariant(options, input.variant), jsonSchema: DM_FORMAT },
        (text) => {
          const dm = parseJsonAnswer(linkedinDmSchema, text);
          if (!dm.connectionNote.trim() || !dm.message.trim()) throw new GenerationError('The AI service answer is missing required parts');
          return { connectionNote: dm.connectionNote.trim(), message: dm.message.trim() };
        },
        (dm) => checkLinkedinDm(dm, input, lint),
        signal,
      );
    },
    async coldCallScript(input: EnrichInput, signal) {
      return checkedAnswer(
        coldCallScriptPrompt(input),
        { ...withVariant(options, input.variant), jsonSchema: SCRIPT_FORMAT },
        (text) => {
          const script = parseJsonAnswer(coldCallScriptSchema, text);
          if (!script.opener.trim() || !script.close.trim() || script.discoveryQuestions.length === 0)
            throw new GenerationError('The AI service answer is missing required parts');
          return script;
        },
        (script) => checkColdCallScript(script, input, lint),
        signal,
      );
    },
  };
}
