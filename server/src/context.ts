import type { Logger } from 'pino';
import type { Request } from 'express';
import { MESSAGES } from '@shared/messages';
import type { Config } from './config';
import type { Clock } from './clock';
import type { Database } from './db/database';
import type { IdentityVerifier } from './auth/identity';
import { withVerifiedTokenCache } from './auth/verified-token-cache';
import { createSessionRevocations } from './auth/session-revocations';
import { createAuthMiddleware, identityOf } from './http/auth';
import { HttpError } from './http/errors';
import { createRateLimiter } from './http/rate-limit';
import { createCreditsService } from './features/credits/credits-service';
import { createUsersRepository, type UserRow } from './features/users/users-repository';
import { createSettingsRepository } from './features/settings';
import { createTextGenerator } from './features/generation/create-text-generator';
import type { TextGenerator } from './features/generation/text-generator';
import { createNewsSource } from './features/news/create-news-source';
import type { NewsSource } from './features/news/news-source';
import { createPracticeEngine, type PracticeEngine } from './features/practice/create-practice-engine';
import { createMailer, type Mailer } from './features/mail/mailer';
import { boundGenerator, generationLimits } from './features/generation/bounded-generator';
import { createInFlightWork, type InFlightWork } from './http/in-flight';
import { createPaidWorkService, createStaleWorkSweeper } from './features/paid-work';
import { createHistoryRepository } from './features/icebreak';
import { createEnrichPendingRepository } from './features/enrich';
import { teamPoolFirst } from './features/teams';

/** What createApp needs from outside: real parts in production, loopback fakes in tests. */
export interface AppDeps {
  config: Config;
  database: Database;
  verifier: IdentityVerifier;
  logger: Logger;
  clock: Clock;
  /** Built portal to serve (index.html + assets); absent → API only. */
  staticDir?: string;
  /** Icebreak/Enrich writer; default from config (LLM_BASE_URL set → openai, else offline). */
  generator?: TextGenerator;
  /** Headlines for news-driven starters; default from config (NEWS_PROVIDER). */
  news?: NewsSource;
  /** Practice-call prospect and feedback writer; default from config (LLM_BASE_URL set → openai, else offline). */
  practice?: PracticeEngine;
  /** E-mail; default from config (SMTP_URL set → SMTP, else the outbox folder). */
  mailer?: Mailer;
  /** Paid requests in flight, for a graceful shutdown (main.ts drains it on SIGTERM). */
  inFlight?: InFlightWork;
}

/** Services shared by every feature router, built once per app. */
export function createContext(given: AppDeps) {
  // Every authed request verifies its token: a process checks each token's signature once.
  const deps: AppDeps = { ...given, verifier: withVerifiedTokenCache(given.verifier) };
  const { db } = deps.database;
  const users = createUsersRepository(db, deps.clock);
  const credits = createCreditsService(db, deps.clock);
  const rateLimit = createRateLimiter(db, deps.clock);
  const sessionRevocations = createSessionRevocations(db);
  const requireAuth = createAuthMiddleware(
    deps.verifier,
    deps.config.ADMIN_EMAILS,
    rateLimit(deps.config.RATE_LIMIT_PER_MINUTE, (req) => req.identity && `user:${req.identity.uid}`),
    sessionRevocations.revokedBefore,
  );

  /** The caller's own user record; 404 when registration never created it. */
  async function currentUser(req: Request): Promise<UserRow> {
    const row = await users.byUid(identityOf(req).uid);
    if (!row) throw new HttpError(404, MESSAGES.userNotFound);
    return row;
  }

  const settings = createSettingsRepository({ db, clock: deps.clock });
  /** currentUser with the caller's enrichment settings, in one query (what the writers need first). */
  async function currentUserWithSettings(req: Request) {
    const found = await settings.userWithSettings(identityOf(req).uid);
    if (!found) throw new HttpError(404, MESSAGES.userNotFound);
    return found;
  }

  // Deadline, no-progress limit, output cap and storable text, whatever writer is below (docs/architecture.md#text-generation).
  const generator = boundGenerator(deps.generator ?? createTextGenerator(deps.config), generationLimits(deps.config));
  const inFlight = deps.inFlight ?? createInFlightWork();
  const news = deps.news ?? createNewsSource(deps.config, db, deps.clock, deps.logger);

  const practice = deps.practice ?? createPracticeEngine(deps.config);

  const mailer = deps.mailer ?? createMailer(deps.config, deps.logger);

  // Paid work (docs/architecture.md#paid-work): one service charges, runs, stores and refunds; one
  // sweeper per process (started by the server, startSweeping in app.ts) refunds what a dead process left.
  const paidWork = createPaidWorkService({ credits, inFlight, payer: teamPoolFirst(db) });
  const history = createHistoryRepository(db, deps.clock, credits);
  const enrichPending = createEnrichPendingRepository(db, deps.clock, credits);
  const sweeper = createStaleWorkSweeper({
    kinds: [
      { name: 'icebreak', sweepStale: (ms) => history.sweepStale(ms) },
      { name: 'enrich', sweepStale: (ms) => enrichPending.sweepStale(ms) },
    ],
    logger: deps.logger,
    staleAfterMs: deps.config.STALE_WORK_AFTER_MS,
  });

  return {
    ...deps,
    db,
    users,
    credits,
    rateLimit,
    requireAuth,
    sessionRevocations,
    currentUser,
    currentUserWithSettings,
    generator,
    news,
    practice,
    mailer,
    inFlight,
    paidWork,
    history,
    enrichPending,
    sweeper,
  };
}

export type AppContext = ReturnType<typeof createContext>;
