/** Reading a Vite build's JavaScript for the size benchmarks: gzip sizes and static import graphs. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The built widget (`npm run build:widget`). */
export const WIDGET_APP = path.join(ROOT, 'app');

/** A file's size after gzip -9, in bytes. */
export const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
/** Bytes as KB with one decimal. */
export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Static imports of an ES module chunk (`import … from "./x.js"`, `import "./x.js"`), not `import("…")`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

/** The chunks and everything they import statically, added to `into`. */
export function closure(starts: string[], into = new Set<string>()): Set<string> {
  const queue = [...starts];
  while (queue.length) {
    const file = queue.shift()!;
    if (into.has(file)) continue;
    into.add(file);
    for (const rel of staticImports(readFileSync(file, 'utf8'))) queue.push(path.resolve(path.dirname(file), rel));
  }
  return into;
}

/** The module scripts and module preloads an HTML page names, as files under `dir` (`prefix` is how the page writes paths). */
export function pageScripts(htmlFile: string, dir: string, prefix: '/' | './'): string[] {
  const html = readFileSync(htmlFile, 'utf8');
  const p = prefix.replace('.', '\\.');
  return [
    ...html.matchAll(new RegExp(`<script[^>]+type="module"[^>]+src="${p}([^"]+)"`, 'g')),
    ...html.matchAll(new RegExp(`<link[^>]+rel="modulepreload"[^>]+href="${p}([^"]+)"`, 'g')),
  ].map((m) => path.join(dir, m[1]!));
}

/** `vite build --config <config>`; throws when the build fails. */
export function viteBuild(config: string) {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`build failed: ${config}`);
}

/** Build the widget into app/, unless asked not to (`--no-build`) and a build is there. */
export function buildWidget(options: { build?: boolean } = {}) {
  if (options.build !== false || !existsSync(path.join(WIDGET_APP, 'widget.html'))) viteBuild('widget/vite.config.ts');
}
