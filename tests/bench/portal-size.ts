/**
 * The portal's sign-in page (/auth) JavaScript, gzip: what must arrive before the form shows (the
 * entry index.html loads, its static imports, and the sign-in route's chunk with its static
 * imports). The Firebase SDK is imported on demand, while the form is in use: `withSdkGzipKB`
 * adds it (the chunks the first screen imports dynamically from the firebase packages, and theirs).
 * Reads the built portal/dist; builds it first unless `--no-build` and it exists.
 * Targets: ≤ 170 KB gzip before the form shows; ≤ 200 KB with the SDK (issue 27). Prints one JSON line.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closure, gz, kb, pageScripts, viteBuild } from './lib/chunks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'portal', 'dist');
const TARGET_KB = 170;
const WITH_SDK_TARGET_KB = 200;

/** Chunks `files` import dynamically (Vite writes `import(\`./x.js\`)`). */
function dynamicImports(files: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/import\(\s*[`"'](\.\/[^`"']+\.js)[`"']\s*\)/g))
      found.add(path.resolve(path.dirname(file), m[1]!));
  return [...found];
}

const assetsNamed = (prefix: string) =>
  readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'))
    .map((f) => path.join(DIST, 'assets', f));

/** A chunk that is, or statically imports, code of the firebase packages (their modules carry '@firebase/…' names). */
function closureHasFirebase(file: string): boolean {
  return [...closure([file])].some((f) => readFileSync(f, 'utf8').includes('@firebase/'));
}

export function measurePortalSize(options: { build?: boolean } = {}) {
  if (options.build !== false || !existsSync(path.join(DIST, 'index.html'))) viteBuild('portal/vite.config.ts');
  const entries = pageScripts(path.join(DIST, 'index.html'), DIST, '/');
  // The sign-in route's chunk (portal/vite.config.ts groups it as 'sign-in').
  const firstScreen = closure([...entries, ...assetsNamed('sign-in')]);
  const firstBytes = [...firstScreen].reduce((s, f) => s + gz(f), 0);
  // The Firebase SDK's chunks (firebase/app, firebase/auth and what they share), loaded by shared/auth-firebase.ts.
  const sdkEntries = dynamicImports(firstScreen).filter((f) => closureHasFirebase(f));
  const sdk = closure(sdkEntries, new Set(firstScreen));
  const sdkBytes = [...sdk].filter((f) => !firstScreen.has(f)).reduce((s, f) => s + gz(f), 0);
  return {
    name: 'portal-signin-js-gzip',
    firstScreenGzipKB: kb(firstBytes),
    firstScreenFiles: firstScreen.size,
    targetKB: TARGET_KB,
    withinTarget: firstBytes <= TARGET_KB * 1024,
    sdkGzipKB: kb(sdkBytes),
    withSdkGzipKB: kb(firstBytes + sdkBytes),
    withSdkTargetKB: WITH_SDK_TARGET_KB,
    withSdkWithinTarget: firstBytes + sdkBytes <= WITH_SDK_TARGET_KB * 1024,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = measurePortalSize({ build: !process.argv.includes('--no-build') });
  console.log(
    `portal /auth JS before the form ${r.firstScreenGzipKB} KB gzip in ${r.firstScreenFiles} files (target ≤ ${TARGET_KB} KB); with the Firebase SDK ${r.withSdkGzipKB} KB (SDK ${r.sdkGzipKB} KB; target ≤ ${WITH_SDK_TARGET_KB} KB)`,
  );
  console.log(JSON.stringify(r));
  process.exit(r.withinTarget && r.withSdkWithinTarget ? 0 : 1);
}
