import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { pino } from 'pino';
import { createApiClient } from '@shared/api/client';
import type { UserWriteResponse } from '@shared/schemas';
import { attachRealtime, createApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { systemClock, type Clock } from '../../server/src/clock';
import { openDatabase, type Database } from '../../server/src/db/database';
import { createFirebaseVerifier } from '../../server/src/auth/firebase-verifier';
import { answerClientErrorsWithJson } from '../../server/src/http/client-errors';
import type { AppDeps } from '../../server/src/context';
import { createTestUser, emulatorHost } from './emulator';
import type { TestUser } from './emulator';

export interface TestApp {
  url: string;
  config: Config;
  database: Database;
  /** The Express app itself (e.g. for startSweeping: a test app does not sweep on its own). */
  express: Express;
  /** A typed client acting as `user` (or anonymous). */
  client(user?: TestUser): ReturnType<typeof createApiClient>;
  /** Create the backend record of an emulator user, as the portal's registration does. */
  register(user: TestUser, name: string): Promise<UserWriteResponse>;
  /** A verified emulator user with its backend record: the usual starting point of a test. */
  signUp(name: string): Promise<TestUser>;
  /** Raw fetch against the app, for malformed requests. */
  fetch(path: string, init?: RequestInit & { user?: TestUser }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  database?: Database;
  clock?: Clock;
  /** Replace or add dependencies (fakes of paid APIs). */
  deps?: Partial<AppDeps>;
}

/** The real app (real Firebase verifier against the emulator, real database) on an ephemeral port. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Tests fire many requests from one user and one address; the rate-limit test sets its own.
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    ...options.env,
  });
  const database = options.database ?? (await openDatabase({}));
  const verifier = createFirebaseVerifier({ projectId: config.FIREBASE_PROJECT_ID, emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST });
  const app = createApp({
    config,
    database,
    verifier,
    logger: pino({ level: config.LOG_LEVEL }),
    clock: options.clock ?? systemClock,
    ...options.deps,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    answerClientErrorsWithJson(s);
  });
  const realtime = attachRealtime(server, app);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (user?: TestUser) => createApiClient({ baseUrl: url, getToken: async () => user?.idToken ?? null });
  const register = (user: TestUser, name: string) => client(user).registerUser({ name, email: user.email, firebaseUid: user.uid });
  return {
    url,
    config,
    database,
    express: app,
    client,
    register,
    async signUp(name) {
      const user = await createTestUser({ verified: true });
      await register(user, name);
      return user;
    },
    fetch: (path, init = {}) => {
      const { user, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (user) headers.set('Authorization', `Bearer ${user.idToken}`);
      return fetch(`${url}${path}`, { ...rest, headers });
    },
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.database) await database.close();
    },
  };
}
