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

export interface OpenAiOptions {
  /** e.g. https://api.openai.com/v1 — `/chat/completions` is appended. */
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
  /** Sent as `max_tokens` (understood by every OpenAI-compatible server). */
  maxTokens?: number;
  /** Ask for JSON matching this schema (Enrich). */
  jsonSchema?: JsonSchemaFormat;
  fetch?: typeof fetch;
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: { message?: string } | string;
}

const RETRYABLE = (status: number) => status === 429 || status === 408 || status >= 500;

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

function retryAfterMs(res: Response): number | null {
  const h = res.headers.get('retry-after');
  if (!h) return null;
  const secs = Number(h);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(h);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function errorText(res: Response): Promise<string> {
  const body = await res.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string };
    const msg = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (msg) return msg;
  } catch {
    // not JSON: use the text
  }
  return body.slice(0, 200) || res.statusText;
}

/**
 * Stream the content deltas of one Chat Completions request (the OpenAI SSE protocol:
 * `data: {choices:[{delta:{content}}]}` lines, then `data: [DONE]`).
 *
 * Retries with backoff on 429/408/5xx and network errors while no token has been received; after the
 * first token a failure is thrown (the caller has already shown text). Aborting `signal` cancels
 * the HTTP request upstream; an idle timeout does the same and throws a GenerationError.
 */
export async function* streamChatCompletion(
  options: OpenAiOptions,
  messages: ChatMessage[],
  signal: AbortSignal,
): AsyncGenerator<string> {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/chat/completions`;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const base = options.retryBaseMs ?? 500;
  const cap = options.retryMaxMs ?? 8000;
  const body = JSON.stringify({
    model: options.model,
    messages,
    stream: true,
    temperature: options.temperature ?? 0.7,
    ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
    ...(options.jsonSchema
      ? { response_format: { type: 'json_schema', json_schema: { name: options.jsonSchema.name, schema: options.jsonSchema.schema, strict: true } } }
      : {}),
  });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;

  let gotToken = false;
  for (let attempt = 1; ; attempt++) {
    // One controller per attempt: the caller's abort and our idle timeout both end the request.
    const controller = new AbortController();
    let timedOut = false;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
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
      let res: Response;
      try {
        res = await doFetch(url, { method: 'POST', headers, body, signal: controller.signal });
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        throw timedOut ? controller.signal.reason : new GenerationError(`The AI service could not be reached: ${(err as Error).message}`, true);
      }
      if (!res.ok) {
        const message = await errorText(res);
        const err = new GenerationError(`The AI service answered ${res.status}: ${message}`, RETRYABLE(res.status));
        if (err.retryable) retryWait = retryAfterMs(res);
        throw err;
      }
      if (!res.body) throw new GenerationError('The AI service sent no body', true);

      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let finished = false;
      try {
        while (!finished) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (err) {
            if (signal.aborted) throw signal.reason;
            if (timedOut) throw controller.signal.reason;
            throw new GenerationError(`The AI service stream broke off: ${(err as Error).message}`, true);
          }
          if (chunk.done) break;
          armIdle();
          buffer += decoder.decode(chunk.value, { stream: true });
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl).replace(/\r$/, '');
            buffer = buffer.slice(nl + 1);
            if (!line.startsWith('data:')) continue; // comments, event names, blank separators
            const data = line.slice(5).trim();
            if (data === '[DONE]') {
              finished = true;
              break;
            }
            let parsed: StreamChunk;
            try {
              parsed = JSON.parse(data) as StreamChunk;
            } catch {
              throw new GenerationError('The AI service sent an unreadable stream chunk', true);
            }
            if (parsed.error) {
              const msg = typeof parsed.error === 'string' ? parsed.error : (parsed.error.message ?? 'unknown error');
              throw new GenerationError(`The AI service reported an error: ${msg}`, true);
            }
            const choice = parsed.choices?.[0];
            const content = choice?.delta?.content;
            if (content) {
              gotToken = true;
              yield content;
            }
            if (choice?.finish_reason) finished = true;
          }
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
      if (!finished) throw new GenerationError('The AI service stream ended before it was complete', true);
      completed = true;
      return;
    } catch (err) {
      failure = err;
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', onCallerAbort);
      // Stop the request when we did not read it to the end (failure, or the consumer stopped early);
      // a complete answer leaves the connection to be reused.
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
