import { toStorableText } from '@shared/schemas/common';
import type { Config } from '../../config';
import { GenerationError, type IcebreakChunk, type TextGenerator } from './text-generator';

/**
 * Limits every writer obeys, whatever client sits below (docs/architecture.md#text-generation). They live above the LLM
 * client on purpose: an upstream that sends keep-alive bytes but no text, or text without end, is
 * stopped here even if the client below only watches for silence on the socket.
 */
export interface GenerationLimits {
  /** Overall time limit of one generation, first byte to last. */
  deadlineMs: number;
  /** Longest wait for new text (keep-alive bytes and empty deltas are not progress). */
  idleMs: number;
  /** Most characters one generation may produce: Icebreak stops there, Enrich refuses more. */
  maxOutputChars: number;
}

export function generationLimits(config: Pick<Config, 'LLM_DEADLINE_MS' | 'LLM_TIMEOUT_MS' | 'LLM_MAX_OUTPUT_CHARS'>): GenerationLimits {
  return { deadlineMs: config.LLM_DEADLINE_MS, idleMs: config.LLM_TIMEOUT_MS, maxOutputChars: config.LLM_MAX_OUTPUT_CHARS };
}

/** One generation's watchdog: the caller's abort, the deadline and the no-progress timer in one signal. */
function createWatchdog(callerSignal: AbortSignal, limits: GenerationLimits, watchProgress: boolean) {
  const controller = new AbortController();
  const stop = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onCaller = () => stop(callerSignal.reason);
  if (callerSignal.aborted) onCaller();
  else callerSignal.addEventListener('abort', onCaller, { once: true });
  const deadline = setTimeout(
    () => stop(new GenerationError(`The AI service did not finish within ${Math.round(limits.deadlineMs / 1000)} s`)),
    limits.deadlineMs,
  );
  let idle: NodeJS.Timeout | undefined;
  const progress = () => {
    if (!watchProgress) return;
    clearTimeout(idle);
    idle = setTimeout(
      () => stop(new GenerationError(`The AI service sent no text for ${Math.round(limits.idleMs / 1000)} s`)),
      limits.idleMs,
    );
  };
  progress();
  // Resolves never, rejects on abort: raced with the writer, so even a writer that ignores its
  // signal cannot hold the request.
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(controller.signal.reason);
    if (controller.signal.aborted) onAbort();
    else controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  return {
    signal: controller.signal,
    progress,
    race<T>(work: Promise<T>): Promise<T> {
      return Promise.race([work, aborted]);
    },
    dispose() {
      clearTimeout(deadline);
      clearTimeout(idle);
      callerSignal.removeEventListener('abort', onCaller);
      controller.signal.removeEventListener('abort', onAbort);
      // Whatever still runs below (an upstream request) is stopped.
      stop(new GenerationError('The generation ended'));
    },
  };
}

/** Strings made storable, and the whole answer refused when it is larger than the cap. */
function boundAnswer<T>(value: T, maxOutputChars: number): T {
  const clean = JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' ? toStorableText(v) : v)) as T;
  if (JSON.stringify(clean).length > maxOutputChars) {
    throw new GenerationError(`The AI service answer was longer than ${maxOutputChars} characters`);
  }
  return clean;
}

/** Wrap a writer with the deadline, the no-progress limit, the output cap and storable text. */
export function boundGenerator(inner: TextGenerator, limits: GenerationLimits): TextGenerator {
  return {
    kind: inner.kind,
    ...(inner.model ? { model: inner.model } : {}),

    async *icebreak(input, signal): AsyncIterable<IcebreakChunk> {
      const watchdog = createWatchdog(signal, limits, true);
      const iterator = inner.icebreak(input, watchdog.signal)[Symbol.asyncIterator]();
      let written = 0;
      // A high surrogate at the end of a chunk waits for its partner in the next one.
      let carry: IcebreakChunk | null = null;
      try {
        for (;;) {
          const next = await watchdog.race(iterator.next());
          if (next.done) break;
          if (next.value.restart) {
            // The writer withdraws its text and writes it again: the cap counts the new text only.
            carry = null;
            written = 0;
            watchdog.progress();
            yield { section: 0, content: '', restart: true };
            continue;
          }
          if (!next.value.content) continue;
          watchdog.progress();
          let content = next.value.content;
          if (carry && carry.section === next.value.section) content = carry.content + content;
          else if (carry) yield { section: carry.section, content: toStorableText(carry.content) };
          carry = null;
          const room = limits.maxOutputChars - written;
          const capped = content.length >= room;
          if (capped) content = content.slice(0, room);
          else if (/[\uD800-\uDBFF]$/.test(content)) {
            carry = { section: next.value.section, content: content.slice(-1) };
            content = content.slice(0, -1);
          }
          written += content.length;
          if (content) yield { section: next.value.section, content: toStorableText(content) };
          // The cap: the text so far is the answer; the upstream request is stopped below.
          if (capped) return;
        }
        if (carry) yield { section: carry.section, content: toStorableText(carry.content) };
      } finally {
        watchdog.dispose();
        // Not awaited: a writer stuck in a wait would hold us; its signal has been aborted.
        void Promise.resolve(iterator.return?.()).catch(() => undefined);
      }
    },

    async linkedinDm(input, signal) {
      // A whole answer shows no progress until it is complete: only the deadline applies.
      const watchdog = createWatchdog(signal, limits, false);
      try {
        return boundAnswer(await watchdog.race(inner.linkedinDm(input, watchdog.signal)), limits.maxOutputChars);
      } finally {
        watchdog.dispose();
      }
    },

    async coldCallScript(input, signal) {
      // A whole answer shows no progress until it is complete: only the deadline applies.
      const watchdog = createWatchdog(signal, limits, false);
      try {
        return boundAnswer(await watchdog.race(inner.coldCallScript(input, watchdog.signal)), limits.maxOutputChars);
      } finally {
        watchdog.dispose();
      }
    },
  };
}
