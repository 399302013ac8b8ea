/**
 * `npm run widget:pack` in a scratch folder (so the browser tests that serve app/ are not disturbed):
 * `zet validate` passes and the zip holds app/widget.html and the assets it loads, nothing else.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** zet accepts these names and types (docs/decisions/0015-zoho-widget-built-by-vite-packed-by-zet.md). */
const ZET_NAME = /^[A-Za-z0-9_.$-]+$/;
const ZET_TYPES = /\.(js|css|html|json|svg|png|jpg|jpeg|gif|woff|woff2|ttf|eot|mp3|mp4|webm|txt|md|xml)$/;

const work = mkdtempSync(path.join(tmpdir(), 'icebreak-widget-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run widget:pack', () => {
  it('validates and packs app/widget.html with its assets only', { timeout: 180_000 }, () => {
    const run = spawnSync('npm', ['run', '--silent', 'widget:pack', '--', '--dir', work], { cwd: ROOT, encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toContain('Validation Rules passed successfully.');

    const zip = path.join(work, 'dist', `${path.basename(work)}.zip`);
    expect(existsSync(zip)).toBe(true);
    const entries = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' })
      .split('\n')
      .filter((e) => e && !e.endsWith('/'));

    const assets = readdirSync(path.join(work, 'app', 'assets')).map((f) => `app/assets/${f}`);
    expect(entries.sort()).toEqual(['app/widget.html', ...assets].sort());
    for (const entry of entries) {
      expect(entry).toMatch(/^app\//);
      expect(entry).toMatch(ZET_TYPES);
      for (const part of entry.split('/')) expect(part).toMatch(ZET_NAME);
    }
    // No source maps, no stand-in CRM, no manifest or server code in the zip.
    expect(entries.filter((e) => /\.map$|standin|sample-leads|dev\//i.test(e))).toEqual([]);

    // widget.html loads its entry through a relative URL that is in the zip; the SDK is loaded at run time.
    const html = readFileSync(path.join(work, 'app', 'widget.html'), 'utf8');
    const scripts = [...html.matchAll(/<script[^>]+src="\.\/([^"]+)"/g)].map((m) => `app/${m[1]}`);
    expect(scripts.length).toBe(1);
    for (const s of scripts) expect(entries).toContain(s);
    // Every chunk the JavaScript imports is in the zip too.
    let imports = 0;
    for (const asset of assets.filter((a) => a.endsWith('.js'))) {
      const js = readFileSync(path.join(work, asset), 'utf8');
      for (const m of js.matchAll(/["'`]\.\/([A-Za-z0-9_.$-]+\.js)["'`]/g)) {
        expect(entries).toContain(`app/assets/${m[1]}`);
        imports++;
      }
    }
    expect(imports).toBeGreaterThan(0);
    expect(readFileSync(path.join(work, 'plugin-manifest.json'), 'utf8')).toContain('"service": "CRM"');
  });
});
