/**
 * One server for a benchmark, in its own process so it does not share an event loop with the load
 * generator. `bare`: Express 5 answering `res.json({credits: 20})`. `bare-read`: the same Express
 * answering with the user's balance read through the app's database layer (the one prepared
 * `SELECT`, no token, no middleware): what any server for this route needs. `reference`: the same
 * libraries as the app's edge and no app logic (see referenceServer). `app`: the real app (logging at
 * info to this process' stdout with production's logger, which the parent discards, as production logs every request) with
 * an RS256 JWT verifier. `proxy-fetch` and `proxy-writer` (references for request → first Icebreak
 * line): Express answering `GET /api/search` with NDJSON lines of the upstream's text, read with a
 * plain `fetch` or with the app's own writer (the OpenAI SDK, prompt and section split); no token,
 * no database, no charge. Tells the parent its port over IPC. Env: BENCH_MODE, BENCH_DATABASE_URL
 * (absent → PGlite), BENCH_PUBLIC_KEY, BENCH_UID, BENCH_EMAIL, BENCH_CREDITS, BENCH_LLM_BASE_URL
 * (an OpenAI-compatible upstream for the writer; absent → the offline writer).
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import compression from 'compression';
import { ipKeyGenerator } from 'express-rate-limit';
import pg from 'pg';
import { createApp } from '../../../server/src/app';
import { loadConfig, type Config } from '../../../server/src/config';
import type { Identity } from '../../../server/src/auth/identity';
import { createRateLimiter } from '../../../server/src/http/rate-limit';
import { requestLog } from '../../../server/src/http/request-log';
import { securityHeaders } from '../../../server/src/http/security-headers';
import { createLogger } from '../../../server/src/logger';
import { systemClock } from '../../../server/src/clock';
import { openDatabase, type Database } from '../../../server/src/db/database';
import { createCreditsService } from '../../../server/src/features/credits/credits-service';
import { createUsersRepository } from '../../../server/src/features/users/users-repository';
import { createOpenAiGenerator } from '../../../server/src/features/generation/openai-generator';
import { extractProfile } from '../../../server/src/features/generation';
import { resolveGoal } from '@shared/constants';
import { BENCH_PROJECT, createJwtVerifier } from './jwt-verifier';
import { contentDeltas } from './upstream-client';

async function main() {
  const env = process.env;
  let server: Server;
  let cleanup = async () => undefined as void;
  if (env.BENCH_MODE === 'bare') {
    const app = express();
    app.get('/api/user-credits/:email', (_req, res) => {
      res.json({ credits: 20 });
    });
    server = await listen(app);
  } else if (env.BENCH_MODE === 'proxy-fetch' || env.BENCH_MODE === 'proxy-writer') {
    server = await listen(env.BENCH_MODE === 'proxy-fetch' ? fetchProxy(env.BENCH_LLM_BASE_URL!) : writerProxy(env.BENCH_LLM_BASE_URL!));
  } else {
    const url = env.BENCH_DATABASE_URL;
    const schemaName = url ? `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}` : undefined;
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: '0',
      FIREBASE_PROJECT_ID: BENCH_PROJECT,
      // Production requires it (it signs unsubscribe links); not used by the read.
      REMINDER_TOKEN_SECRET: 'bench-reminder-token-secret-0123456789abcdef',
      // One user from one address: the limits must not be what is measured (they still run).
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_IP_PER_MINUTE: '100000000',
      ...(env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: env.DATABASE_POOL_MAX } : {}),
    });
    const database: Database = await openDatabase({ url, schemaName, poolMax: config.DATABASE_POOL_MAX });
    const users = createUsersRepository(database.db, systemClock);
    const created = await users.createIfMissing({
      firebaseUid: env.BENCH_UID!,
      email: env.BENCH_EMAIL!,
      name: 'Bench',
      emailVerified: true,
    });
    if (!('user' in created)) throw new Error('bench user not created');
    const credits = createCreditsService(database.db, systemClock);
    await database.db.transaction((tx) =>
      credits.setAllowance(tx, created.user.id, Number(env.BENCH_CREDITS ?? 20), 'adjustment', 'bench'),
    );
    if (env.BENCH_MODE === 'reference') {
      server = await listen(referenceServer(config, database, users, env));
    } else if (env.BENCH_MODE === 'bare-read') {
      const bareRead = express();
      bareRead.get('/api/user-credits/:email', async (_req, res) => {
        const row = await users.byUid(env.BENCH_UID!);
        res.json({ credits: row?.credits ?? 0 });
      });
      server = await listen(bareRead);
    } else {
      server = await listen(
        createApp({
          config,
          database,
          verifier: createJwtVerifier(env.BENCH_PUBLIC_KEY!, BENCH_PROJECT),
          ...(env.BENCH_LLM_BASE_URL
            ? {
                generator: benchWriter(env.BENCH_LLM_BASE_URL),
              }
            : {}),
          logger: createLogger(config.LOG_LEVEL),
          clock: systemClock,
        }),
      );
    }
    cleanup = async () => {
      await database.close();
      if (url && schemaName) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
        await admin.end();
      }
    };
  }
  process.send!({ port: (server.address() as AddressInfo).port });
  process.on('message', (m: { stop?: boolean; cpu?: boolean }) => {
    if (m.cpu) {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMicros: user + system });
    }
    if (!m.stop) return;
    server.closeAllConnections();
    server.close();
    cleanup().finally(() => process.exit(0));
  });
}

/**
 * The reference for the authed read (issue 27): the app's libraries configured as the app
 * configures them, and no app logic. helmet (with the app's CSP and Permissions-Policy),
 * compression, pino-http (the app's request log, to the production logger), express-rate-limit
 * with the shared database store (per address and per user; BENCH_REFERENCE_STORE=unbatched: one
 * upsert per hit), the token's signature checked once (a Map of verified tokens), and the user's row
 * read with one SELECT through the app's database layer.
 */
function referenceServer(config: Config, database: Database, users: ReturnType<typeof createUsersRepository>, env: NodeJS.ProcessEnv) {
  const logger = createLogger(config.LOG_LEVEL);
  const limit = createRateLimiter(database.db, systemClock, { batched: env.BENCH_REFERENCE_STORE !== 'unbatched' });
  const verifier = createJwtVerifier(env.BENCH_PUBLIC_KEY!, BENCH_PROJECT);
  const verified = new Map<string, Promise<Identity>>();
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(logger), compression(), securityHeaders(config));
  app.use(limit(config.RATE_LIMIT_IP_PER_MINUTE, (req) => `ip:${ipKeyGenerator(req.ip ?? '')}`));
  const perUser = limit(config.RATE_LIMIT_PER_MINUTE, (req) => (req as { uid?: string }).uid);
  app.get('/api/user-credits/:email', async (req, res, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!token) return void res.status(401).json({ message: 'unauthenticated' });
    let identity = verified.get(token);
    if (!identity) verified.set(token, (identity = verifier.verify(token)));
    (req as { uid?: string }).uid = (await identity).uid;
    await perUser(req, res, next);
  });
  app.get('/api/user-credits/:email', async (req, res) => {
    const row = await users.byUid((req as { uid?: string }).uid!);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ credits: row?.credits ?? 0 });
  });
  return app;
}

/** The production writer against the bench's upstream. */
const benchWriter = (baseUrl: string) => createOpenAiGenerator({ baseUrl, apiKey: 'sk-bench', model: 'bench', idleTimeoutMs: 10_000 });

/**
 * Express answering `GET /api/search` with `pieces` of text as NDJSON lines, unbuffered as the
 * app's stream is, and a last `done` line.
 */
function linesServer(pieces: (req: express.Request) => AsyncIterable<{ content: string; section: number }>): express.Express {
  const app = express();
  app.get('/api/search', async (req, res) => {
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    req.socket.setNoDelay(true);
    const write = (line: object) => res.write(`${JSON.stringify(line)}\n`);
    for await (const piece of pieces(req)) write({ ...piece, errorMessage: null });
    write({ content: '', section: 0, errorMessage: null, done: true });
    res.end();
  });
  return app;
}

/** The least a server can do: pass the upstream's content deltas on as lines. */
const fetchProxy = (baseUrl: string) =>
  linesServer(async function* (req) {
    for await (const content of contentDeltas(baseUrl, String(req.query.profileUrl))) yield { content, section: 0 };
  });

/** The app's writer with nothing around it: what the SDK, the prompt and the section split cost. */
function writerProxy(baseUrl: string): express.Express {
  const writer = benchWriter(baseUrl);
  return linesServer((req) => {
    const description = String(req.query.profileUrl);
    const input = {
      description,
      profile: extractProfile(description),
      goal: resolveGoal(String(req.query.goal)),
      settings: { name: '', aboutMe: '', contentPreferences: '' },
      headlines: [],
    };
    return writer.icebreak(input, new AbortController().signal);
  });
}

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
