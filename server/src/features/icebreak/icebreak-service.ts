import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { LEDGER_LABELS, prospectText } from '@shared/credit-usage';
import { CREDIT_COSTS, resolveGoal } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import type { searchRequestSchema, StreamLine } from '@shared/schemas/icebreak';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import type * as z from 'zod/mini';
import type { BalanceFields } from '../credits';
import { HttpError } from '../../http/errors';
import { extractProfile, GenerationError, icebreakInputHash, isIdentifiable, userMessageOf, writerIdentity } from '../generation';
import type { TextGenerator } from '../generation';
import type { NewsSource } from '../news';
import type { Failure, PaidWorkService } from '../paid-work';
import { HISTORY_STATUS, icebreakReference, type HistoryRepository, type HistoryRow } from './history-repository';
import { startEarly } from './start-early';

/** The answer lacks its starters or rapport tips: not an answer (refunded, Failed). */
class IncompleteAnswer extends GenerationError {
  constructor(something: boolean) {
    super(something ? 'The writer left out required sections.' : 'The writer produced no text.');
    this.userMessage = PORTAL_MESSAGES.noInsightsGenerated;
  }
}

export interface IcebreakDeps {
  paidWork: PaidWorkService;
  credits: { balanceOf(row: BalanceFields): Promise<number> };
  history: HistoryRepository;
  generator: TextGenerator;
  news: NewsSource;
  /** LLM_MAX_OUTPUT_CHARS: an answer cut at the cap is an answer. */
  maxOutputChars: number;
}

export interface IcebreakRequest {
  user: BalanceFields;
  settings: SettingsDataResponse;
  input: z.output<typeof searchRequestSchema>;
}

/** Where an analysis' lines go (the route writes them as NDJSON), and whose request it is. */
export interface IcebreakSink {
  /** One line; the first one opens the stream (nothing is written before the charge). */
  emit(line: StreamLine): void;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  log?: Logger;
}

const refusal = (balance: number) =>
  new HttpError(402, balance === 0 ? MESSAGES.noCredits : MESSAGES.notEnoughCredits(CREDIT_COSTS.icebreak, balance));

/** What the client is told when an analysis fails, and what the item stores. */
function failureText(failure: Failure): { stored: string; tell: string | null } {
  switch (failure.reason) {
    case 'cancelled':
      return { stored: 'The analysis was cancelled (the connection closed).', tell: null };
    case 'shutting-down':
      return { stored: 'The analysis was stopped (the server restarted).', tell: MESSAGES.serverRestarting };
    case 'swept':
      // A sweep failed and refunded the item first (it ran past STALE_WORK_AFTER_MS): nothing was delivered.
      return { stored: 'The analysis did not finish (the server stopped).', tell: PORTAL_MESSAGES.analysisError };
    case 'error': {
      // The details (upstream status and text) go to the log only: they may name internals.
      const message = userMessageOf(failure.error) ?? PORTAL_MESSAGES.analysisError;
      const stored = failure.error instanceof IncompleteAnswer ? failure.error.message : message;
      return { stored, tell: message };
    }
  }
}

/**
 * Icebreak analyses (docs/product.md#icebreak-analysis): a stored answer to the same input is shown
 * again for free (docs/decisions/0012-charged-once-per-answer.md); otherwise the paid-work service
 * charges, the writer streams, and the answer is stored or refunded.
 */
export function createIcebreakService(deps: IcebreakDeps) {
  const { history, generator } = deps;

  /** Charged once per answer: the same input answered before is shown again from storage, without a charge. */
  function replayStored(sink: IcebreakSink, row: HistoryRow) {
    sink.emit({
      content: '',
      section: 0,
      errorMessage: null,
      generator: (row.generator as StreamLine['generator']) ?? undefined,
      historyId: row.id,
      stored: true,
      ...(row.newsFound === null ? {} : { newsFound: row.newsFound }),
    });
    row.insightsText.forEach((content, section) => {
      if (content) sink.emit({ content, section, errorMessage: null });
    });
    sink.emit({
      content: '',
      section: Math.max(0, row.insightsText.length - 1),
      errorMessage: null,
      historyId: row.id,
      done: true,
      stored: true,
    });
  }

  /** One analysis: its lines go to the sink, the last one `done`. Refusals (400, 402) are thrown before any line. */
  async function analyse({ user, settings, input }: IcebreakRequest, sink: IcebreakSink): Promise<void> {
    const id = randomUUID();
    const profile = extractProfile(input.profileUrl);
    // Nobody to write about: say what to add, before anything is charged.
    if (!isIdentifiable(profile)) throw new HttpError(400, MESSAGES.noPersonIdentified);
    const goal = resolveGoal(input.goal);
    const inputHash = icebreakInputHash({ description: input.profileUrl, goal, settings, writer: writerIdentity(generator) });
    if (!input.regenerate) {
      const stored = await history.latestReady(user.id, inputHash);
      if (stored) return replayStored(sink, stored);
    }
    // Refused on the balance just read, before the writer's paid request starts; the debit
    // still decides (another request may spend the credits in between).
    const available = await deps.credits.balanceOf(user);
    if (available < CREDIT_COSTS.icebreak) throw refusal(available);
    const variant = input.regenerate ? await history.nextVariant(user.id, inputHash) : 0;
    const sections: string[] = [];

    const outcome = await deps.paidWork.perform({
      userId: user.id,
      cost: CREDIT_COSTS.icebreak,
      reference: icebreakReference(id),
      refundReference: `${icebreakReference(id)}:refund`,
      label: LEDGER_LABELS.analysis(prospectText(profile, input.profileUrl)),
      // The item commits with the debit, so a crash after the charge leaves something to refund.
      record: history.asChargedWork({
        id,
        userId: user.id,
        description: input.profileUrl,
        goal,
        firstName: profile.firstName,
        lastName: profile.lastName,
        role: profile.role,
        company: profile.company,
        generator: generator.kind,
        inputHash,
        variant,
      }),
      signal: sink.signal,
      log: sink.log,
      // The news and the writer start now, while the item is stored and charged: the charge and the
      // upstream's first token are waited for side by side. No text is shown before the charge.
      begin: (signal) => {
        const writing = (async () => {
          const headlines = profile.company ? await deps.news.headlines({ company: profile.company }, signal) : [];
          signal.throwIfAborted();
          return {
            headlines,
            stream: startEarly(generator.icebreak({ description: input.profileUrl, profile, goal, settings, headlines, variant }, signal)),
          };
        })();
        writing.catch(() => undefined); // read after the charge, or dropped with it
        return writing;
      },
      drop: (writing) => {
        void writing.then(
          (w) => w.stream.cancel(),
          () => undefined,
        );
      },
      run: async ({ signal }, writing) => {
        // First line at once: the client learns the history id and which writer is working.
        sink.emit({ content: '', section: 0, errorMessage: null, generator: generator.kind, historyId: id });
        const { headlines, stream } = await writing;
        signal.throwIfAborted();
        const newsFound = headlines.length > 0;
        // Tells the client how to title section 0 (no news → not "News-Driven").
        sink.emit({ content: '', section: 0, errorMessage: null, newsFound });
        for await (const chunk of stream) {
          if (chunk.restart) {
            // The writer's answer failed its check: what was shown is withdrawn, the retry follows.
            sections.length = 0;
            sink.emit({ content: '', section: 0, errorMessage: null, restart: true });
            continue;
          }
          sections[chunk.section] = (sections[chunk.section] ?? '') + chunk.content;
          sink.emit({ content: chunk.content, section: chunk.section, errorMessage: null });
        }
        signal.throwIfAborted();
        const insightsText = Array.from(sections, (s) => (s ?? '').trim());
        // An answer without its starters and rapport tips (from any writer) is not an answer — unless
        // the output cap cut it short (docs/architecture.md#text-generation: the text up to the cap is the answer).
        const capped = sections.reduce((n, text) => n + (text?.length ?? 0), 0) >= deps.maxOutputChars;
        if (!insightsText[0] || (!insightsText[1] && !capped)) throw new IncompleteAnswer(insightsText.some(Boolean));
        return { insightsText, newsFound };
      },
      deliver: ({ insightsText, newsFound }, { debitLedgerId }) =>
        history.finish(id, { status: HISTORY_STATUS.ready, insightsText, debitLedgerId, newsFound }),
      abandon: async (failure, { debitLedgerId }) => {
        const { stored } = failureText(failure);
        if (failure.reason === 'swept') return; // the sweep marked it Failed
        const outcome = { status: HISTORY_STATUS.failed, errorMessage: stored, debitLedgerId } as const;
        try {
          await history.finish(id, { ...outcome, insightsText: Array.from(sections, (s) => s ?? '') });
        } catch (err) {
          sink.log?.error({ err, historyId: id }, 'could not store the failed analysis text; storing it without');
          await history.finish(id, { ...outcome, insightsText: [] });
        }
      },
    });

    if (outcome.status === 'refused') throw refusal(outcome.balance);
    const balance = outcome.balance === undefined ? {} : { balance: outcome.balance };
    if (outcome.status === 'delivered') {
      const last = Math.max(0, outcome.result.insightsText.length - 1);
      sink.emit({ content: '', section: last, errorMessage: null, historyId: id, done: true, ...balance });
      return;
    }
    const { tell } = failureText(outcome);
    if (outcome.reason === 'cancelled') sink.log?.info({ historyId: id }, 'client left during analysis; refunded');
    else if (outcome.reason === 'shutting-down') sink.log?.info({ historyId: id }, 'server shutting down during analysis; refunded');
    else sink.log?.warn({ err: outcome.error, historyId: id }, 'analysis failed; refunded');
    if (tell) sink.emit({ content: '', section: 0, errorMessage: tell, historyId: id, done: true, ...balance });
  }

  return { analyse };
}

export type IcebreakService = ReturnType<typeof createIcebreakService>;
