/**
 * Setup file of the integration and e2e projects: new migrated PGlite databases start from the
 * template `npm test` made (tests/helpers/pglite-template.ts). Loaded on the first open of a test
 * file; without TEST_PGLITE_TEMPLATE (plain `npx vitest`) databases are made from scratch as before.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setPgliteTemplate, type PgliteTemplate } from '../../server/src/db/database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = process.env.TEST_PGLITE_TEMPLATE;
const empty = process.env.TEST_PGLITE_EMPTY_TEMPLATE;
/** Kept on the worker's global: files share a worker's modules, and a setup file runs again for each file. */
const LOADED = Symbol.for('icebreak.tests.pgliteTemplate');
const worker = globalThis as unknown as Record<symbol, Promise<PgliteTemplate> | undefined>;
if (file) {
  setPgliteTemplate(() => {
    worker[LOADED] ??= (async () => {
      const wasm = path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'dist', 'pglite.wasm');
      const [tarball, emptyTarball, wasmModule] = await Promise.all([
        readFile(file),
        empty ? readFile(empty) : undefined,
        readFile(wasm).then((bytes) => WebAssembly.compile(bytes)),
      ]);
      return { dataDir: new Blob([tarball]), ...(emptyTarball ? { emptyDataDir: new Blob([emptyTarball]) } : {}), wasmModule };
    })();
    return worker[LOADED];
  });
}
