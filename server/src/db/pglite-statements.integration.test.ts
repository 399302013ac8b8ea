import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { withStatementCache, type PgliteClient } from './pglite-statements';

let pg: PGlite;
let client: PgliteClient;
/** A new, empty database's data folder: each test starts from a copy of it (initdb once, not per test). */
let empty: Blob;
const freshPglite = () => PGlite.create({ loadDataDir: empty });

beforeAll(async () => {
  const first = await PGlite.create();
  empty = await first.dumpDataDir('none');
  await first.close();
});

beforeEach(async () => {
  pg = await freshPglite();
  await pg.exec(`CREATE TABLE t (id int PRIMARY KEY, name text, at timestamptz, data jsonb, tags text[])`);
  client = withStatementCache(pg, { max: 3 });
});

afterEach(async () => {
  await pg.close();
});

const prepared = async () =>
  (await pg.query<{ name: string }>(`SELECT name FROM pg_prepared_statements ORDER BY name`)).rows.map((r) => r.name);

describe('withStatementCache (PGlite)', () => {
  it('answers what PGlite’s own query answers: types, nulls, json, arrays, row modes', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    await client.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5)', [1, 'Ann', at, { a: [1, 2] }, ['x', 'y']]);
    await client.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5)', [2, null, null, null, null]);
    const text = 'SELECT * FROM t WHERE id >= $1 ORDER BY id';
    const mine = await client.query(text, [1]);
    const theirs = await pg.query(text, [1]);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[0]).toEqual({ id: 1, name: 'Ann', at, data: { a: [1, 2] }, tags: ['x', 'y'] });
    expect(mine.fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'data', 'tags']);
    const arrays = await client.query(text, [2], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows).toEqual([[2, null, null, null, null]]);
    // A query's own parser wins for its type; PGlite's still parse the others; nothing sticks.
    const own = { 1184: (v: string) => `raw:${v}` };
    for (let i = 0; i < 2; i++) {
      const [row] = (await client.query<unknown[]>(text, [1], { rowMode: 'array', parsers: own })).rows;
      expect(row![0]).toBe(1);
      expect(String(row![2])).toMatch(/^raw:2026-01-02 03:04:05/);
      expect(row![3]).toEqual({ a: [1, 2] });
    }
    expect((await client.query<{ at: Date }>(text, [1])).rows[0]!.at).toEqual(at);
    const written = await client.query('UPDATE t SET name = $1 WHERE id = $2', ['Bo', 2]);
    expect(written.affectedRows).toBe(1);
  });

  it('prepares each text once and closes the least recently used past its limit', async () => {
    for (let i = 0; i < 3; i++) await client.query('SELECT $1::int AS n', [i]);
    const [first] = await prepared();
    expect(await prepared()).toEqual([first]);
    const nth = (k: number) => `ibe_${Number(first!.slice(4)) + k}`;
    await client.query('SELECT 2 AS n');
    await client.query('SELECT 3 AS n');
    await client.query('SELECT $1::int AS n', [9]); // used again: now the most recent
    await client.query('SELECT 4 AS n'); // a fourth text: the least recently used (SELECT 2) goes
    expect(await prepared()).toEqual([first, nth(2), nth(3)].sort());
    expect((await client.query<{ n: number }>('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
  });

  it('an error is PostgreSQL’s, with its code, and the next query runs normally', async () => {
    await client.query('INSERT INTO t (id) VALUES ($1)', [1]);
    await expect(client.query('INSERT INTO t (id) VALUES ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('SELECT nope FROM t')).rejects.toMatchObject({ code: '42703' });
    expect((await client.query<{ id: number }>('SELECT id FROM t')).rows).toEqual([{ id: 1 }]);
    expect(pg.isInTransaction()).toBe(false);
  });

  it('a transaction commits or rolls back as a whole', async () => {
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES ($1)', [1]);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES ($1)', [2]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await client.query<{ id: number }>('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }]);
  });

  it('a query from outside waits for another caller’s transaction instead of running inside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => (inserted = r));
    const rolledBack = client
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES ($1)', [7]);
        inserted();
        await gate;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await didInsert;
    const outside = client.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
    release();
    expect(await rolledBack).toBe('rolled back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('a statement prepared before a migration changed its columns is prepared again', async () => {
    await client.query('INSERT INTO t (id) VALUES ($1)', [1]);
    expect(Object.keys((await client.query('SELECT * FROM t')).rows[0] as object)).toHaveLength(5);
    const before = await prepared();
    await pg.exec('ALTER TABLE t ADD COLUMN extra int DEFAULT 5');
    expect((await client.query('SELECT * FROM t')).rows[0]).toMatchObject({ id: 1, extra: 5 });
    // The stale statement is closed, not left behind: one statement for the text, under a new name.
    const after = await prepared();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
  });

  it('what it wrote in a data folder is there after reopening', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-statements-'));
    try {
      const onDisk = await PGlite.create(dir);
      const writer = withStatementCache(onDisk);
      await writer.query('CREATE TABLE kept (id int PRIMARY KEY)');
      await writer.query('INSERT INTO kept VALUES ($1)', [1]);
      await writer.transaction((tx) => tx.query('INSERT INTO kept VALUES ($1)', [2]));
      await onDisk.close();
      const reopened = await PGlite.create(dir);
      expect((await withStatementCache(reopened).query('SELECT id FROM kept ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses once the database is closed, as PGlite does', async () => {
    await pg.close();
    await expect(client.query('SELECT 1')).rejects.toThrow(/closed/i);
    pg = await freshPglite(); // for afterEach
  });
});
