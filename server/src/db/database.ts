import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { migrate } from './migrate';
import { withStatementCache } from './pglite-statements';
import type { SqlRunner } from './sql-runner';
import { DEFAULT_POOL_MAX, DEFAULT_POOL_WAIT_MS } from '../config';

/** One query API over both drivers: PGlite's drizzle has the same builder surface as node-postgres'. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

// In its own module so that migrate.ts, which this file imports, need not import this file back.
export type { SqlRunner } from './sql-runner';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: SqlRunner;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder; absent → in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (created if missing); lets tests share one database. */
  schemaName?: string;
  /** Apply migrations (default true). */
  migrate?: boolean;
  /** Most PostgreSQL connections this process opens (DATABASE_POOL_MAX); PGlite has one. */
  poolMax?: number;
  /** How long a query waits for a free PostgreSQL connection (DATABASE_POOL_WAIT_MS). */
  poolWaitMs?: number;
}

/**
 * A migrated PGlite data folder (a `dumpDataDir` tarball), optionally one straight after initdb (for a
 * database opened with `migrate: false`) and PGlite's compiled WebAssembly.
 */
export interface PgliteTemplate {
  dataDir: Blob;
  emptyDataDir?: Blob;
  wasmModule?: WebAssembly.Module;
}

let pgliteTemplate: (() => Promise<PgliteTemplate>) | undefined;

/**
 * Test seam (docs/decisions/0022-test-suite-shape.md): new PGlite databases start from this template
 * instead of running initdb (and every migration), which costs seconds each: a migrated one from its
 * migrated folder, where the migrations still run after it (each already recorded, so none applies),
 * one opened with `migrate: false` from its empty folder. Never set by the product.
 */
export function setPgliteTemplate(load: (() => Promise<PgliteTemplate>) | undefined): void {
  pgliteTemplate = load;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrating = options.migrate !== false;
  const database = options.url
    ? await openPostgres(options.url, options.schemaName, options.poolMax, options.poolWaitMs)
    : await openPglite(options.dataDir, migrating, pgliteTemplate);
  if (migrating) await migrate(database.raw);
  return database;
}

async function openPglite(dataDir: string | undefined, migrating: boolean, template?: () => Promise<PgliteTemplate>): Promise<Database> {
  const dir = dataDir ? path.resolve(dataDir, 'pglite') : undefined;
  // Only a database still to be created starts from the template; an existing folder keeps its data.
  const fresh = !dir || !existsSync(dir) || readdirSync(dir).length === 0;
  const from = fresh ? await template?.() : undefined;
  const load = migrating ? from?.dataDir : from?.emptyDataDir;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(load ? { loadDataDir: load } : {}),
    ...(from?.wasmModule ? { pgliteWasmModule: from.wasmModule } : {}),
  });
  const db = drizzlePglite({ client: withStatementCache(client) as unknown as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    raw: {
      exec: async (text) => {
        try {
          await client.exec(text);
        } catch (err) {
          // A failed batch may leave its transaction open: close it on this (only) connection.
          await client.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      },
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  schemaName?: string,
  poolMax = DEFAULT_POOL_MAX,
  poolWaitMs = DEFAULT_POOL_WAIT_MS,
): Promise<Database> {
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`Invalid schema name ${schemaName}`);
  if (schemaName) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`).catch((err: { code?: string }) => {
        // Two openers at once: the other one created it (unique_violation / duplicate_schema).
        if (err.code !== '23505' && err.code !== '42P06') throw err;
      });
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: poolWaitMs,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // Fail now, with the driver's message, if the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db,
    raw: {
      exec: async (text) => {
        const conn = await pool.connect();
        try {
          await conn.query(text);
        } catch (err) {
          // A failed batch may leave its transaction open: close it on the same connection.
          await conn.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          conn.release();
        }
      },
      query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
