import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../server/src/db/migrate';
import * as schema from '../../server/src/db/schema';
import { belongsToUser } from '../../server/src/db/schema-users';
import { diffJournal, diffMigrationsAndSchema, diffSnapshot, latestSnapshot } from '../../server/src/db/schema-drift';
import { databaseTargets, type DatabaseTarget } from '../helpers/databases';

/*
 * The drizzle schema, the migrations and drizzle-kit's snapshot must describe one database: CI fails
 * here when they drift apart. The copies of enrich_pending below are deliberate drift, to show that
 * each check fails and names what differs.
 */

/** enrich_pending with a column no migration adds. */
const withNote = {
  ...schema,
  enrichPending: pgTable(
    'enrich_pending',
    {
      id: text('id').primaryKey(),
      userId: text('user_id').notNull(),
      leadId: text('lead_id').notNull(),
      claimed: boolean('claimed').notNull().default(false),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      note: text('note'),
    },
    (t) => [belongsToUser('enrich_pending', t.userId), index('enrich_pending_created_idx').on(t.createdAt)],
  ),
};

/** enrich_pending without a column the migrations made, and with lead_id nullable. */
const withoutClaimed = {
  ...schema,
  enrichPending: pgTable(
    'enrich_pending',
    {
      id: text('id').primaryKey(),
      userId: text('user_id').notNull(),
      leadId: text('lead_id'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [belongsToUser('enrich_pending', t.userId), index('enrich_pending_created_idx').on(t.createdAt)],
  ),
};

type Opened = Awaited<ReturnType<DatabaseTarget['open']>>;

for (const target of databaseTargets()) {
  describe(`schema drift (${target.name})`, () => {
    const opened: Opened[] = [];
    const open = async (options?: { migrate?: boolean }) => {
      const db = await target.open(options);
      opened.push(db);
      return db;
    };
    let migrated: Opened;
    beforeAll(async () => {
      migrated = await open();
    });
    afterAll(async () => {
      await Promise.all(opened.map((db) => db.dispose()));
    });

    it('the migrations make exactly the database the drizzle schema describes', async () => {
      expect(await diffMigrationsAndSchema(migrated.raw, (await open({ migrate: false })).raw, schema)).toEqual([]);
    });

    it('reports a column the drizzle schema has and no migration makes', async () => {
      const lines = await diffMigrationsAndSchema(migrated.raw, (await open({ migrate: false })).raw, withNote);
      expect(lines).toEqual(['column enrich_pending.note: in the drizzle schema (text NULL) but not made by the migrations']);
    });

    it('reports a column the migrations make and the drizzle schema lacks, and a changed one', async () => {
      const lines = await diffMigrationsAndSchema(migrated.raw, (await open({ migrate: false })).raw, withoutClaimed);
      expect(lines).toEqual([
        'column enrich_pending.claimed: made by the migrations (boolean NOT NULL DEFAULT false) but not in the drizzle schema',
        'column enrich_pending.lead_id: the migrations make "text NOT NULL", the drizzle schema says "text NULL"',
      ]);
    });

    it('the migration drizzle-kit generates for a change is applied by our runner to a database that ran the others', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'icebreak-migrations-'));
      try {
        cpSync(MIGRATIONS_DIR, dir, { recursive: true });
        const before = latestSnapshot(dir) as unknown as DrizzleSnapshotJSON;
        const statements = await generateMigration(before, generateDrizzleJson(withNote));
        expect(statements).toEqual(['ALTER TABLE "enrich_pending" ADD COLUMN "note" text;']);
        // As drizzle-kit writes it: statements separated by breakpoints, which are SQL comments.
        writeFileSync(path.join(dir, '0010_note.sql'), statements.join('--> statement-breakpoint\n'));
        const existing = await open();
        expect(await migrate(existing.raw, dir)).toEqual(['0010_note.sql']);
        expect(await migrate(existing.raw, dir)).toEqual([]);
        expect(await diffMigrationsAndSchema(existing.raw, (await open({ migrate: false })).raw, withNote)).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

describe('drizzle-kit snapshot and journal', () => {
  it('the drizzle schema needs no new migration (drizzle-kit generate would write nothing)', () => {
    expect(diffSnapshot(schema, latestSnapshot())).toEqual([]);
  });

  it('a schema change not yet generated is reported, naming the table and column', () => {
    const lines = diffSnapshot(withNote, latestSnapshot());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^tables\.public\.enrich_pending\.columns\.note: in the drizzle schema .* but not in the latest migration snapshot$/,
    );
    expect(diffSnapshot(withoutClaimed, latestSnapshot()).join('\n')).toMatch(
      /tables\.public\.enrich_pending\.columns\.claimed: in the latest migration snapshot/,
    );
  });

  it('every migration file has its journal entry, numbered as its file', () => {
    expect(diffJournal()).toEqual([]);
  });

  it('a migration file written by hand, outside drizzle-kit, is reported', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'icebreak-migrations-'));
    try {
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      writeFileSync(path.join(dir, '0010_by_hand.sql'), 'ALTER TABLE users ADD COLUMN nickname text;');
      expect(diffJournal(dir)).toEqual([
        '0010_by_hand.sql: not in migrations/meta/_journal.json (write migrations with npm run db:generate)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
