import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';

const url = process.env.TEST_DATABASE_URL;

describe('migrations', () => {
  it('PGlite: applied once into a data folder, kept across reopen', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'icebreak-pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      const applied = await first.raw.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.length).toBeGreaterThan(0);
      expect(applied[0]!.name).toBe('0001_foundation.sql');
      await first.raw.exec(
        `INSERT INTO users (id, firebase_uid, email, credits, credits_period) VALUES ('u1', 'f1', 'a@example.com', 20, '2026-11')`,
      );
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      expect(await migrate(second.raw)).toEqual([]);
      expect(await second.raw.query('SELECT email FROM users')).toEqual([{ email: 'a@example.com' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(url)('PostgreSQL: four processes starting at once apply each migration once', async () => {
    const schemaName = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const dbs = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url: url!, schemaName, migrate: false })));
    try {
      const results = await Promise.all(dbs.map((d) => migrate(d.raw)));
      const all = results.flat();
      expect(new Set(all).size).toBe(all.length);
      const rows = await dbs[0]!.raw.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(rows.map((r) => r.name).sort()).toEqual([...all].sort());
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await admin.end();
    }
  });

  it('an unreachable PostgreSQL fails loudly (never skipped)', async () => {
    await expect(openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
