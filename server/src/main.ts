import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { attachRealtime, createApp } from './app';
import { loadConfig, type Config } from './config';
import { systemClock } from './clock';
import { openDatabase } from './db/database';
import { createFirebaseVerifier } from './auth/firebase-verifier';
import { createTextGenerator } from './features/generation/create-text-generator';
import { createMailer } from './features/mail/mailer';
import { createReminderScheduler } from './features/reminders/reminder-scheduler';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PORTAL_DIST = path.join(ROOT, 'portal', 'dist');

export interface RunningServer {
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** Start the API (and the built portal) from the environment. */
export async function startServer(env: Record<string, string | undefined> = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.DATABASE_POOL_MAX });
  logger.info({ database: database.kind }, 'database ready');
  const verifier = createFirebaseVerifier({
    projectId: config.FIREBASE_PROJECT_ID,
    emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
  });
  // Icebreak/Enrich writer: LLM_BASE_URL set → the OpenAI-compatible one, else the offline writer.
  const generator = createTextGenerator(config);
  logger.info({ generator: generator.kind, news: config.NEWS_PROVIDER }, 'text generation ready');
  const mailer = createMailer(config, logger);
  const app = createApp({ config, database, verifier, logger, clock: systemClock, staticDir: PORTAL_DIST, generator, mailer });
  // Practice reminders: every process ticks; the database's claim rows make each reminder go once.
  const reminders = createReminderScheduler({ db: database.db, mailer, clock: systemClock, logger, config });
  if (config.REMINDERS_ENABLED) reminders.start();
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    s.on('error', reject);
  });
  const realtime = attachRealtime(server, app);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  logger.info({ url }, 'server listening');
  return {
    url,
    config,
    close: async () => {
      await realtime.close();
      await reminders.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
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
        running.close().finally(() => process.exit(0));
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
