/**
 * `npm test`: starts the Auth emulator on test ports (so `npm start` may run beside it), builds
 * what the browser tests load, runs every Vitest project, stops the emulator, and prints one
 * closing line 'N passed, N failed'. Extra arguments go to Vitest (e.g. `npm test -- server`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestEmulator } from './helpers/test-emulator';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const args = process.argv.slice(2);

function build(config: string) {
  if (!existsSync(path.join(ROOT, config))) return;
  const r = spawnSync(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`build failed: ${config}`);
}

async function main() {
  const runsE2e = args.length === 0 || args.some((a) => a.includes('e2e'));
  if (runsE2e && process.env.SKIP_BUILD !== '1') {
    build('portal/vite.config.ts');
    build('widget/vite.config.ts');
  }
  const emulator = await startTestEmulator();
  const reportDir = mkdtempSync(path.join(tmpdir(), 'icebreak-tests-'));
  const report = path.join(reportDir, 'vitest-report.json');
  let code = 1;
  try {
    code = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
        {
          cwd: ROOT,
          stdio: 'inherit',
          env: { ...process.env, ...emulator.env },
        },
      );
      child.on('exit', (c) => resolve(c ?? 1));
    });
  } finally {
    await emulator.stop();
  }
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numFailedTestSuites: number;
    };
    // A file that fails in its setup has no failed test of its own: count it, so the line agrees with the exit code.
    const failed = r.numFailedTests || (code !== 0 ? Math.max(1, r.numFailedTestSuites) : 0);
    console.log(`\ntests: ${r.numPassedTests} passed, ${failed} failed, ${r.numPendingTests} skipped`);
  }
  rmSync(reportDir, { recursive: true, force: true });
  process.exit(code);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
