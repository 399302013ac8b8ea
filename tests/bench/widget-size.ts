/**
 * The widget's initial JavaScript, gzip: the entry script widget.html loads plus the chunks it
 * imports statically (what must arrive before the first paint inside the CRM). Lazy chunks (sign-in,
 * Firebase, the tools) are reported apart. Builds app/ first unless `--no-build` and app/ exists.
 * Target: ≤ 150 KB gzip. Prints one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP = path.join(ROOT, 'app');
const TARGET_KB = 150;

export interface WidgetSize {
  name: 'widget-initial-js-gzip';
  initialGzipKB: number;
  initialFiles: string[];
  lazyGzipKB: number;
  totalGzipKB: number;
  /** Everything showing one lead needs: the initial JS, the app, Firebase sign-in, the single-lead view. */
  leadViewGzipKB: number;
  targetKB: number;
  withinTarget: boolean;
  leadViewWithinTarget: boolean;
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Static imports of an ES module chunk (`import … from "./x.js"`, `import "./x.js"`), not `import("…")`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

export function measureWidgetSize(options: { build?: boolean } = {}): WidgetSize {
  if (options.build !== false || !existsSync(path.join(APP, 'widget.html'))) {
    const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--config', 'widget/vite.config.ts', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('widget build failed');
  }
  const html = readFileSync(path.join(APP, 'widget.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\.\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\.\/([^"]+)"/g),
  ].map((m) => path.join(APP, m[1]!));
  const initial = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    if (initial.has(file)) continue;
    initial.add(file);
    for (const rel of staticImports(readFileSync(file, 'utf8'))) queue.push(path.resolve(path.dirname(file), rel));
  }
  const all = readdirSync(path.join(APP, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(APP, 'assets', f));
  const initialBytes = [...initial].reduce((s, f) => s + gz(f), 0);
  const leadView = new Set(initial);
  const lazyQueue = all.filter((f) => /^(WidgetApp|SignedIn|firebase-auth|SingleLead)-/.test(path.basename(f)));
  while (lazyQueue.length) {
    const file = lazyQueue.shift()!;
    if (leadView.has(file)) continue;
    leadView.add(file);
    for (const rel of staticImports(readFileSync(file, 'utf8'))) lazyQueue.push(path.resolve(path.dirname(file), rel));
  }
  const leadViewBytes = [...leadView].reduce((s, f) => s + gz(f), 0);
  const totalBytes = all.reduce((s, f) => s + gz(f), 0);
  return {
    name: 'widget-initial-js-gzip',
    initialGzipKB: kb(initialBytes),
    initialFiles: [...initial].map((f) => path.relative(APP, f)),
    lazyGzipKB: kb(totalBytes - initialBytes),
    totalGzipKB: kb(totalBytes),
    leadViewGzipKB: kb(leadViewBytes),
    targetKB: TARGET_KB,
    withinTarget: initialBytes <= TARGET_KB * 1024,
    leadViewWithinTarget: leadViewBytes <= TARGET_KB * 1024,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = measureWidgetSize({ build: !process.argv.includes('--no-build') });
  console.log(
    `widget initial JS ${result.initialGzipKB} KB gzip (target ≤ ${TARGET_KB} KB); lead view ${result.leadViewGzipKB} KB (target ≤ ${TARGET_KB} KB); lazy ${result.lazyGzipKB} KB; total ${result.totalGzipKB} KB`,
  );
  console.log(JSON.stringify(result));
  process.exit(result.withinTarget ? 0 : 1);
}
