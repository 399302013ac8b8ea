import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR, migrate } from '../../server/src/db/migrate';
import { TEST_CACHE_DIR } from './build-cache';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where `npm test` tells the test workers the template is (tests/setup/pglite-template.ts reads it). */
export const TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** And the folder straight after initdb, for databases opened with `migrate: false`. */
export const EMPTY_TEMPLATE_ENV = 'TEST_PGLITE_EMPTY_TEMPLATE';
/** Templates kept in the cache: the newest ones, so checkouts sharing node_modules keep theirs. */
const KEEP_TEMPLATES = 3;

/** Changes with PGlite's version, with any migration and with how the template is made (this file). */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    if (file.endsWith('.sql'))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The paths of a PGlite data folder (tarball) with every migration applied, and of the same folder
 * straight after initdb (for the databases the migration tests open unmigrated), made once and kept
 * under node_modules/.cache while PGlite and the migrations are unchanged: each test database
 * starts from it instead of running initdb and the migrations (docs/decisions/0022-test-suite-shape.md).
 */
export async function ensurePgliteTemplate(): Promise<{ migrated: string; empty: string }> {
  const key = templateKey();
  const file = path.join(TEST_CACHE_DIR, `pglite-template-${key}.tar`);
  const empty = path.join(TEST_CACHE_DIR, `pglite-template-${key}-empty.tar`);
  if (existsSync(file) && existsSync(empty)) return { migrated: file, empty };
  mkdirSync(TEST_CACHE_DIR, { recursive: true });
  // Written aside, then renamed: two runs at once never read half a file.
  const write = async (target: string, tarball: Blob) => {
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, target);
  };
  const pg = await PGlite.create();
  try {
    // Tests use the `postgres` database only: without template0 and template1 the folder each test database
    // loads is 25 MB instead of 41 MB, and opening one takes about a fifth less CPU (0.58 s against 0.71 s).
    for (const template of ['template0', 'template1']) {
      await pg.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await pg.exec(`DROP DATABASE ${template}`);
    }
    await write(empty, await pg.dumpDataDir('none'));
    await migrate({
      exec: async (text) => void (await pg.exec(text)),
      query: async <T>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows,
    });
    await write(file, await pg.dumpDataDir('none'));
  } finally {
    await pg.close();
  }
  // Older templates (other migrations) are dropped, but not the few newest: another checkout
  // sharing node_modules (a git worktree on another branch) may be using one right now.
  const templates = readdirSync(TEST_CACHE_DIR)
    .filter((name) => name.startsWith('pglite-template-') && name.endsWith('.tar') && !name.endsWith('-empty.tar'))
    .map((name) => ({ name, at: statSync(path.join(TEST_CACHE_DIR, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of templates.slice(KEEP_TEMPLATES)) {
    rmSync(path.join(TEST_CACHE_DIR, old.name), { force: true });
    rmSync(path.join(TEST_CACHE_DIR, old.name.replace(/\.tar$/, '-empty.tar')), { force: true });
  }
  return { migrated: file, empty };
}
