import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type { SqlRunner } from './sql-runner';
import { MIGRATIONS_DIR } from './migrate';

/*
 * Tooling for `npm run db:check` and the drift tests; the server never imports it (drizzle-kit is a
 * dev dependency). Both sides are compared as PostgreSQL itself reports them (pg_catalog), so a
 * default, a CHECK or an index predicate written two ways but meaning the same thing agrees.
 */

/** What PostgreSQL holds, keyed by object (`column users.email`), valued by its definition. */
export type Catalog = Map<string, string>;

/** Bookkeeping of our migration runner, not part of the drizzle schema. */
const RUNNER_TABLES = ['schema_migrations'];

/** The SQL that creates the drizzle schema (`imports`: the schema module's exports) from nothing. */
export async function drizzleSchemaSql(imports: Record<string, unknown>): Promise<string[]> {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(imports));
  // drizzle-kit names `public` in foreign keys; a test database may live in another schema.
  return statements.map((s) => s.replaceAll('"public".', ''));
}

/** Tables, columns, constraints and indexes of the current schema (search_path), in comparable form. */
export async function readCatalog(raw: SqlRunner): Promise<Catalog> {
  const catalog: Catalog = new Map();
  const excluded = RUNNER_TABLES.map((t) => `'${t}'`).join(', ');
  const columns = await raw.query<{
    tbl: string;
    col: string;
    type: string;
    not_null: boolean;
    dflt: string | null;
    identity: string;
    generated: string;
  }>(
    `SELECT c.relname AS tbl, a.attname AS col, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
            pg_get_expr(d.adbin, d.adrelid) AS dflt, a.attidentity::text AS identity, a.attgenerated::text AS generated
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND c.relname NOT IN (${excluded})`,
  );
  for (const c of columns) {
    catalog.set(`table ${c.tbl}`, 'exists');
    const parts = [c.type, c.not_null ? 'NOT NULL' : 'NULL'];
    if (c.dflt !== null) parts.push(`DEFAULT ${c.dflt}`);
    if (c.identity) parts.push(`IDENTITY ${c.identity}`);
    if (c.generated) parts.push(`GENERATED ${c.generated}`);
    catalog.set(`column ${c.tbl}.${c.col}`, parts.join(' '));
  }
  const constraints = await raw.query<{ tbl: string; name: string; def: string }>(
    `SELECT c.relname AS tbl, con.conname AS name, pg_get_constraintdef(con.oid) AS def
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname NOT IN (${excluded})
        AND con.contype <> 'n'`,
  );
  // (PostgreSQL 18 also lists NOT NULL as constraints, contype 'n': compared with the column instead.)
  for (const c of constraints) catalog.set(`constraint ${c.tbl}.${c.name}`, c.def);
  // Indexes of their own (those behind a PRIMARY KEY or UNIQUE constraint are compared as the constraint).
  const indexes = await raw.query<{ tbl: string; name: string; def: string }>(
    `SELECT c.relname AS tbl, i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class c ON c.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname NOT IN (${excluded})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = x.indexrelid)`,
  );
  for (const i of indexes) {
    // `CREATE INDEX name ON schema.table USING …`: keep what does not depend on the schema's name.
    const using = i.def.indexOf(' USING ');
    const unique = i.def.startsWith('CREATE UNIQUE') ? 'UNIQUE ' : '';
    catalog.set(`index ${i.tbl}.${i.name}`, unique + (using >= 0 ? i.def.slice(using + 1) : i.def));
  }
  return catalog;
}

/**
 * What the migrations make against what the drizzle schema describes, one line per difference:
 * `migrated` has had every migration applied; `empty` has nothing yet and receives the drizzle schema.
 */
export async function diffMigrationsAndSchema(migrated: SqlRunner, empty: SqlRunner, imports: Record<string, unknown>): Promise<string[]> {
  for (const statement of await drizzleSchemaSql(imports)) await empty.exec(statement);
  return diffCatalogs(await readCatalog(migrated), await readCatalog(empty));
}

/** One line per difference, naming the table and column, constraint or index; empty when they agree. */
export function diffCatalogs(migrations: Catalog, drizzle: Catalog): string[] {
  const keys = [...new Set([...migrations.keys(), ...drizzle.keys()])].sort();
  const lines: string[] = [];
  for (const key of keys) {
    const fromMigrations = migrations.get(key);
    const fromDrizzle = drizzle.get(key);
    if (fromMigrations === fromDrizzle) continue;
    if (fromMigrations === undefined) lines.push(`${key}: in the drizzle schema (${fromDrizzle}) but not made by the migrations`);
    else if (fromDrizzle === undefined) lines.push(`${key}: made by the migrations (${fromMigrations}) but not in the drizzle schema`);
    else lines.push(`${key}: the migrations make "${fromMigrations}", the drizzle schema says "${fromDrizzle}"`);
  }
  return lines;
}

/** drizzle-kit's latest snapshot in migrations/meta: what `drizzle-kit generate` diffs the schema against. */
export function latestSnapshot(dir = MIGRATIONS_DIR): Record<string, unknown> {
  const meta = path.join(dir, 'meta');
  const latest = readdirSync(meta)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  if (!latest) throw new Error(`No drizzle-kit snapshot in ${meta}`);
  return JSON.parse(readFileSync(path.join(meta, latest), 'utf8')) as Record<string, unknown>;
}

/**
 * What `drizzle-kit generate` would write a migration for, one line per path that differs between
 * the drizzle schema and the latest snapshot (e.g. `tables.public.enrich_pending.columns.note`).
 * Compared as data rather than through drizzle-kit's differ, which asks on a terminal about renames.
 */
export function diffSnapshot(imports: Record<string, unknown>, snapshot: Record<string, unknown>): string[] {
  // Through JSON, as drizzle-kit writes a snapshot (which drops keys whose value is undefined).
  const current = JSON.parse(JSON.stringify(generateDrizzleJson(imports))) as Record<string, unknown>;
  const lines: string[] = [];
  const walk = (pathParts: string[], was: unknown, now: unknown) => {
    if (isDeepStrictEqual(was, now)) return;
    const at = pathParts.join('.');
    if (isPlainObject(was) && isPlainObject(now)) {
      for (const key of [...new Set([...Object.keys(was), ...Object.keys(now)])].sort()) walk([...pathParts, key], was[key], now[key]);
    } else if (was === undefined)
      lines.push(`${at}: in the drizzle schema (${JSON.stringify(now)}) but not in the latest migration snapshot`);
    else if (now === undefined)
      lines.push(`${at}: in the latest migration snapshot (${JSON.stringify(was)}) but not in the drizzle schema`);
    else lines.push(`${at}: the latest migration snapshot says ${JSON.stringify(was)}, the drizzle schema ${JSON.stringify(now)}`);
  };
  // id/prevId chain the snapshots; _meta records renames already made.
  for (const key of [...new Set([...Object.keys(snapshot), ...Object.keys(current)])].sort()) {
    if (key !== 'id' && key !== 'prevId' && key !== '_meta') walk([key], snapshot[key], current[key]);
  }
  return lines;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Disagreements between the migration files and drizzle-kit's journal: a .sql file drizzle-kit did
 * not write (or whose journal entry is gone) would let its next file take a number already used.
 */
export function diffJournal(dir = MIGRATIONS_DIR): string[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.slice(0, -'.sql'.length))
    .sort();
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const tags = journal.entries.map((e) => e.tag);
  const lines: string[] = [];
  for (const f of files)
    if (!tags.includes(f)) lines.push(`${f}.sql: not in migrations/meta/_journal.json (write migrations with npm run db:generate)`);
  for (const t of tags) if (!files.includes(t)) lines.push(`${t}: in migrations/meta/_journal.json but there is no ${t}.sql`);
  for (const e of journal.entries) {
    if (Number(e.tag.slice(0, 4)) !== e.idx) lines.push(`${e.tag}: journal idx ${e.idx} does not match its file number`);
  }
  if (!isDeepStrictEqual(tags, [...tags].sort()))
    lines.push('migrations/meta/_journal.json: entries are not in file-name order, the order the runner applies them');
  return lines;
}
