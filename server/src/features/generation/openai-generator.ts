import { LINKEDIN_CONNECTION_NOTE_MAX } from '@shared/constants';
import { coldCallScriptSchema, linkedinDmSchema } from '@shared/schemas/enrich';
import { safeParse, toJSONSchema, type $ZodType, type output } from 'zod/v4/core';
import { completeChat, streamChatCompletion, type JsonSchemaFormat, type OpenAiOptions } from './openai-chat-stream';
import { coldCallScriptPrompt, linkedinDmPrompt } from './prompts/enrich-prompt';
import { icebreakPrompt } from './prompts/icebreak-prompt';
import { createSectionSplitter } from './section-splitter';
import { GenerationError, type IcebreakChunk, type IcebreakInput, type TextGenerator } from './text-generator';

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

/** A shared zod schema as an OpenAI strict JSON schema (zod 4 emits `additionalProperties: false`). */
function jsonSchemaOf(name: string, schema: $ZodType): JsonSchemaFormat {
  const { $schema: _drop, ...json } = toJSONSchema(schema) as Record<string, unknown>;
  return { name, schema: json };
}
const DM_FORMAT = jsonSchemaOf('linkedin_dm', linkedinDmSchema);
const SCRIPT_FORMAT = jsonSchemaOf('cold_call_script', coldCallScriptSchema);

/** Regenerate (variant ≥ 1) asks for another answer: sample more freely than the first time. */
export const REGENERATE_TEMPERATURE = 1;
function withVariant(options: OpenAiOptions, variant: number | undefined): OpenAiOptions {
  return variant ? { ...options, temperature: Math.max(options.temperature ?? 0, REGENERATE_TEMPERATURE) } : options;
}

/** Keep a connection note within LinkedIn's limit without cutting a word. */
export function clampNote(note: string): string {
  const s = note.trim();
  if (s.length <= LINKEDIN_CONNECTION_NOTE_MAX) return s;
  return `${s.slice(0, LINKEDIN_CONNECTION_NOTE_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

/** The production writer: any OpenAI-compatible Chat Completions endpoint, streamed. */
export function createOpenAiGenerator(options: OpenAiOptions): TextGenerator {
  return {
    kind: 'openai',
    model: options.model,
    async *icebreak(input: IcebreakInput, signal: AbortSignal): AsyncIterable<IcebreakChunk> {
      const splitter = createSectionSplitter();
      for await (const piece of streamChatCompletion(withVariant(options, input.variant), icebreakPrompt(input), signal)) {
        yield* splitter.push(piece);
      }
      yield* splitter.end();
    },
    async linkedinDm(input, signal) {
      const dm = parseJsonAnswer(
        linkedinDmSchema,
        await completeChat({ ...withVariant(options, input.variant), jsonSchema: DM_FORMAT }, linkedinDmPrompt(input), signal),
      );
      if (!dm.connectionNote.trim() || !dm.message.trim()) throw new GenerationError('The AI service answer is missing required parts');
      return { connectionNote: clampNote(dm.connectionNote), message: dm.message.trim() };
    },
    async coldCallScript(input, signal) {
      const script = parseJsonAnswer(
        coldCallScriptSchema,
        await completeChat({ ...withVariant(options, input.variant), jsonSchema: SCRIPT_FORMAT }, coldCallScriptPrompt(input), signal),
      );
      if (!script.opener.trim() || !script.close.trim() || script.discoveryQuestions.length === 0)
        throw new GenerationError('The AI service answer is missing required parts');
      return script;
    },
  };
}
