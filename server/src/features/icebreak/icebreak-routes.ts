import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { PORTAL_MESSAGES } from '@shared/messages';
import { emailQuerySchema, safeText } from '@shared/schemas/common';
import { searchRequestSchema, type InsightsResponse, type StreamLine } from '@shared/schemas/icebreak';
import { DEFAULT_STALE_WORK_AFTER_MS } from '../../config';
import { assertOwnEmail, type RequireAuth } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { InFlightWork } from '../../http/in-flight';
import { parseInput, pathParam } from '../../http/validate';
import type { CurrentUser } from '../users';
import type { CurrentUserWithSettings } from '../settings';
import { HISTORY_STATUS, toHistoryItem, type HistoryRepository } from './history-repository';
import type { IcebreakService, IcebreakSink } from './icebreak-service';

export const HISTORY_NOT_FOUND = 'History item not found';
export const STILL_PROCESSING_TEXT = '## Still analysing\nThis analysis has not finished yet. Please check again in a moment.';

/** Items processing longer than this were left by a crashed process: Failed and refunded (by the server's sweeper). */
export const DEFAULT_STALE_AFTER_MS = DEFAULT_STALE_WORK_AFTER_MS;

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

/** What the Icebreak routes use. */
export interface IcebreakRouterDeps {
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
  currentUserWithSettings: CurrentUserWithSettings;
  icebreak: IcebreakService;
  history: HistoryRepository;
  /** A graceful shutdown waits for each stream to end with its last line written. */
  inFlight: Pick<InFlightWork, 'run'>;
}

/**
 * The analysis' lines as NDJSON (docs/architecture.md#icebreak-stream): the response starts with the
 * first line (so a refusal before it is still a JSON error) and each line is flushed as it comes.
 */
function ndjsonSink(req: Request, res: Response): IcebreakSink {
  const client = new AbortController();
  const gone = () => {
    if (!res.writableFinished) client.abort(new ClientGone());
  };
  res.on('close', gone);
  // The client may have gone during the reads before this, before the listener existed.
  if (req.socket.destroyed) gone();
  let started = false;
  return {
    signal: client.signal,
    log: req.log,
    emit(line: StreamLine) {
      if (!started) {
        started = true;
        res.status(200);
        res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache, no-transform');
        res.setHeader('X-Accel-Buffering', 'no');
        req.socket.setNoDelay(true);
      }
      if (!res.writableEnded && !res.destroyed) res.write(`${JSON.stringify(line)}\n`);
    },
  };
}

/**
 * Icebreak (docs/product.md#icebreak-analysis): GET/POST /api/search stream NDJSON lines while the writer
 * works; GET /api/icebreak/history and /api/icebreak/insights/:id read the stored analyses.
 */
export function createIcebreakRouter(deps: IcebreakRouterDeps) {
  const router = Router();
  const { requireAuth, history } = deps;

  async function analyse(req: Request, res: Response, input: z.output<typeof searchRequestSchema>) {
    assertOwnEmail(req, input.email);
    const { user, settings } = await deps.currentUserWithSettings(req);
    await deps.inFlight.run(async () => {
      try {
        await deps.icebreak.analyse({ user, settings, input }, ndjsonSink(req, res));
      } finally {
        // A refusal before the first line is thrown on to the JSON error handler.
        if (res.headersSent && !res.writableEnded) res.end();
      }
    });
  }

  router.get('/search', requireAuth(), (req, res) => analyse(req, res, parseInput(searchRequestSchema, req.query)));
  router.post('/search', requireAuth(), (req, res) => analyse(req, res, parseInput(searchRequestSchema, req.body)));

  router.get('/icebreak/history', requireAuth(), async (req, res) => {
    const { email } = parseInput(emailQuerySchema, req.query);
    assertOwnEmail(req, email);
    const user = await deps.currentUser(req);
    res.json((await history.list(user.id)).map(toHistoryItem));
  });

  router.get('/icebreak/insights/:id', requireAuth(), async (req, res) => {
    const { email } = parseInput(emailQuerySchema, req.query);
    assertOwnEmail(req, email);
    const { id } = parseInput(idParam, { id: pathParam(req.params, 'id') });
    const user = await deps.currentUser(req);
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
