import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlRunner } from './sql-runner';

/** migrations/*.sql: written by drizzle-kit from the drizzle schema (0001–0009 predate it, by hand). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant: serialises migrations of several server processes starting at once. */
const MIGRATION_LOCK_ID = 72_614_001;

/**
 * Apply migrations/*.sql in name order, each once, each in its own transaction, under an advisory
 * lock (drizzle-orm's migrator takes none, so two processes starting at once would both migrate).
 */
export async function migrate(raw: SqlRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  // Under the lock too: concurrent CREATE TABLE IF NOT EXISTS can still collide in PostgreSQL's catalog.
  await raw.exec(
    `BEGIN;
     SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID});
     CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
     COMMIT;`,
  );
  for (const file of files) {
    const sqlText = readFileSync(path.join(dir, file), 'utf8');
    const escaped = file.replace(/'/g, "''");
    // One batch: lock, re-check, apply, record, in one transaction, so concurrent starts apply it once.
    const done = await raw.query<{ name: string }>(`SELECT name FROM schema_migrations WHERE name = $1`, [file]);
    if (done.length) continue;
    const ran = await raw
      .exec(
        `BEGIN;
       SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID});
       DO $$ BEGIN
         IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${escaped}') THEN
           RAISE EXCEPTION 'migration-already-applied';
         END IF;
       END $$;
       ${sqlText}
       ;
       INSERT INTO schema_migrations (name) VALUES ('${escaped}');
       COMMIT;`,
      )
      .catch((err: unknown) => {
        if (err instanceof Error && err.message.includes('migration-already-applied')) return false;
        throw new Error(`Migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    if (ran !== false) applied.push(file);
  }
  return applied;
}
