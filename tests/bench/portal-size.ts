/**
 * The portal's sign-in page (/auth) JavaScript, gzip: what must arrive before the form shows (the
 * entry index.html loads, its static imports, and the sign-in route's chunk with its static
 * imports). Signing in needs nothing more (Firebase is spoken over REST: shared/auth-rest.ts).
 * Reads the built portal/dist; builds it first unless `--no-build` and it exists.
 * Target: ≤ 170 KB gzip before the form shows. Prints one JSON line.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closure, gz, kb, pageScripts, viteBuild } from './lib/chunks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'portal', 'dist');
const TARGET_KB = 170;

const assetsNamed = (prefix: string) =>
  readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'))
    .map((f) => path.join(DIST, 'assets', f));

export function measurePortalSize(options: { build?: boolean } = {}) {
  if (options.build !== false || !existsSync(path.join(DIST, 'index.html'))) viteBuild('portal/vite.config.ts');
  const entries = pageScripts(path.join(DIST, 'index.html'), DIST, '/');
  // The sign-in route's chunk (portal/vite.config.ts groups it as 'sign-in').
  const firstScreen = closure([...entries, ...assetsNamed('sign-in')]);
  const firstBytes = [...firstScreen].reduce((s, f) => s + gz(f), 0);
  return {
    name: 'portal-signin-js-gzip',
    firstScreenGzipKB: kb(firstBytes),
    firstScreenFiles: firstScreen.size,
    targetKB: TARGET_KB,
    withinTarget: firstBytes <= TARGET_KB * 1024,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = measurePortalSize({ build: !process.argv.includes('--no-build') });
  console.log(`portal /auth JS before the form ${r.firstScreenGzipKB} KB gzip in ${r.firstScreenFiles} files (target ≤ ${TARGET_KB} KB)`);
  console.log(JSON.stringify(r));
  process.exit(r.withinTarget ? 0 : 1);
}
