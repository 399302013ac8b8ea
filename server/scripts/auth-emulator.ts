import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIREBASE_CLI = path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

export interface AuthEmulator {
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  projectId: string;
  port: number;
  /** The emulator hub and logging ports; distinct per instance so `npm start` and `npm test` can run side by side. */
  hubPort: number;
  loggingPort: number;
  onOutput?: (line: string) => void;
  /** Keep accounts across restarts: imported at start when present, exported on exit. */
  persistDir?: string;
}

/** Start the Firebase Auth emulator (firebase-tools, no Java needed) and wait until it answers. */
export async function startAuthEmulator(opts: AuthEmulatorOptions): Promise<AuthEmulator> {
  const host = `127.0.0.1:${opts.port}`;
  if (await answers(host)) throw new Error(`Port ${opts.port} is already in use: stop the other emulator or server first.`);
  const dir = mkdtempSync(path.join(tmpdir(), 'icebreak-emulator-'));
  const configPath = path.join(dir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.port },
        hub: { host: '127.0.0.1', port: opts.hubPort },
        logging: { host: '127.0.0.1', port: opts.loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const persist: string[] = [];
  if (opts.persistDir) {
    const persistDir = path.resolve(opts.persistDir);
    mkdirSync(persistDir, { recursive: true });
    if (existsSync(path.join(persistDir, 'firebase-export-metadata.json'))) persist.push('--import', persistDir);
    persist.push('--export-on-exit', persistDir);
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', opts.projectId, '--config', configPath, ...persist],
    { cwd: dir, env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    for (const line of text.split('\n')) if (line.trim()) opts.onOutput?.(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGINT lets the emulator export its accounts (persistDir) before it exits.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The Auth emulator exited (${child.exitCode}):\n${output}`);
    }
    if (await answers(host)) return { host, projectId: opts.projectId, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Auth emulator did not start within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function answers(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}
