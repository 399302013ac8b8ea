import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/src/db/database';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh database (PGlite in memory, or a new schema on PostgreSQL), migrated unless `migrate: false`. */
  open(options?: { migrate?: boolean }): Promise<Database & { dispose(): Promise<void> }>;
}

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. An unreachable PostgreSQL then
 * fails the tests that use it: it is never skipped.
 */
export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: 'pglite',
      async open({ migrate } = {}) {
        const db = await openDatabase({ migrate });
        return { ...db, dispose: () => db.close() };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    targets.push({
      name: 'postgres',
      async open({ migrate } = {}) {
        const schemaName = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
        const db = await openDatabase({ url, schemaName, migrate });
        return {
          ...db,
          async dispose() {
            await db.close();
            const admin = new pg.Client({ connectionString: url });
            await admin.connect();
            await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
            await admin.end();
          },
        };
      },
    });
  }
  return targets;
}

/** A database that server processes share, with the test reading the same one for its assertions. */
export interface ProcessDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** Env giving a server process this database. */
  env: Record<string, string>;
  /** The same database, for the assertions. */
  open(): Promise<Database>;
  /** Whether two processes can run on it at once (PostgreSQL) or one after the other (PGlite: one per data folder). */
  concurrent: boolean;
  dispose(): Promise<void>;
}

/** A PGlite data folder always; a fresh PostgreSQL schema too when TEST_DATABASE_URL is set. */
export function processDatabaseTargets(prefix: string): ProcessDatabaseTarget[] {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const targets: ProcessDatabaseTarget[] = [
    {
      name: 'pglite',
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      concurrent: false,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schemaName = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    targets.push({
      name: 'postgres',
      env: { DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schemaName}`)}` },
      open: () => openDatabase({ url, schemaName }),
      concurrent: true,
      async dispose() {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
        await admin.end();
      },
    });
  }
  return targets;
}
