import OpenAI, { APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { GenerationError } from './text-generator';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Structured output (OpenAI `response_format: {type: 'json_schema'}`): the answer must match `schema`. */
export interface JsonSchemaFormat {
  name: string;
  schema: Record<string, unknown>;
}

/** A shared zod schema as an OpenAI strict JSON schema (zod 4 emits `additionalProperties: false`). */
export function jsonSchemaOf(name: string, schema: $ZodType): JsonSchemaFormat {
  const { $schema: _drop, ...json } = toJSONSchema(schema) as Record<string, unknown>;
  return { name, schema: json };
}

export interface OpenAiOptions {
  /** Any OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 (the SDK's `baseURL`). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Abort when the upstream sends nothing for this long (connect, first token, between chunks). */
  idleTimeoutMs: number;
  /** Attempts in all (first try included) while no token has arrived. */
  maxAttempts?: number;
  /** Backoff before retry n (1-based): base * 2^(n-1), plus up to 50% jitter; Retry-After wins when given. */
  retryBaseMs?: number;
  /** Upper bound for one wait (also caps Retry-After). */
  retryMaxMs?: number;
  temperature?: number;
  /** Sent as `max_tokens` (understood by every OpenAI-compatible server), e.g. short spoken turns. */
  maxTokens?: number;
  /** Ask for JSON matching this schema (Enrich). */
  jsonSchema?: JsonSchemaFormat;
  /** `response_format: {type: 'json_object'}`: any JSON object (the prompt must mention JSON). */
  jsonObject?: boolean;
  fetch?: typeof fetch;
}

export const DEFAULT_MAX_TOKENS = 1200;
export const DEFAULT_TEMPERATURE = 0.7;

/** 408/409/429/5xx and connection failures may succeed on another try (the SDK's own rule). */
const RETRYABLE = (status: number | undefined) =>
  status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function retryAfterMs(headers: Headers | undefined): number | null {
  const h = headers?.get('retry-after');
  if (!h) return null;
  const secs = Number(h);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(h);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** An SDK error as our GenerationError (retryable or not), keeping the upstream's own message. */
function toGenerationError(err: unknown): GenerationError {
  if (err instanceof GenerationError) return err;
  if (err instanceof APIError) {
    if (err.status === undefined && err.error) {
      // An `{"error": …}` event inside the stream: the upstream gave up mid-answer.
      return new GenerationError(`The AI service reported an error: ${err.message}`, true);
    }
    if (err.status === undefined) return new GenerationError(`The AI service could not be reached: ${err.message}`, true);
    return new GenerationError(`The AI service answered ${err.status}: ${err.message}`, RETRYABLE(err.status));
  }
  if (err instanceof SyntaxError) return new GenerationError('The AI service sent an unreadable stream chunk', true);
  return new GenerationError(`The AI service stream broke off: ${(err as Error)?.message ?? String(err)}`, true);
}

/**
 * One SDK client per endpoint and key, shared by all requests (the SDK keeps no per-request state
 * in it): making one per request cost ~0.2 ms of CPU before each request could start.
 */
const clients = new Map<string, OpenAI>();

function clientFor(options: OpenAiOptions): OpenAI {
  // A caller's own fetch (tests) gets a client of its own.
  if (options.fetch) return createClient(options);
  const key = `${options.baseUrl}\n${options.apiKey ?? ''}`;
  let client = clients.get(key);
  if (!client) clients.set(key, (client = createClient(options)));
  return client;
}

function createClient(options: OpenAiOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseUrl.replace(/\/$/, ''),
    // Local OpenAI-compatible servers need no key; the SDK insists on one, so send a harmless one.
    apiKey: options.apiKey || 'no-key',
    // Our own loop retries (only before the first token) and our own idle timer aborts: the SDK's retry
    // sleep ignores the abort signal and obeys any Retry-After (docs/decisions/0025-llm-retries-before-the-first-token.md).
    maxRetries: 0,
    timeout: 24 * 60 * 60 * 1000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * Stream the content deltas of one Chat Completions request through the official `openai` SDK.
 *
 * Retries with backoff on 408/409/429/5xx and network errors while no token has been received;
 * after the first token a failure is thrown (the caller has already shown text). Aborting `signal`
 * cancels the HTTP request upstream; an idle timeout does the same and throws a GenerationError.
 */
export async function* streamChatCompletion(options: OpenAiOptions, messages: ChatMessage[], signal: AbortSignal): AsyncGenerator<string> {
  const client = clientFor(options);
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const base = options.retryBaseMs ?? 500;
  const cap = options.retryMaxMs ?? 8000;
  const params: ChatCompletionCreateParamsStreaming = {
    model: options.model,
    messages,
    stream: true,
    temperature: options.temperature ?? DEFAULT_TEMPERATURE,
    max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(options.jsonSchema
      ? {
          response_format: {
            type: 'json_schema' as const,
            json_schema: { name: options.jsonSchema.name, schema: options.jsonSchema.schema, strict: true },
          },
        }
      : options.jsonObject
        ? { response_format: { type: 'json_object' as const } }
        : {}),
  };

  let gotToken = false;
  for (let attempt = 1; ; attempt++) {
    // One controller per attempt: the caller's abort and our idle timeout both end the request.
    const controller = new AbortController();
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        controller.abort(new GenerationError(`The AI service did not answer within ${options.idleTimeoutMs} ms`, true));
      }, options.idleTimeoutMs);
    };
    const onCallerAbort = () => controller.abort(signal.reason);
    if (signal.aborted) throw signal.reason;
    signal.addEventListener('abort', onCallerAbort, { once: true });
    armIdle();

    let retryWait: number | null = null;
    let failure: unknown;
    let completed = false;
    try {
      let finished = false;
      try {
        const stream = await client.chat.completions.create(params, { signal: controller.signal });
        armIdle();
        // The SDK ends the iteration quietly when the request is aborted: the checks below tell why.
        for await (const chunk of stream) {
          armIdle();
          const choice = chunk.choices[0];
          const content = choice?.delta?.content;
          if (content) {
            gotToken = true;
            yield content;
          }
          if (choice?.finish_reason) finished = true;
        }
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        if (controller.signal.aborted) throw controller.signal.reason;
        if (err instanceof APIUserAbortError) throw new GenerationError('The AI service request was cancelled', true);
        const failed = toGenerationError(err);
        if (err instanceof APIError && failed.retryable) retryWait = retryAfterMs(err.headers);
        throw failed;
      }
      if (signal.aborted) throw signal.reason;
      if (controller.signal.aborted) throw controller.signal.reason;
      if (!finished) throw new GenerationError('The AI service stream ended before it was complete', true);
      completed = true;
      return;
    } catch (err) {
      failure = err;
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', onCallerAbort);
      // Stop the request when we did not read it to the end (failure, or the consumer stopped early).
      if (!completed && !controller.signal.aborted) controller.abort();
    }
    if (signal.aborted) throw signal.reason;
    const retryable = failure instanceof GenerationError && failure.retryable;
    if (gotToken || !retryable || attempt >= maxAttempts) throw failure;
    const backoff = base * 2 ** (attempt - 1) * (1 + Math.random() * 0.5);
    await sleep(Math.min(cap, retryWait ?? backoff), signal);
  }
}

/** The whole answer of one request as text. */
export async function completeChat(options: OpenAiOptions, messages: ChatMessage[], signal: AbortSignal): Promise<string> {
  let text = '';
  for await (const piece of streamChatCompletion(options, messages, signal)) text += piece;
  return text;
}
