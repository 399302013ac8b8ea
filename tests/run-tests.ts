/**
 * `npm test` and `npm run test:<kind>`: starts what the chosen kinds need — the Auth emulator on
 * test ports for integration and e2e (so `npm start` may run beside it), the portal and widget
 * builds for e2e (skipped when their inputs are unchanged) — runs Vitest, stops the emulator, and
 * prints one closing line 'tests: N passed, N failed, N skipped' with each project's time.
 *
 *   tsx tests/run-tests.ts [--project <kind>]… [--watch] [vitest arguments…]
 *
 * No --project: every kind (tests/test-kinds.ts). --watch: Vitest's watch mode (no closing line).
 * Other arguments go to Vitest (e.g. `npm test -- tests/integration/credits`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_BROWSER_ENV, startSharedBrowser } from './helpers/browser';
import { buildIfStale } from './helpers/build-cache';
import { EMPTY_TEMPLATE_ENV, ensurePgliteTemplate, TEMPLATE_ENV } from './helpers/pglite-template';
import { startTestEmulator } from './helpers/test-emulator';
import { FILE_TIMES, type FileTime } from './setup/file-times';
import { NEEDS_EMULATOR, TEST_KINDS, type TestKind } from './test-kinds';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const FILE_TIMES_REPORTER = path.join(ROOT, 'tests', 'setup', 'file-times.ts');

interface Options {
  kinds: TestKind[];
  watch: boolean;
  /** Arguments for Vitest, the --project flags included. */
  vitestArgs: string[];
  /** File filters (arguments that are not options). */
  filters: string[];
}

function parse(argv: string[]): Options {
  const kinds: TestKind[] = [];
  const vitestArgs: string[] = [];
  const filters: string[] = [];
  let watch = false;
  const isKind = (k: string): k is TestKind => k in TEST_KINDS;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--watch' || arg === '-w') {
      watch = true;
      continue;
    }
    const project = arg === '--project' ? argv[i + 1] : arg.startsWith('--project=') ? arg.slice('--project='.length) : undefined;
    if (project !== undefined) {
      if (!isKind(project)) throw new Error(`Unknown project '${project}': one of ${Object.keys(TEST_KINDS).join(', ')}.`);
      kinds.push(project);
      vitestArgs.push('--project', project);
      if (arg === '--project') i += 1;
      continue;
    }
    vitestArgs.push(arg);
    // A value-taking option's value is not a filter: `--reporter dot`, `-t name`.
    if (!arg.startsWith('-') && !(i > 0 && /^-(t|-[a-zA-Z.]+)$/.test(argv[i - 1]!) && !argv[i - 1]!.includes('='))) filters.push(arg);
  }
  return { kinds: kinds.length ? kinds : (Object.keys(TEST_KINDS) as TestKind[]), watch, vitestArgs, filters };
}

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}

/**
 * Seconds of test-file time per project and the slowest files, from the file-times reporter
 * (tests/setup/file-times.ts: each file's whole time, its import and beforeAll hooks included).
 */
function projectTimes(times: FileTime[]): string {
  const seconds = new Map<string, number>();
  for (const t of times) seconds.set(t.project, (seconds.get(t.project) ?? 0) + t.seconds);
  const slowest = [...times].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
  return [
    `file time per project: ${[...seconds].map(([kind, s]) => `${kind} ${s.toFixed(0)} s`).join(', ')}`,
    `slowest files: ${slowest.map((t) => `${t.file} ${t.seconds.toFixed(0)} s`).join(', ')}`,
  ].join('\n');
}

async function main() {
  const options = parse(process.argv.slice(2));
  const started = Date.now();
  const wantsE2e = options.kinds.includes('e2e') && (options.filters.length === 0 || options.filters.some((f) => f.includes('e2e')));
  const wantsEmulator = options.kinds.some((k) => NEEDS_EMULATOR.includes(k));

  // The builds, the PGlite template and the emulator's start overlap: the emulator mostly waits.
  const [emulator, template, browser] = await Promise.all([
    wantsEmulator ? startTestEmulator() : undefined,
    wantsEmulator ? ensurePgliteTemplate() : undefined,
    // One Chromium for every browser test file (a context each) instead of one started per file.
    wantsE2e ? startSharedBrowser() : undefined,
    wantsE2e && process.env.SKIP_BUILD !== '1'
      ? Promise.all([buildIfStale('portal/vite.config.ts'), buildIfStale('widget/vite.config.ts')])
      : undefined,
  ]);

  const reportDir = path.join(ROOT, 'node_modules', '.cache', 'icebreak-tests');
  const report = path.join(reportDir, 'vitest-report.json');
  mkdirSync(reportDir, { recursive: true });
  rmSync(report, { force: true });
  rmSync(FILE_TIMES, { force: true });
  const args = options.watch
    ? ['watch', ...options.vitestArgs]
    : [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        `--reporter=${FILE_TIMES_REPORTER}`,
        ...options.vitestArgs,
      ];
  let code = 1;
  try {
    code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [vitest, ...args], {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...emulator?.env,
          ...(template ? { [TEMPLATE_ENV]: template.migrated, [EMPTY_TEMPLATE_ENV]: template.empty } : {}),
          ...(browser ? { [SHARED_BROWSER_ENV]: browser.wsEndpoint } : {}),
        },
      });
      // Ctrl-C reaches Vitest through the terminal; wait for it to exit, then stop the emulator.
      process.on('SIGINT', () => undefined);
      child.on('exit', (c) => resolve(c ?? 1));
    });
  } finally {
    await Promise.all([emulator?.stop(), browser?.close()]);
  }
  if (!options.watch && existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    // A file that fails in its setup has no failed test of its own: count it, so the line agrees with the exit code.
    const failed = r.numFailedTests || (code !== 0 ? Math.max(1, r.numFailedTestSuites) : 0);
    const wall = ((Date.now() - started) / 1000).toFixed(0);
    const times = existsSync(FILE_TIMES) ? (JSON.parse(readFileSync(FILE_TIMES, 'utf8')) as FileTime[]) : [];
    console.log(`\n${projectTimes(times)}\nwall ${wall} s (report: ${path.relative(ROOT, report)})`);
    console.log(`tests: ${r.numPassedTests} passed, ${failed} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  }
  process.exit(code);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
