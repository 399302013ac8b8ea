/**
 * Lighthouse 12 (performance and accessibility, its default mobile throttling) on the portal's
 * /auth, served from the real server (`server/src/main.ts` in its own process, embedded PGlite in a
 * temporary folder, a free port) with the portal built first (`--no-build`: the existing portal/dist).
 * Chromium: CHROME_PATH, else /usr/bin/chromium. The median of BENCH_LIGHTHOUSE_RUNS (3) runs.
 * Targets: performance ≥ 90, accessibility 100.
 *
 * /icebreak is a signed-in page: Lighthouse starts every run with cleared storage, so it would
 * measure the redirect to /auth. It is recorded as not measured until a signed-in run exists.
 *
 *   npx tsx tests/bench/lighthouse.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../helpers/server-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = { performance: 90, accessibility: 100 } as const;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility', { score: number | null }>;
  audits: Record<string, { id: string; score: number | null; title: string; numericValue?: number; scoreDisplayMode?: string }>;
}

function runLighthouse(url: string) {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'lighthouse');
  const r = spawnSync(
    bin,
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: CHROME } },
  );
  if (r.status !== 0) throw new Error(`lighthouse exited ${r.status}: ${r.stderr}`);
  // BENCH_LIGHTHOUSE_REPORT=/tmp/lh.json keeps the whole report (what to fix next).
  if (process.env.BENCH_LIGHTHOUSE_REPORT) writeFileSync(process.env.BENCH_LIGHTHOUSE_REPORT, r.stdout);
  const report = JSON.parse(r.stdout) as LighthouseReport;
  const score = (c: 'performance' | 'accessibility') => Math.round((report.categories[c].score ?? 0) * 100);
  const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
  // What cost points: failed accessibility audits and the performance metrics' own scores.
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    firstContentfulPaintMs: ms('first-contentful-paint'),
    largestContentfulPaintMs: ms('largest-contentful-paint'),
    totalBlockingTimeMs: ms('total-blocking-time'),
    cumulativeLayoutShift: report.audits['cumulative-layout-shift']?.numericValue ?? null,
    failingAudits: failing,
    meetsTarget: score('performance') >= TARGETS.performance && score('accessibility') >= TARGETS.accessibility,
  };
}

async function main() {
  if (!process.argv.includes('--no-build') || !existsSync(path.join(ROOT, 'portal', 'dist', 'index.html'))) {
    const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const b = spawnSync(process.execPath, [vite, 'build', '--config', 'portal/vite.config.ts', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (b.status !== 0) throw new Error('portal build failed');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REMINDERS_ENABLED: 'false' });
  try {
    // Lighthouse varies run to run (its simulation scales observed CPU work): the median run of RUNS.
    const runs = Array.from({ length: RUNS }, () => runLighthouse(`${server.url}/auth`)).sort((a, b) => a.performance - b.performance);
    const auth = { ...runs[Math.floor(runs.length / 2)]!, runs: runs.length, performanceScores: runs.map((r) => r.performance) };
    console.log(
      `/auth: performance ${auth.performance}, accessibility ${auth.accessibility} (FCP ${auth.firstContentfulPaintMs} ms, LCP ${auth.largestContentfulPaintMs} ms)`,
    );
    const result = {
      benchmark: 'lighthouse',
      description: `Lighthouse 12 mobile defaults against the real server with the built portal`,
      targets: TARGETS,
      auth,
      icebreak: { skipped: 'signed-in page: Lighthouse clears storage before each run, so it would measure the redirect to /auth' },
      meetsTarget: auth.meetsTarget,
    };
    console.log(JSON.stringify(result));
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
