import { randomUUID } from 'node:crypto';
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
