import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every log line so far (JSON lines of pino, and stderr). */
  logs: string[];
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `server/src/main.ts` as its own process (as `npm start` runs it), on 127.0.0.1 and an ephemeral
 * port, with the given environment on top of the test's Auth emulator settings.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-icebreak',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      // These tests check what a process does, not how fast a shared machine lets it answer: a request waits for a
      // PostgreSQL connection as long as the load makes it (a kill -9 test got "We are busy" (503) at the 5 s
      // default with four test files and another job on two cores). The 503 itself is tested in errors.test.ts.
      DATABASE_POOL_WAIT_MS: '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start in ${timeoutMs} ms:\n${logs.join('')}`)), timeoutMs);
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      pending += d;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        logs.push(`${line}\n`);
        if (line.includes('"server listening"')) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url.replace('localhost', '127.0.0.1'));
        }
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => logs.push(d));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server process exited (${code ?? signal}) before listening:\n${logs.join('')}`));
    });
  });
  return { url, child, logs, exited };
}
