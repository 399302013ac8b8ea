import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEST_CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'icebreak-tests');

/** What each build reads and the file it writes last; its tests and its output are not inputs. */
const BUILDS: Record<string, { inputs: string[]; output: string }> = {
  'portal/vite.config.ts': { inputs: ['portal', 'shared'], output: 'portal/dist/index.html' },
  'widget/vite.config.ts': { inputs: ['widget', 'shared'], output: 'app/widget.html' },
};
const SKIPPED = new Set(['node_modules', 'dist', 'app']);

function addTree(hash: ReturnType<typeof createHash>, dir: string) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) addTree(hash, full);
    } else if (!/\.test\.tsx?$/.test(entry.name)) {
      hash.update(path.relative(ROOT, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  }
}

/** A hash of everything a build reads: its sources, shared/, its config, the lockfile, .env files and the VITE_ variables. */
function inputsHash(config: string): string {
  const hash = createHash('sha256');
  for (const dir of BUILDS[config]!.inputs) addTree(hash, path.join(ROOT, dir));
  // The configs read .env files from the repository's root (envDir).
  for (const file of [config, 'package-lock.json', 'tsconfig.json', '.env', '.env.local', '.env.production', '.env.production.local']) {
    if (existsSync(path.join(ROOT, file)))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(ROOT, file)));
  }
  for (const [k, v] of Object.entries(process.env).sort()) if (k.startsWith('VITE_')) hash.update(`${k}=${v}\0`);
  return hash.digest('hex');
}

/**
 * `vite build --config <config>` unless its output is there and its inputs are those of the last
 * build (so a second `npm test` does not build again). Resolves when built; rejects if the build fails.
 */
export async function buildIfStale(config: string): Promise<void> {
  if (!existsSync(path.join(ROOT, config))) return;
  const build = BUILDS[config];
  if (!build) throw new Error(`No build inputs known for ${config}`);
  const stamp = path.join(TEST_CACHE_DIR, `${config.replace(/[^a-z0-9]+/gi, '-')}.inputs`);
  const inputs = inputsHash(config);
  if (existsSync(path.join(ROOT, build.output)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) {
    console.log(`${config}: inputs unchanged, not rebuilt`);
    return;
  }
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`build failed: ${config}`);
  mkdirSync(TEST_CACHE_DIR, { recursive: true });
  writeFileSync(stamp, inputs);
}
