import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import compression from 'compression';
import cors from 'cors';
import { ipKeyGenerator } from 'express-rate-limit';
import { LANDING_PAGE, LANDING_PATHS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { createContext, type AppDeps } from './context';
import { apiNotFound, errorBody, errorHandler, HttpError } from './http/errors';
import { withSafeSerializers } from './http/log-safety';
import { requestLog } from './http/request-log';
import { noStoreWhenAuthenticated, securityHeaders } from './http/security-headers';
import { createSystemRouter } from './features/system/system-routes';
import { createUsersRouter } from './features/users/users-routes';
import { createSettingsRouter } from './features/settings/settings-routes';
import { createEnrichRouter } from './features/enrich/enrich-routes';
import { createEnrichService } from './features/enrich/enrich-service';
import { createEnrichmentRepository } from './features/enrich/enrichment-repository';
import { createIcebreakRouter } from './features/icebreak/icebreak-routes';
import { createIcebreakService } from './features/icebreak/icebreak-service';
import type { StaleWorkSweeper } from './features/paid-work';
import { createBillingRouters } from './features/billing/billing-routes';
import { createCallsFeature } from './features/calls/calls-feature';
import type { CallsRealtime } from './features/calls/calls-realtime';
import { createRemindersRouters } from './features/reminders/reminders-routes';
import { createAccountRouter } from './features/account/account-routes';
import { createTeamsRouter } from './features/teams';

/** Vite names these by content hash: a changed file gets a new name, so they can be kept a year. */
const HASHED_ASSETS = 'assets';

/** Each app's WebSocket endpoints, for attachRealtime (createApp returns a plain Express app). */
const realtimeOf = new WeakMap<Express, CallsRealtime>();
/** Each app's stale-work sweeper, for startSweeping. */
const sweeperOf = new WeakMap<Express, StaleWorkSweeper>();

/**
 * Sweep the paid work dead processes left behind (docs/architecture.md#crash-recovery-and-shutdown):
 * now, then periodically, until `stop` (call it before the database closes). The server starts one
 * per process; an app built without it (tests) never sweeps on its own.
 */
export function startSweeping(app: Express): { stop(): Promise<void> } {
  const sweeper = sweeperOf.get(app);
  if (!sweeper) throw new Error('startSweeping: not an app made by createApp');
  return sweeper.start();
}

/**
 * Serve the app's WebSockets (practice-call relay and browser practice) on the HTTP server that
 * listens for it. Returns `close`, which ends open sessions: call it before `server.close()`.
 */
export function attachRealtime(server: Server, app: Express): { close(): Promise<void> } {
  const realtime = realtimeOf.get(app);
  if (!realtime) throw new Error('attachRealtime: not an app made by createApp');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  return { close: () => realtime.closeAll() };
}

export function createApp(given: AppDeps): Express {
  // Logs carry no request text: errors lose their query parameters (docs/architecture.md#logging).
  const deps: AppDeps = { ...given, logger: withSafeSerializers(given.logger) };
  const ctx = createContext(deps);
  const { config } = deps;
  const app = express();
  sweeperOf.set(app, ctx.sweeper);
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');

  app.use(requestLog(deps.logger));
  // Bodies of 1 KB and more in brotli (quality 4) or gzip, as the client prefers; a response marked
  // no-transform (the NDJSON Icebreak stream, whose lines must leave at once) goes out as it is.
  app.use(compression());

  app.use(securityHeaders(config));

  // Every /api route hangs off one router; the feature routers below run in the order given.
  const api = express.Router();
  app.use('/api', api);
  api.use(noStoreWhenAuthenticated);

  const allowed = new Set([new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]);
  const corsHeaders = cors({
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin) ? origin || false : false),
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
  });
  // cors adds nothing to a request without an Origin (not a browser's cross-origin call): skip its set-up.
  api.use((req, res, next) => (req.headers.origin === undefined ? next() : corsHeaders(req, res, next)));

  // Routes that need the raw body (Stripe webhook signature) are mounted before the JSON parser,
  // and before the per-address limit: Stripe's deliveries are signed and come from few addresses.
  const billing = createBillingRouters(ctx);
  // Twilio's status callback: a signed form body, like the Stripe webhook.
  const calls = createCallsFeature(ctx);
  api.use(billing.webhook, calls.webhook);
  realtimeOf.set(app, calls.realtime);

  api.use(ctx.rateLimit(config.RATE_LIMIT_IP_PER_MINUTE, (req) => `ip:${ipKeyGenerator(req.ip ?? '')}`));

  // The one-click unsubscribe POST is form-encoded (RFC 8058): before the JSON-only guard.
  const reminders = createRemindersRouters(ctx);
  api.use(reminders.unsubscribe);

  api.use(express.json({ limit: config.BODY_LIMIT, strict: true }));
  api.use((req, _res, next) => {
    // Bodies must be JSON objects where present; a text/plain or form body is refused clearly.
    // req.is() is null without a body and false for a body of another type.
    // An empty body (Content-Length: 0, as fetch sends for a bodyless POST) has no type to check.
    if (req.is('application/json') === false && req.headers['content-length'] !== '0') {
      throw new HttpError(415, MESSAGES.jsonBodyRequired);
    }
    next();
  });

  api.use(
    createSystemRouter(ctx),
    // Before the users router: GET /api/user/phone would otherwise be read as GET /api/user/:uid.
    calls.api,
    // Before the users router, whose /user/:uid would take /user/reminders.
    reminders.api,
    // Before the users router: DELETE /user and GET /user/export must not reach GET /user/:uid.
    createAccountRouter(ctx),
    createUsersRouter(ctx),
    createSettingsRouter(ctx),
    createEnrichRouter({
      ...ctx,
      enrich: createEnrichService({
        ...ctx,
        results: createEnrichmentRepository(ctx.db, ctx.clock),
        pending: ctx.enrichPending,
      }),
    }),
    createIcebreakRouter({
      ...ctx,
      icebreak: createIcebreakService({ ...ctx, maxOutputChars: config.LLM_MAX_OUTPUT_CHARS }),
    }),
    billing.api,
    createTeamsRouter(ctx),
  );
  api.use(apiNotFound);

  if (deps.staticDir && existsSync(path.join(deps.staticDir, 'index.html'))) {
    const staticDir = deps.staticDir;
    app.use(
      express.static(staticDir, {
        index: false,
        setHeaders: (res, file) => {
          // Hashed assets never change; everything else (index.html, icons) is revalidated by ETag.
          const hashed = path.relative(staticDir, file).split(path.sep)[0] === HASHED_ASSETS;
          res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    // A hashed asset that is not there (a page from an older build asking) is a 404, not the portal's page.
    app.use(`/${HASHED_ASSETS}`, apiNotFound);
    // Client-side routes: every other GET gets the portal's page; the signed-in landing routes the
    // one that also preloads their screens' chunks, where the build made it.
    const landingPage = existsSync(path.join(staticDir, LANDING_PAGE)) ? LANDING_PAGE : 'index.html';
    app.get(/.*/, (req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(staticDir, LANDING_PATHS.includes(req.path) ? landingPage : 'index.html'));
    });
  } else {
    app.use((_req, res) => {
      res.status(404).json(errorBody(404, MESSAGES.notFound));
    });
  }

  app.use(errorHandler);
  return app;
}
