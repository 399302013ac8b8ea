import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIREBASE_CLI = path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
/** Makes the emulator compile its request validators on first use: a start in 2 s of CPU instead of 9 (the file says why). */
const LAZY_VALIDATORS = path.join(ROOT, 'server', 'scripts', 'emulator-lazy-validators.mjs');

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
  /**
   * Keep accounts across restarts: imported at start when present, exported while running (every
   * `exportEveryMs` when they changed) and at stop. See `saveAccounts` for how an export is kept safe.
   */
  persistDir?: string;
  /** Problems keeping the accounts (default: console.warn). */
  onWarning?: (line: string) => void;
  /** How often the accounts are saved while running (default 10 s); only with `persistDir`. */
  exportEveryMs?: number;
}

/** The file in `persistDir` naming the export to import, replaced atomically after each export. */
const CURRENT = 'current';
const METADATA = 'firebase-export-metadata.json';

/**
 * The export to import: the one `current` names; else one firebase-tools wrote straight into
 * `persistDir` (`--export-on-exit`, before exports were kept this way); else the newest complete one.
 */
function exportToImport(persistDir: string): string | undefined {
  const complete = (dir: string) => existsSync(path.join(dir, METADATA));
  const current = path.join(persistDir, CURRENT);
  if (existsSync(current)) {
    const dir = path.join(persistDir, path.basename(readFileSync(current, 'utf8').trim()));
    if (complete(dir)) return dir;
  }
  if (complete(persistDir)) return persistDir;
  const exports = readdirSync(persistDir)
    .filter((name) => name.startsWith('export-'))
    .sort()
    .reverse();
  return exports.map((name) => path.join(persistDir, name)).find(complete);
}

/** The e-mails of the accounts a restart would import from `persistDir` (what the last save kept). */
export function savedAccountEmails(persistDir: string): string[] {
  const dir = exportToImport(path.resolve(persistDir));
  if (!dir) return [];
  try {
    const file = JSON.parse(readFileSync(path.join(dir, 'auth_export', 'accounts.json'), 'utf8')) as { users?: { email?: string }[] };
    return (file.users ?? []).flatMap((u) => (u.email ? [u.email] : []));
  } catch {
    return [];
  }
}

/**
 * Export the accounts into a new folder through the hub's export endpoint, then point `current`
 * at it with an atomic rename and remove the older ones: whenever a process stops, `current`
 * names a complete export.
 */
async function exportAccounts(persistDir: string, hubPort: number, tag: string): Promise<void> {
  await keepExport(persistDir, tag, async (target) => {
    const res = await fetch(`http://127.0.0.1:${hubPort}/_admin/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: target, initiatedBy: 'icebreak-start', targets: ['auth'] }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`the emulator hub refused the export (${res.status}): ${await res.text()}`);
  });
}

/**
 * The same export written from the Auth emulator's own REST API, as firebase-tools' hub writes it
 * (`auth_export/accounts.json` is the account listing, `config.json` the project config): what a
 * left-behind emulator holds is saved even when its hub does not answer.
 */
export async function exportFromAuthApi(persistDir: string, port: number, projectId: string, tag: string): Promise<void> {
  const read = async (route: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${route}`, {
      headers: { Authorization: 'Bearer owner' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`the Auth emulator answered ${res.status} to ${route}`);
    return res.text();
  };
  const accounts = await read(`/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`);
  const config = await read(`/emulator/v1/projects/${projectId}/config`);
  await keepExport(persistDir, tag, (target) => {
    mkdirSync(path.join(target, 'auth_export'), { recursive: true });
    writeFileSync(path.join(target, 'auth_export', 'accounts.json'), accounts);
    writeFileSync(path.join(target, 'auth_export', 'config.json'), config);
    const version = (
      JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'firebase-tools', 'package.json'), 'utf8')) as { version: string }
    ).version;
    writeFileSync(path.join(target, METADATA), JSON.stringify({ version, auth: { version, path: 'auth_export' } }, undefined, 2));
    return Promise.resolve();
  });
}

/** Runs `write` into a new export folder; once it is complete, `current` names it and older ones go. */
async function keepExport(persistDir: string, tag: string, write: (target: string) => Promise<void>): Promise<void> {
  const name = `export-${Date.now()}-${tag}`;
  const target = path.join(persistDir, name);
  try {
    await write(target);
    if (!existsSync(path.join(target, METADATA))) throw new Error(`the export in ${target} is incomplete`);
  } catch (err) {
    rmSync(target, { recursive: true, force: true });
    throw err;
  }
  writeFileSync(path.join(persistDir, `${CURRENT}.tmp`), name);
  renameSync(path.join(persistDir, `${CURRENT}.tmp`), path.join(persistDir, CURRENT));
  for (const old of readdirSync(persistDir)) {
    if (old === name || old === CURRENT) continue;
    // Older exports, and what firebase-tools' own export-on-exit left at the top.
    if (old.startsWith('export-') || old === METADATA || old === 'auth_export')
      rmSync(path.join(persistDir, old), { recursive: true, force: true });
  }
}

/** Names the emulator running for `persistDir` (its own process group): found again if our process is killed. */
const RUNNING = 'emulator.json';
interface RunningEmulator {
  pid: number;
  /** The process that started it: while that one lives, the emulator is not left behind. */
  ownerPid: number;
  projectId: string;
  port: number;
  hubPort: number;
}

/** Whether a process with this pid is running (signal 0 only checks). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** True when `pid` is a Firebase emulator (not a process that reused the number); where /proc is missing, trust the file. */
function isEmulator(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('emulators:start');
  } catch {
    return existsSync('/proc') ? false : true;
  }
}

/**
 * A run killed without a chance to stop (kill -9, a crash, a closed terminal) leaves its emulator
 * running in its own process group, holding the ports. Found by the file it left: its accounts are
 * saved first (what it created since its last periodic save would otherwise be lost), then it is stopped.
 */
async function endLeftBehind(persistDir: string, warn: (message: string) => void): Promise<void> {
  const file = path.join(persistDir, RUNNING);
  let left: RunningEmulator;
  try {
    left = JSON.parse(readFileSync(file, 'utf8')) as RunningEmulator;
  } catch {
    return;
  }
  // Another run still owns it (a second `npm start` beside the first): not ours to stop.
  if (Number.isInteger(left.ownerPid) && left.ownerPid > 0 && alive(left.ownerPid)) return;
  if (Number.isInteger(left.pid) && left.pid > 0 && alive(left.pid) && isEmulator(left.pid)) {
    const saved = accountsIn(exportToImport(persistDir) ?? persistDir);
    try {
      const res = await fetch(
        `http://127.0.0.1:${left.port}/identitytoolkit.googleapis.com/v1/projects/${left.projectId}/accounts:batchGet?maxResults=-1`,
        {
          headers: { Authorization: 'Bearer owner' },
          signal: AbortSignal.timeout(5000),
        },
      ).catch(() => undefined);
      const holds = res?.ok ? (((await res.json()) as { users?: unknown[] }).users?.length ?? 0) : 0;
      // Never save fewer accounts over more (it may not have loaded them all). A busy machine may
      // refuse or time out one export: the accounts exist only in that emulator, so try again.
      if (holds >= saved)
        for (let attempt = 1; ; attempt += 1) {
          try {
            await exportAccounts(persistDir, left.hubPort, `recovered-${left.pid}-${attempt}`);
            break;
          } catch (err) {
            warn(`Saving the accounts of the emulator a previous run left running: attempt ${attempt} failed (${errorText(err)}).`);
            if (attempt === 3) {
              // Its hub does not answer: write the export from its Auth API instead.
              await exportFromAuthApi(persistDir, left.port, left.projectId, `recovered-${left.pid}-auth-api`);
              warn('Saved those accounts through the Auth emulator itself instead.');
              break;
            }
            await new Promise((r) => setTimeout(r, 500 * attempt));
          }
        }
    } catch (err) {
      warn(`Saving the accounts of the emulator a previous run left running failed: ${errorText(err)}`);
    }
    for (const [signal, waitMs] of [
      ['SIGINT', 10_000],
      ['SIGKILL', 5000],
    ] as const) {
      try {
        process.kill(-left.pid, signal);
      } catch {
        // Its group is gone.
      }
      for (const until = Date.now() + waitMs; alive(left.pid) && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
      if (!alive(left.pid)) break;
    }
    warn(`Stopped the Auth emulator a previous run left running (pid ${left.pid}); its accounts were saved first.`);
  }
  rmSync(file, { force: true });
}

/** An error's message and, for fetch's "fetch failed", its cause (ECONNREFUSED, a reset, …). */
const errorText = (err: unknown): string =>
  err instanceof Error ? (err.cause ? `${err.message}: ${errorText(err.cause)}` : err.message) : String(err);

/** The accounts of an export (its auth_export/accounts.json); 0 when it has none. */
function accountsIn(exportDir: string): number {
  try {
    const file = JSON.parse(readFileSync(path.join(exportDir, 'auth_export', 'accounts.json'), 'utf8')) as { users?: unknown[] };
    return file.users?.length ?? 0;
  } catch {
    return 0;
  }
}

/** Start the Firebase Auth emulator (firebase-tools, no Java needed) and wait until it answers. */
export async function startAuthEmulator(opts: AuthEmulatorOptions): Promise<AuthEmulator> {
  const host = `127.0.0.1:${opts.port}`;
  const warn = opts.onWarning ?? console.warn;
  if (opts.persistDir) await endLeftBehind(path.resolve(opts.persistDir), warn);
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
  const persistDir = opts.persistDir ? path.resolve(opts.persistDir) : undefined;
  const imported = persistDir ? (mkdirSync(persistDir, { recursive: true }), exportToImport(persistDir)) : undefined;
  // No --export-on-exit: firebase-tools deletes the old export before moving the new one in, and a
  // second signal (Ctrl-C reaches every process of the terminal's group) stops it mid-way, which
  // once left no accounts at all. This module exports through the hub instead (saveAccounts).
  // A kept emulator must outlive a kill -9 of our process with its accounts: its output goes to a
  // file, not a pipe to us, whose closing makes its next log line fail (EPIPE) and firebase-tools exit.
  const logPath = path.join(dir, 'emulator.log');
  const logFd = persistDir ? openSync(logPath, 'a') : undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(LAZY_VALIDATORS).href,
      FIREBASE_CLI,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      opts.projectId,
      '--config',
      configPath,
      ...(imported ? ['--import', imported] : []),
    ],
    {
      cwd: dir,
      // TMPDIR of its own: firebase-tools keeps a hub locator per project id in the temp folder
      // (hub-<project>.json), shared by every emulator of that project on the machine (`npm start`
      // beside `npm test`, a left-behind one, the tests' own); with one folder each, no instance
      // reads, warns about or deletes another's (a CI run saw one exit with "An unexpected error"
      // right after that warning).
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true', TMPDIR: dir },
      stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
      // Its own process group when it keeps accounts: a Ctrl-C in the terminal reaches only our
      // process, which stops the emulator once, after the last save.
      detached: Boolean(persistDir),
    },
  );
  // Our process may be killed with no chance to stop it: the next start finds it by this file.
  if (persistDir && child.pid)
    writeFileSync(
      path.join(persistDir, RUNNING),
      JSON.stringify({
        pid: child.pid,
        ownerPid: process.pid,
        projectId: opts.projectId,
        port: opts.port,
        hubPort: opts.hubPort,
      } satisfies RunningEmulator),
    );
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    for (const line of text.split('\n')) if (line.trim()) opts.onOutput?.(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const tail = logFd === undefined ? undefined : tailFile(logPath, collect);
  if (logFd !== undefined) closeSync(logFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const admin = { headers: { Authorization: 'Bearer owner' } };
  const countAccounts = async (): Promise<number> => {
    const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${opts.projectId}/accounts:batchGet?maxResults=-1`, {
      ...admin,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`the Auth emulator answered ${res.status} to the account listing`);
    return ((await res.json()) as { users?: unknown[] }).users?.length ?? 0;
  };
  /** Accounts as last saved (or imported): an unchanged listing is not exported again. */
  let savedListing: string | undefined;
  /** False when the emulator did not load the saved accounts: saving would overwrite them with less. */
  let trusted = true;
  let saving: Promise<void> = Promise.resolve();
  let exportSeq = 0;

  /**
   * Export the accounts into a new folder through the hub's export endpoint, then point `current`
   * at it with an atomic rename and remove the older ones: whenever the process stops, `current`
   * names a complete export. Runs one at a time.
   */
  const saveAccounts = (): Promise<void> => {
    saving = saving.then(async () => {
      if (!persistDir || !trusted) return;
      const listing = await fetch(
        `http://${host}/identitytoolkit.googleapis.com/v1/projects/${opts.projectId}/accounts:batchGet?maxResults=-1`,
        {
          ...admin,
          signal: AbortSignal.timeout(5000),
        },
      ).then((res) => res.text());
      if (listing === savedListing) return;
      await exportAccounts(persistDir, opts.hubPort, `${process.pid}-${(exportSeq += 1)}`);
      savedListing = listing;
    });
    return saving.catch((err: unknown) => {
      (opts.onWarning ?? console.warn)(`Saving the emulator's accounts failed: ${errorText(err)}`);
    });
  };
  let timer: NodeJS.Timeout | undefined;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(timer);
      if (child.exitCode === null && child.signalCode === null) {
        await saveAccounts();
        // One SIGINT: the emulator stops cleanly (nothing left to export).
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      tail?.stop();
      if (persistDir) rmSync(path.join(persistDir, RUNNING), { force: true });
      rmSync(dir, { recursive: true, force: true });
    })());

  /** Once it answers: check it loaded the saved accounts, then save them as they change. */
  const ready = async () => {
    if (!persistDir) return;
    // Our process ending any other way must not leave the emulator (its own process group) behind.
    process.once('exit', () => child.kill('SIGKILL'));
    if (imported) {
      const expected = accountsIn(imported);
      const loaded = await countAccounts();
      if (loaded < expected) {
        trusted = false;
        (opts.onWarning ?? console.warn)(
          `The Auth emulator loaded ${loaded} of the ${expected} saved accounts from ${imported}: they are kept as they are and not saved over this run.`,
        );
      }
    }
    timer = setInterval(() => void saveAccounts(), opts.exportEveryMs ?? 10_000);
    timer.unref();
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      // firebase-tools prints only "An unexpected error has occurred"; the error itself is in its debug log.
      const debugLog = path.join(dir, 'firebase-debug.log');
      const details = existsSync(debugLog) ? readFileSync(debugLog, 'utf8').split('\n').slice(-40).join('\n') : '';
      await stop();
      throw new Error(
        `The Auth emulator exited (${child.exitCode}):\n${output}${details ? `\nThe end of firebase-debug.log:\n${details}` : ''}`,
      );
    }
    // firebase-tools listens before it imports the saved accounts and says so only once it has:
    // answering alone let a sign-in (or the import check below) run before the accounts were there.
    if (ALL_READY.test(output) && (await answers(host))) {
      await ready();
      return { host, projectId: opts.projectId, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Auth emulator did not start within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Hands what is appended to `file` to `onChunk`, read every 100 ms, until stopped (then once more). */
function tailFile(file: string, onChunk: (chunk: Buffer) => void): { stop(): void } {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(64 * 1024);
  const read = () => {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) onChunk(Buffer.from(buffer.subarray(0, n)));
  };
  const timer = setInterval(read, 100);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      read();
      closeSync(fd);
    },
  };
}

/** What firebase-tools prints once every emulator is up and the import (if any) is loaded. */
const ALL_READY = /All emulators ready/;

async function answers(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}
