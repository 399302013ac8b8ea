import { LEDGER_LABELS, prospectText } from '@shared/credit-usage';
import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { CREDIT_COSTS, resolveGoal } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import { emailQuerySchema, safeText } from '@shared/schemas/common';
import { searchRequestSchema, type InsightsResponse, type StreamLine } from '@shared/schemas/icebreak';
import type { AppContext } from '../../context';
import { DEFAULT_STALE_WORK_AFTER_MS } from '../../config';
import { assertOwnEmail } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { parseInput, pathParam } from '../../http/validate';
import { extractProfile, isIdentifiable, userMessageOf } from '../generation';
import { icebreakInputHash, writerIdentity } from '../generation';
import { createHistoryRepository, HISTORY_STATUS, icebreakReference, toHistoryItem, type HistoryRow } from './history-repository';
import { ServerShuttingDown } from '../../http/in-flight';
import { createStaleWorkSweeper } from '../recovery';
import { startEarly } from './start-early';

export const HISTORY_NOT_FOUND = 'History item not found';
export const STILL_PROCESSING_TEXT = '## Still analysing\nThis analysis has not finished yet. Please check again in a moment.';
const SWEEP_INTERVAL_MS = 60 * 1000;

const idParam = z.object({
  id: safeText('The history item id').check(
    zm.minLength(1, { error: 'The history item id is required' }),
    zm.maxLength(64, { error: 'The history item id is too long' }),
  ),
});

class ClientGone extends Error {
  constructor() {
    super('the client closed the connection');
  }
}

/** The debit was refused or failed: the writer started alongside it stops. */
class NotCharged extends Error {
  constructor() {
    super('the analysis was not charged');
  }
}

/** Items processing longer than this were left by a crashed process: Failed and refunded. */
export const DEFAULT_STALE_AFTER_MS = DEFAULT_STALE_WORK_AFTER_MS;

export interface IcebreakRouterOptions {
  /** Items processing longer than this were left by a crashed process (default STALE_WORK_AFTER_MS). */
  staleAfterMs?: number;
}

/**
 * Icebreak (docs/product.md#icebreak-analysis): GET/POST /api/search stream NDJSON lines (docs/architecture.md#icebreak-stream) while the writer
 * works; GET /api/icebreak/history and /api/icebreak/insights/:id read the stored analyses.
 */
export function createIcebreakRouter(ctx: AppContext, options: IcebreakRouterOptions = {}) {
  const router = Router();
  const staleAfterMs = options.staleAfterMs ?? ctx.config.STALE_WORK_AFTER_MS;
  const history = createHistoryRepository(ctx.db, ctx.clock, ctx.credits);
  // Icebreak items and Enrich requests a dead process left behind (both kinds: any process sweeps).
  const sweeper = createStaleWorkSweeper({ db: ctx.db, clock: ctx.clock, credits: ctx.credits, logger: ctx.logger, staleAfterMs });
  const sweep = () => sweeper.sweep();
  // At analysis start the sweep runs at most once a minute per process (an optimisation only: the
  // claim itself is in the database), and before the stream starts, so it never delays a token.
  let lastSweepAt = 0;
  const sweepNowAndThen = async () => {
    const now = Date.now();
    if (now - lastSweepAt < SWEEP_INTERVAL_MS) return;
    lastSweepAt = now;
    await sweep();
  };

  function startStream(req: Request, res: Response) {
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    req.socket.setNoDelay(true);
    return (line: StreamLine) => {
      if (!res.writableEnded && !res.destroyed) res.write(`${JSON.stringify(line)}\n`);
    };
  }

  /** Charged once per answer (docs/decisions/0012-charged-once-per-answer.md): the same input answered before is shown again from storage, without a charge. */
  function replayStored(req: Request, res: Response, row: HistoryRow) {
    const write = startStream(req, res);
    const generator = (row.generator as StreamLine['generator']) ?? undefined;
    write({
      content: '',
      section: 0,
      errorMessage: null,
      generator,
      historyId: row.id,
      stored: true,
      ...(row.newsFound === null ? {} : { newsFound: row.newsFound }),
    });
    row.insightsText.forEach((content, section) => {
      if (content) write({ content, section, errorMessage: null });
    });
    write({
      content: '',
      section: Math.max(0, row.insightsText.length - 1),
      errorMessage: null,
      historyId: row.id,
      done: true,
      stored: true,
    });
    res.end();
  }

  async function analyse(req: Request, res: Response, input: z.output<typeof searchRequestSchema>) {
    assertOwnEmail(req, input.email);
    const { user, settings } = await ctx.currentUserWithSettings(req);
    await sweepNowAndThen(); // lazily: crashed analyses of anyone are failed and refunded

    const id = randomUUID();
    const profile = extractProfile(input.profileUrl);
    // Nobody to write about: say what to add, before anything is charged.
    if (!isIdentifiable(profile)) throw new HttpError(400, MESSAGES.noPersonIdentified);
    const goal = resolveGoal(input.goal);
    const generator = ctx.generator;
    const inputHash = icebreakInputHash({ description: input.profileUrl, goal, settings, writer: writerIdentity(generator) });
    if (!input.regenerate) {
      const stored = await history.latestReady(user.id, inputHash);
      if (stored) return replayStored(req, res, stored);
    }
    const noCredits = (balance: number) =>
      new HttpError(402, balance === 0 ? MESSAGES.noCredits : MESSAGES.notEnoughCredits(CREDIT_COSTS.icebreak, balance));
    // Refused on the balance just read, before the writer's paid request starts; the debit below
    // still decides (another request may spend the credits in between).
    const available = await ctx.credits.balanceOf(user);
    if (available < CREDIT_COSTS.icebreak) throw noCredits(available);
    const variant = input.regenerate ? await history.nextVariant(user.id, inputHash) : 0;

    const controller = new AbortController();
    let settled = false;
    res.on('close', () => {
      if (!settled) controller.abort(new ClientGone());
    });
    // The client may have gone during the reads above, before the listener existed.
    if (req.socket.destroyed) controller.abort(new ClientGone());
    // A graceful shutdown (SIGTERM) ends the stream with an error line and a refund.
    const signal = AbortSignal.any([controller.signal, ctx.inFlight.signal]);

    // The news and the writer start now, while the item is stored and charged: the charge and the
    // upstream's first token are waited for side by side. No text is shown before the charge.
    const writing = (async () => {
      const headlines = profile.company ? await ctx.news.headlines({ company: profile.company }, signal) : [];
      signal.throwIfAborted();
      return {
        headlines,
        stream: startEarly(generator.icebreak({ description: input.profileUrl, profile, goal, settings, headlines, variant }, signal)),
      };
    })();
    writing.catch(() => undefined); // read after the charge, or dropped with it
    const dropWriting = () => {
      controller.abort(new NotCharged());
      void writing.then(
        (w) => w.stream.cancel(),
        () => undefined,
      );
    };

    // The item commits with the debit, so a crash after the charge leaves something to refund.
    const debit = await ctx.credits
      .chargeFor(
        user.id,
        CREDIT_COSTS.icebreak,
        icebreakReference(id),
        history.asChargedWork({
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
        LEDGER_LABELS.analysis(prospectText(profile, input.profileUrl)),
      )
      .catch((err: unknown) => {
        dropWriting();
        throw err;
      });
    if (!debit.ok) {
      dropWriting();
      throw noCredits(debit.balance);
    }

    const write = startStream(req, res);
    // First line at once: the client learns the history id and which writer is working.
    write({ content: '', section: 0, errorMessage: null, generator: generator.kind, historyId: id });

    const debitLedgerId = debit.ledgerId;
    const sections: string[] = [];
    /**
     * Refund, mark the item Failed, then tell the client: a client reacting to the error line
     * (re-reading its credits or history) sees the books already right. Refund first: if marking
     * fails the item stays processing and the stale sweep retries; refunding a debit twice is a no-op.
     */
    async function fail(errorMessage: string, tell: string | null) {
      // Each step on its own: whatever fails, the client still gets its final line (docs/product.md#bad-input-and-failures).
      try {
        await ctx.credits.refund(debitLedgerId, `${icebreakReference(id)}:refund`);
      } catch (err) {
        req.log?.error({ err, historyId: id }, 'refund failed; the stale sweep will retry');
      }
      const outcome = { status: HISTORY_STATUS.failed, errorMessage, debitLedgerId } as const;
      try {
        await history.finish(id, { ...outcome, insightsText: Array.from(sections, (s) => s ?? '') });
      } catch (err) {
        req.log?.error({ err, historyId: id }, 'could not store the failed analysis text; storing it without');
        await history.finish(id, { ...outcome, insightsText: [] }).catch((again: unknown) => {
          req.log?.error({ err: again, historyId: id }, 'could not mark the analysis failed; the stale sweep will');
        });
      }
      if (tell) write({ content: '', section: 0, errorMessage: tell, historyId: id, done: true });
    }

    try {
      const { headlines, stream } = await writing;
      signal.throwIfAborted();
      const newsFound = headlines.length > 0;
      // Tells the client how to title section 0 (no news → not "News-Driven").
      write({ content: '', section: 0, errorMessage: null, newsFound });
      for await (const chunk of stream) {
        if (chunk.restart) {
          // The writer's answer failed its check: what was shown is withdrawn, the retry follows.
          sections.length = 0;
          write({ content: '', section: 0, errorMessage: null, restart: true });
          continue;
        }
        sections[chunk.section] = (sections[chunk.section] ?? '') + chunk.content;
        write({ content: chunk.content, section: chunk.section, errorMessage: null });
      }
      signal.throwIfAborted();
      const insightsText = Array.from(sections, (s) => (s ?? '').trim());
      // An answer without its starters and rapport tips (from any writer) is not an answer: refunded,
      // Failed — unless the output cap cut it short (docs/architecture.md#text-generation: the text up to the cap is the answer).
      const capped = sections.reduce((n, text) => n + (text?.length ?? 0), 0) >= ctx.config.LLM_MAX_OUTPUT_CHARS;
      if (!insightsText[0] || (!insightsText[1] && !capped)) {
        settled = true;
        await fail(
          insightsText.some(Boolean) ? 'The writer left out required sections.' : 'The writer produced no text.',
          PORTAL_MESSAGES.noInsightsGenerated,
        );
      } else if (await history.finish(id, { status: HISTORY_STATUS.ready, insightsText, debitLedgerId: debit.ledgerId, newsFound })) {
        settled = true;
        write({ content: '', section: Math.max(0, insightsText.length - 1), errorMessage: null, historyId: id, done: true });
      } else {
        // A sweep failed and refunded the item first (it ran past STALE_WORK_AFTER_MS): nothing was delivered.
        settled = true;
        write({ content: '', section: 0, errorMessage: PORTAL_MESSAGES.analysisError, historyId: id, done: true });
      }
    } catch (err) {
      const gone = signal.aborted && signal.reason instanceof ClientGone;
      const stopping = signal.aborted && signal.reason instanceof ServerShuttingDown;
      settled = true;
      if (gone) {
        req.log?.info({ historyId: id }, 'client left during analysis; refunded');
        await fail('The analysis was cancelled (the connection closed).', null);
      } else if (stopping) {
        req.log?.info({ historyId: id }, 'server shutting down during analysis; refunded');
        await fail('The analysis was stopped (the server restarted).', MESSAGES.serverRestarting);
      } else {
        req.log?.warn({ err, historyId: id }, 'analysis failed; refunded');
        // The details (upstream status and text) go to the log only: they may name internals.
        const message = userMessageOf(err) ?? PORTAL_MESSAGES.analysisError;
        await fail(message, message);
      }
    } finally {
      settled = true;
      if (!res.writableEnded) res.end();
    }
  }

  router.get('/search', ctx.requireAuth(), async (req, res) => {
    const input = parseInput(searchRequestSchema, req.query);
    await ctx.inFlight.run(() => analyse(req, res, input));
  });

  router.post('/search', ctx.requireAuth(), async (req, res) => {
    const input = parseInput(searchRequestSchema, req.body);
    await ctx.inFlight.run(() => analyse(req, res, input));
  });

  router.get('/icebreak/history', ctx.requireAuth(), async (req, res) => {
    const { email } = parseInput(emailQuerySchema, req.query);
    assertOwnEmail(req, email);
    const user = await ctx.currentUser(req);
    await sweep();
    res.json((await history.list(user.id)).map(toHistoryItem));
  });

  router.get('/icebreak/insights/:id', ctx.requireAuth(), async (req, res) => {
    const { email } = parseInput(emailQuerySchema, req.query);
    assertOwnEmail(req, email);
    const { id } = parseInput(idParam, { id: pathParam(req.params, 'id') });
    const user = await ctx.currentUser(req);
    const row = await history.byId(id);
    // Another user's item answers exactly as a missing one: its existence is not disclosed.
    if (!row || row.userId !== user.id) throw new HttpError(404, HISTORY_NOT_FOUND);
    const item = toHistoryItem(row);
    const body: InsightsResponse =
      row.status === HISTORY_STATUS.ready
        ? { success: true, fallbackText: null, historyItem: item }
        : {
            success: false,
            fallbackText:
              row.status === HISTORY_STATUS.processing
                ? STILL_PROCESSING_TEXT
                : `## Analysis failed\n${row.errorMessage ?? PORTAL_MESSAGES.analysisError}`,
            historyItem: item,
          };
    res.json(body);
  });

  return router;
}
