import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_PROJECT, createBenchKeys, signBenchToken } from './jwt-verifier';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-child.ts');

export interface BenchServer {
  url: string;
  pid: number;
  /** The server process' CPU time so far (user + system, µs): CPU per request holds up on a loaded machine where rates do not. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

/** Start server-child.ts in its own process (see there for the env it reads). */
export function spawnServer(env: Record<string, string | undefined>): Promise<BenchServer> {
  const child = fork(CHILD, [], {
    // BENCH_CPU_PROF_DIR=/tmp/prof: a V8 CPU profile of each server, to see where a request's time goes.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []),
    ],
    env: Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined)),
    // The app's request log goes nowhere, as it would to a log shipper; errors stay visible.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.once('message', (m: { port: number }) => {
      resolve({
        url: `http://127.0.0.1:${m.port}`,
        pid: child.pid!,
        cpuMicros: () =>
          new Promise<number>((done) => {
            child.once('message', (reply: { cpuMicros: number }) => done(reply.cpuMicros));
            child.send({ cpu: true });
          }),
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send({ stop: true });
          }),
      });
    });
  });
}

/**
 * The real app (server-child's `app` mode) with one user, and a token for them signed by a key
 * made for this run, as production's ID tokens are RS256-signed. `env` adds server-child settings.
 */
export async function spawnApp(options: {
  identity: { uid: string; email: string };
  databaseUrl: string | undefined;
  env?: Record<string, string | undefined>;
}): Promise<BenchServer & { token: string }> {
  const keys = createBenchKeys();
  const server = await spawnServer({
    BENCH_MODE: 'app',
    BENCH_DATABASE_URL: options.databaseUrl,
    BENCH_PUBLIC_KEY: keys.publicKeyPem,
    BENCH_UID: options.identity.uid,
    BENCH_EMAIL: options.identity.email,
    ...options.env,
  });
  return { ...server, token: signBenchToken(keys.privateKeyPem, BENCH_PROJECT, options.identity) };
}
