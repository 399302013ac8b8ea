/**
 * The portal's sign-in page (/auth) JavaScript, gzip: what must arrive before the form shows (the
 * entry index.html loads, its static imports, and the AuthScreen route chunk with its static
 * imports), and apart from it what /auth fetches after the first screen (the Firebase SDK chunk).
 * Reads the built portal/dist; builds it first unless `--no-build` and it exists.
 * Target: ≤ 170 KB gzip before the form shows. Prints one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'portal', 'dist');
const TARGET_KB = 170;

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Static imports of an ES module chunk (`import … from "./x.js"`, `import "./x.js"`), not `import("…")`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

/** A chunk and everything it imports statically. */
function closure(starts: string[], into = new Set<string>()): Set<string> {
  const queue = [...starts];
  while (queue.length) {
    const file = queue.shift()!;
    if (into.has(file)) continue;
    into.add(file);
    for (const rel of staticImports(readFileSync(file, 'utf8'))) queue.push(path.resolve(path.dirname(file), rel));
  }
  return into;
}

const assetsNamed = (prefix: string) =>
  readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'))
    .map((f) => path.join(DIST, 'assets', f));

export function measurePortalSize(options: { build?: boolean } = {}) {
  if (options.build !== false || !existsSync(path.join(DIST, 'index.html'))) {
    const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--config', 'portal/vite.config.ts', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('portal build failed');
  }
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ].map((m) => path.join(DIST, m[1]!));
  const firstScreen = closure([...entries, ...assetsNamed('AuthScreen')]);
  const afterwards = [...closure(assetsNamed('firebase-auth-service'))].filter((f) => !firstScreen.has(f));
  const firstBytes = [...firstScreen].reduce((s, f) => s + gz(f), 0);
  const laterBytes = afterwards.reduce((s, f) => s + gz(f), 0);
  return {
    name: 'portal-signin-js-gzip',
    firstScreenGzipKB: kb(firstBytes),
    firstScreenFiles: firstScreen.size,
    afterFirstScreenGzipKB: kb(laterBytes),
    allSignInGzipKB: kb(firstBytes + laterBytes),
    targetKB: TARGET_KB,
    withinTarget: firstBytes <= TARGET_KB * 1024,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = measurePortalSize({ build: !process.argv.includes('--no-build') });
  console.log(
    `portal /auth JS before the form ${r.firstScreenGzipKB} KB gzip in ${r.firstScreenFiles} files (target ≤ ${TARGET_KB} KB); Firebase after it ${r.afterFirstScreenGzipKB} KB`,
  );
  console.log(JSON.stringify(r));
  process.exit(r.withinTarget ? 0 : 1);
}
