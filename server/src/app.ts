import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { MESSAGES } from '@shared/messages';
import { createContext, type AppDeps } from './context';
import { apiNotFound, errorHandler, HttpError } from './http/errors';
import { safeErrorSerializer, safeUrlPath, withSafeSerializers } from './http/log-safety';
import { createSystemRouter } from './features/system/system-routes';
import { createUsersRouter } from './features/users/users-routes';
import { createSettingsRouter } from './features/settings/settings-routes';
import { createEnrichRouter } from './features/enrich/enrich-routes';
import { createIcebreakRouter } from './features/icebreak/icebreak-routes';
import { createBillingRouters } from './features/billing/billing-routes';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function createApp(given: AppDeps): Express {
  // Logs carry no request text: errors lose their query parameters (issue 13 §7).
  const deps: AppDeps = { ...given, logger: withSafeSerializers(given.logger) };
  const ctx = createContext(deps);
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      // Short request lines; headers (tokens among them) never reach the logs.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: safeUrlPath(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: (err: unknown) => safeErrorSerializer(err),
      },
    }),
  );

  const emulatorOrigin = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // Fluent UI (Griffel) injects style elements at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulatorOrigin],
          'frame-ancestors': ["'none'"],
          // Off: it would turn the local Auth emulator's http:// calls into failing https:// ones.
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );

  const allowed = new Set([new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]);
  app.use(
    '/api',
    cors({
      origin: (origin, cb) => cb(null, !origin || allowed.has(origin) ? origin || false : false),
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id'],
      maxAge: 600,
    }),
  );

  // Routes that need the raw body (Stripe webhook signature) are mounted before the JSON parser,
  // and before the per-address limit: Stripe's deliveries are signed and come from few addresses.
  const billing = createBillingRouters(ctx);
  app.use('/api', billing.webhook);

  app.use('/api', ctx.rateLimit(config.RATE_LIMIT_IP_PER_MINUTE, (req) => `ip:${req.ip}`));

  app.use('/api', express.json({ limit: config.BODY_LIMIT, strict: true }));
  app.use('/api', (req, _res, next) => {
    // Bodies must be JSON objects where present; a text/plain or form body is refused clearly.
    // req.is() is null without a body and false for a body of another type.
    if (req.is('application/json') === false) {
      throw new HttpError(415, MESSAGES.jsonBodyRequired);
    }
    next();
  });

  app.use('/api', createSystemRouter(ctx));
  app.use('/api', createUsersRouter(ctx));
  app.use('/api', createSettingsRouter(ctx));
  app.use('/api', createEnrichRouter(ctx));
  app.use('/api', createIcebreakRouter(ctx));
  app.use('/api', billing.api);
  app.use('/api', apiNotFound);

  if (deps.staticDir && existsSync(path.join(deps.staticDir, 'index.html'))) {
    const staticDir = deps.staticDir;
    app.use(express.static(staticDir, { index: false, maxAge: '1h' }));
    // Client-side routes: every other GET gets the portal's page.
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(staticDir, 'index.html'));
    });
  } else {
    app.use((_req, res) => {
      res.status(404).json({ message: MESSAGES.notFound });
    });
  }

  app.use(errorHandler);
  return app;
}
