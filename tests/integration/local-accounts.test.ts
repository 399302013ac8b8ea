import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, exportFromAuthApi, savedAccountEmails } from '../../server/scripts/auth-emulator';
import { freePort } from '../helpers/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HELPER = path.join(ROOT, 'tests/helpers/persisting-emulator-process.ts');
const KEY = 'demo-api-key';

interface Running {
  host: string;
  pid: number;
  exited: Promise<number | null>;
  output: () => string;
}

/**
 * The emulator as `npm start` runs it, in its own process group (like a job in a terminal). A start
 * that ends before it is ready is tried once more on new ports, and said: free ports are picked
 * while the rest of the suite opens its own, so one can be taken before the emulator binds it.
 */
async function startLocalEmulator(persistDir: string, exportEveryMs = 60_000): Promise<Running> {
  try {
    return await startLocalEmulatorOnce(persistDir, exportEveryMs);
  } catch (err) {
    if (!(err instanceof EmulatorExited)) throw err;
    console.warn(`The emulator ended before it was ready; starting it again on new ports:\n${err.message}`);
    return startLocalEmulatorOnce(persistDir, exportEveryMs);
  }
}

class EmulatorExited extends Error {}

async function startLocalEmulatorOnce(persistDir: string, exportEveryMs: number): Promise<Running> {
  const ports = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', HELPER, ...ports.map(String), persistDir, String(exportEveryMs)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const host = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new EmulatorExited(`the emulator process exited (${code}):\n${output}`)));
  });
  return { host, pid: child.pid!, exited, output: () => output };
}

async function identity(host: string, action: string, email: string) {
  return fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=${KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-pass-1', returnSecureToken: true }),
  });
}

/** Ctrl-C in a terminal: SIGINT to every process of the group; an impatient user presses it twice. */
async function ctrlC(run: Running) {
  process.kill(-run.pid, 'SIGINT');
  await new Promise((r) => setTimeout(r, 300));
  try {
    process.kill(-run.pid, 'SIGINT');
  } catch {
    // Already gone.
  }
  const code = await Promise.race([run.exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))]);
  expect(code, run.output()).toBe(0);
}

describe('npm start keeps the emulator accounts across Ctrl-C', () => {
  const persistDir = mkdtempSync(path.join(tmpdir(), 'icebreak-local-accounts-'));
  afterAll(() => {
    // The kill -9 step leaves that run's emulator behind (its own process group, and no handler ran):
    // end it here, found by the folder it imported from, so no test run leaves an emulator running.
    spawnSync('pkill', ['-KILL', '-f', '--', `--import ${persistDir}`]);
    rmSync(persistDir, { recursive: true, force: true });
  });

  it(
    'accounts survive a double Ctrl-C right after sign-up, and a kill -9 after a save, across restarts',
    { timeout: 400_000 },
    async () => {
      const emails: string[] = [];
      const signUp = async (run: Running, label: string) => {
        const email = `${label}-${Date.now()}@example.com`;
        expect((await identity(run.host, 'signUp', email)).status).toBe(200);
        emails.push(email);
      };
      const allThere = async (run: Running, when: string) => {
        for (const email of emails) expect((await identity(run.host, 'signInWithPassword', email)).status, `${email} ${when}`).toBe(200);
      };

      // Created just before Ctrl-C (the periodic save is a minute away): the save at stop keeps it.
      let run = await startLocalEmulator(persistDir);
      await signUp(run, 'first');
      await ctrlC(run);

      // Saved while running: survives kill -9 of the whole group (no handler runs).
      run = await startLocalEmulator(persistDir, 500);
      await allThere(run, 'after the first Ctrl-C');
      await signUp(run, 'killed');
      // Killed only once a periodic save holds the account: a fixed sleep lost the race on a loaded CI machine.
      const killed = emails.at(-1)!;
      for (const until = Date.now() + 60_000; !savedAccountEmails(persistDir).includes(killed) && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 100));
      expect(savedAccountEmails(persistDir), 'a periodic save within a minute').toContain(killed);
      process.kill(-run.pid, 'SIGKILL');
      await run.exited;

      run = await startLocalEmulator(persistDir);
      await allThere(run, 'after kill -9');
      await signUp(run, 'third');
      await ctrlC(run);

      run = await startLocalEmulator(persistDir);
      try {
        await allThere(run, 'after the last Ctrl-C');
      } finally {
        await ctrlC(run);
      }
    },
  );

  it(
    'a run killed with kill -9 leaves its emulator running; the next start saves what it held (never saved yet) and stops it',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'icebreak-left-behind-'));
      let leftPid = 0;
      try {
        // No periodic save within the test: the account exists only in the emulator's memory.
        let run = await startLocalEmulator(dir, 600_000);
        const email = `unsaved-${Date.now()}@example.com`;
        expect((await identity(run.host, 'signUp', email)).status).toBe(200);
        leftPid = (JSON.parse(readFileSync(path.join(dir, 'emulator.json'), 'utf8')) as { pid: number }).pid;
        process.kill(-run.pid, 'SIGKILL');
        await run.exited;
        expect(alive(leftPid), 'the emulator outlives a kill -9 of its parent (its own process group)').toBe(true);

        run = await startLocalEmulator(dir);
        expect(alive(leftPid), 'the next start stopped the emulator left behind').toBe(false);
        expect(run.output()).toContain('Stopped the Auth emulator a previous run left running');
        expect((await identity(run.host, 'signInWithPassword', email)).status, run.output()).toBe(200);
        await ctrlC(run);
        expect(existsSync(path.join(dir, 'emulator.json')), 'a clean stop removes the file').toBe(false);
      } finally {
        if (leftPid && alive(leftPid)) process.kill(-leftPid, 'SIGKILL');
        spawnSync('pkill', ['-KILL', '-f', '--', `--import ${dir}`]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'an export written through the Auth API (when a left-behind emulator’s hub does not answer) is what the next start imports',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'icebreak-auth-api-export-'));
      let leftPid = 0;
      try {
        let run = await startLocalEmulator(dir, 600_000);
        const email = `api-export-${Date.now()}@example.com`;
        expect((await identity(run.host, 'signUp', email)).status).toBe(200);
        await exportFromAuthApi(dir, Number(run.host.split(':')[1]), 'demo-icebreak', 'test');
        expect(savedAccountEmails(dir)).toEqual([email]);
        // Both gone with no save of their own: only the Auth API export holds the account.
        leftPid = (JSON.parse(readFileSync(path.join(dir, 'emulator.json'), 'utf8')) as { pid: number }).pid;
        process.kill(-run.pid, 'SIGKILL');
        process.kill(-leftPid, 'SIGKILL');
        await run.exited;
        rmSync(path.join(dir, 'emulator.json'));

        run = await startLocalEmulator(dir);
        expect((await identity(run.host, 'signInWithPassword', email)).status, run.output()).toBe(200);
        await ctrlC(run);
      } finally {
        if (leftPid && alive(leftPid)) process.kill(-leftPid, 'SIGKILL');
        spawnSync('pkill', ['-KILL', '-f', '--', `--import ${dir}`]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
