/**
 * Lighthouse 12 (performance and accessibility, its default mobile throttling) on the portal's
 * /auth (signed out) and /icebreak (signed in), served from the real server (`server/src/main.ts` in
 * its own process, embedded PGlite in a temporary folder, a free port, the Auth emulator) with the
 * portal built first (`--no-build`: the existing portal/dist). Chromium: CHROME_PATH, else
 * /usr/bin/chromium. The median of BENCH_LIGHTHOUSE_RUNS (3) runs per page.
 * Targets: performance ≥ 90, accessibility 100 on both pages.
 *
 * One Chromium with a DevTools port: Lighthouse audits /auth in it first, then a registered,
 * verified user signs in through the sign-in form (Playwright over the same port) and Lighthouse
 * audits /icebreak. Lighthouse's storage reset before each run clears the HTTP cache (a cold load)
 * but by default keeps IndexedDB and localStorage, where the Firebase SDK keeps the session
 * (clearStorageTypes in Lighthouse 12's core/config/constants.js). A run that did not end on /icebreak signed in fails the bench.
 *
 *   npx tsx tests/bench/lighthouse.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { createApiClient } from '@shared/api/client';
import { startTestEmulator } from '../helpers/test-emulator';
import { freePort } from '../helpers/free-port';
import { startServerProcess } from '../helpers/server-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = { performance: 90, accessibility: 100 } as const;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface Chrome {
  port: number;
  close(): Promise<void>;
}

/** Chromium with a fresh profile and a DevTools port, for Lighthouse and Playwright to share. */
async function launchChrome(): Promise<Chrome> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-chromium-'));
  const child: ChildProcess = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      // Quiet on a machine without a network (docs/architecture.md#toolchain-facts).
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Chromium (${CHROME}) did not open its DevTools port`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A verified emulator user with its backend record, signed in through the portal's sign-in form. */
async function signIn(chrome: Chrome, serverUrl: string) {
  // Imported once the emulator's address is in the environment: the helper reads it.
  const { createTestUser } = await import('../helpers/emulator');
  const user = await createTestUser({ verified: true });
  const api = createApiClient({ baseUrl: serverUrl, getToken: async () => user.idToken });
  await api.registerUser({ name: 'Bench Seller', email: user.email, firebaseUid: user.uid });

  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${serverUrl}/auth`);
    await page.getByLabel('Email').fill(user.email, { timeout: 30_000 });
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/icebreak$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Icebreak', exact: true }).waitFor({ timeout: 30_000 });
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser, and the session in its profile, stay for Lighthouse.
    await browser.close();
  }
}

/**
 * What the audited page was: its final path, and whether the signed-in screen loaded (the user's
 * backend record was fetched and the Icebreak screen's credit counter asked for the balance; the
 * sign-in page does neither).
 */
function auditedPage(lhr: Pick<Result, 'finalDisplayedUrl' | 'audits'>) {
  const items = (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items ?? [];
  const paths = items.map((i) => ({ path: new URL(i.url).pathname, status: i.statusCode }));
  return {
    path: new URL(lhr.finalDisplayedUrl).pathname,
    signedIn:
      paths.some((p) => p.path.startsWith('/api/user/') && p.status === 200) &&
      paths.some((p) => p.path.startsWith('/api/user-credits/') && p.status === 200),
  };
}

async function runLighthouse(url: string, port: number, expect: { path: string; signedIn: boolean }) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    logLevel: 'error',
  });
  if (!result) throw new Error(`lighthouse returned no result for ${url}`);
  const report = result.lhr;
  if (report.runtimeError) throw new Error(`lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  // A redirected or signed-out page would be measured in place of the one asked for: stop instead.
  const page = auditedPage(report);
  if (page.path !== expect.path || page.signedIn !== expect.signedIn) {
    throw new Error(
      `lighthouse audited ${page.path} (${page.signedIn ? 'signed in' : 'signed out'}), not ${expect.path} (${expect.signedIn ? 'signed in' : 'signed out'})`,
    );
  }
  // BENCH_LIGHTHOUSE_REPORT=/tmp/lh keeps the whole reports (/tmp/lh-auth.json, …: what to fix next).
  if (process.env.BENCH_LIGHTHOUSE_REPORT) {
    writeFileSync(`${process.env.BENCH_LIGHTHOUSE_REPORT}-${expect.path.slice(1)}.json`, JSON.stringify(report));
  }
  const score = (c: 'performance' | 'accessibility') => Math.round((report.categories[c]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
  // What cost points: failed accessibility audits and the performance metrics' own scores.
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    finalPath: page.path,
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

/** Lighthouse varies run to run (its simulation scales observed CPU work): the median run of RUNS. */
async function median(url: string, port: number, expect: { path: string; signedIn: boolean }) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await runLighthouse(url, port, expect));
  runs.sort((a, b) => a.performance - b.performance);
  const m = { ...runs[Math.floor(runs.length / 2)]!, runs: runs.length, performanceScores: runs.map((r) => r.performance) };
  console.log(
    `${expect.path}: performance ${m.performance} (${m.performanceScores.join(', ')}), accessibility ${m.accessibility} (FCP ${m.firstContentfulPaintMs} ms, LCP ${m.largestContentfulPaintMs} ms, TBT ${m.totalBlockingTimeMs} ms)`,
  );
  return m;
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
  const emulator = await startTestEmulator();
  // The server process and the emulator helper read these.
  Object.assign(process.env, emulator.env);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let chrome: Chrome | undefined;
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REMINDERS_ENABLED: 'false' });
    chrome = await launchChrome();
    const auth = await median(`${server.url}/auth`, chrome.port, { path: '/auth', signedIn: false });
    await signIn(chrome, server.url);
    const icebreak = await median(`${server.url}/icebreak`, chrome.port, { path: '/icebreak', signedIn: true });
    const result = {
      benchmark: 'lighthouse',
      description: `Lighthouse 12 mobile defaults against the real server with the built portal: /auth signed out, /icebreak signed in`,
      targets: TARGETS,
      auth,
      icebreak,
      meetsTarget: auth.meetsTarget && icebreak.meetsTarget,
    };
    console.log(JSON.stringify(result));
  } finally {
    await chrome?.close();
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await emulator.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
