/**
 * `npm run widget:pack`: build the widget into app/, `zet validate`, `zet pack` → dist/<folder>.zip
 * (docs/decisions/0015-zoho-widget-built-by-vite-packed-by-zet.md). `--dir <folder>` / `packWidget({ workDir })` does the same in another folder (tests,
 * so a parallel browser test that serves app/ is not disturbed).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ZET = path.join(ROOT, 'node_modules', '.bin', 'zet');

function zet(command: 'validate' | 'pack', cwd: string): string {
  const r = spawnSync(ZET, [command], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0) throw new Error(`zet ${command} failed (exit ${r.status}):\n${out}`);
  return out;
}

export interface PackResult {
  zip: string;
  validateOutput: string;
}

export async function packWidget(options: { workDir?: string; quiet?: boolean } = {}): Promise<PackResult> {
  const workDir = path.resolve(options.workDir ?? ROOT);
  await build({
    configFile: path.join(ROOT, 'widget', 'vite.config.ts'),
    logLevel: options.quiet ? 'warn' : 'info',
    build: { outDir: path.join(workDir, 'app') },
  });
  if (workDir !== ROOT) copyFileSync(path.join(ROOT, 'plugin-manifest.json'), path.join(workDir, 'plugin-manifest.json'));
  const validateOutput = zet('validate', workDir);
  zet('pack', workDir);
  const zip = path.join(workDir, 'dist', `${path.basename(workDir)}.zip`);
  if (!existsSync(zip)) {
    const found = existsSync(path.join(workDir, 'dist')) ? readdirSync(path.join(workDir, 'dist')).join(', ') : 'no dist/ folder';
    throw new Error(`zet pack did not write ${zip} (found: ${found})`);
  }
  return { zip, validateOutput };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `--dir <folder>`: pack in another folder (it gets its own app/, plugin-manifest.json and dist/).
  const at = process.argv.indexOf('--dir');
  const workDir = at > 0 ? process.argv[at + 1] : undefined;
  packWidget({ workDir })
    .then(({ zip, validateOutput }) => {
      console.log(validateOutput.trim());
      console.log(`Widget package: ${path.relative(process.cwd(), zip)} (${(statSync(zip).size / 1024).toFixed(1)} KB)`);
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
