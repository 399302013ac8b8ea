import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { attachRealtime, createApp, startSweeping } from './app';
import { loadConfig, type Config } from './config';
import { systemClock } from './clock';
import { openDatabase } from './db/database';
import { createFirebaseVerifier } from './auth/firebase-verifier';
import { createTextGenerator } from './features/generation/create-text-generator';
import { createMailer } from './features/mail/mailer';
import { createReminderScheduler } from './features/reminders/reminder-scheduler';
import { answerClientErrorsWithJson } from './http/client-errors';
import { createInFlightWork } from './http/in-flight';
import { trackResponses } from './http/open-responses';
import { createLogger } from './logger';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PORTAL_DIST = path.join(ROOT, 'portal', 'dist');
/** A graceful shutdown lets requests refund and answer for this long; the process is gone within 10 s. */
const DRAIN_MS = 6000;
const HARD_EXIT_MS = 9500;
/** After the drain, how long answers still being written may take before their connections are cut. */
const RESPONSES_MS = 1500;

export interface RunningServer {
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** Start the API (and the built portal) from the environment. */
export async function startServer(env: Record<string, string | undefined> = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    poolWaitMs: config.DATABASE_POOL_WAIT_MS,
  });
  logger.info({ database: database.kind }, 'database ready');
  const verifier = createFirebaseVerifier({
    projectId: config.FIREBASE_PROJECT_ID,
    emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
  });
  // Icebreak/Enrich writer: LLM_BASE_URL set → the OpenAI-compatible one, else the offline writer.
  // A process a test starts (NODE_ENV=test) starts Harper on first use, as a test's in-process app does:
  // most never write text, and the warm-up is 3 s of CPU per process (createTextGenerator says when it still warms).
  const generator = createTextGenerator(config, { warmUp: config.NODE_ENV !== 'test' });
  logger.info({ generator: generator.kind, news: config.NEWS_PROVIDER }, 'text generation ready');
  const mailer = createMailer(config, logger);
  const inFlight = createInFlightWork();
  const app = createApp({ config, database, verifier, logger, clock: systemClock, staticDir: PORTAL_DIST, generator, mailer, inFlight });
  // Practice reminders: every process ticks; the database's claim rows make each reminder go once.
  const reminders = createReminderScheduler({ db: database.db, mailer, clock: systemClock, logger, config });
  if (config.REMINDERS_ENABLED) reminders.start();
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    s.on('error', reject);
    answerClientErrorsWithJson(s);
  });
  const realtime = attachRealtime(server, app);
  const responses = trackResponses(server);
  // Work a dead process left behind is refunded by any live one, at start and then periodically.
  const sweeping = startSweeping(app);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  logger.info({ url }, 'server listening');
  return {
    url,
    config,
    /**
     * Graceful, within its budget whatever a dependency does: first stop accepting (the listener
     * closes; paid work on kept-alive connections is refused with 503), then stop the paid work in
     * flight (each stream ends with an error line and a refund, each Enrich request with a 503 and
     * a refund), end the practice sessions (stored), and let the reminder tick go (a stuck SMTP send
     * is not waited for: its claim is sent again by another process once its lease is over).
     */
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const busy = inFlight.count;
      const [drained, , remindersStopped] = await Promise.all([inFlight.drain(DRAIN_MS), realtime.close(), reminders.stop()]);
      logger.info({ busy, drained, remindersStopped }, 'shutting down');
      await sweeping.stop();
      // The answers the stopped work wrote after it ended (an Enrich 503) reach their clients before the sockets go.
      await responses.finished(RESPONSES_MS);
      server.closeAllConnections();
      await closed;
      mailer.close();
      await database.close();
    },
  };
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  startServer().then(
    (running) => {
      const stop = () => {
        // Whatever hangs, the process is gone in time (an orchestrator's SIGKILL usually follows at 10 s).
        setTimeout(() => process.exit(1), HARD_EXIT_MS).unref();
        running.close().then(
          () => process.exit(0),
          (err: unknown) => {
            console.error(err instanceof Error ? err.message : err);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
