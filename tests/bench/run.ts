/**
 * `npm run bench`: runs every benchmark in this folder (each prints one JSON line as its last
 * line of output), shows the results and records them in tests/bench/results.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(DIR, '../..');
const only = process.argv.slice(2);
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

// A partial run (`npm run bench -- portal`) updates its own entries and keeps the others.
const RESULTS = path.join(DIR, 'results.json');
const previous =
  only.length && existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as { results?: Record<string, unknown> }).results
    : undefined;
const results: Record<string, unknown> = { ...previous };
let failed = false;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(DIR, file)], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(r.stdout);
  const last = r.stdout.trim().split('\n').pop() ?? '';
  try {
    results[file.replace(/\.ts$/, '')] = JSON.parse(last);
  } catch {
    failed = true;
    results[file.replace(/\.ts$/, '')] = { error: `exit ${r.status}: no JSON result line` };
  }
  if (r.status !== 0) failed = true;
}

const record = { recordedAt: new Date().toISOString(), node: process.version, machine: `${process.platform}-${process.arch}`, results };
writeFileSync(RESULTS, `${JSON.stringify(record, null, 2)}\n`);
console.log(`\nRecorded in tests/bench/results.json`);
process.exit(failed ? 1 : 0);
