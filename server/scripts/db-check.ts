/**
 * `npm run db:check`: exits 1, listing what differs, when the drizzle schema, the migrations and
 * drizzle-kit's snapshot do not describe the same database (the schema-drift test checks the same in CI).
 * Runs on PGlite in memory: nothing to set up.
 */
import { openDatabase } from '../src/db/database';
import * as schema from '../src/db/schema';
import { diffJournal, diffMigrationsAndSchema, diffSnapshot, latestSnapshot } from '../src/db/schema-drift';

const migrated = await openDatabase({});
const empty = await openDatabase({ migrate: false });
try {
  const sections: [string, string[]][] = [
    ['Migration files and drizzle-kit journal disagree', diffJournal()],
    ['The drizzle schema changed without a migration (run npm run db:generate)', diffSnapshot(schema, latestSnapshot())],
    [
      'The migrations do not make the database the drizzle schema describes',
      await diffMigrationsAndSchema(migrated.raw, empty.raw, schema),
    ],
  ];
  const failed = sections.filter(([, lines]) => lines.length > 0);
  for (const [title, lines] of failed) console.error(`${title}:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  if (failed.length === 0) console.log('Drizzle schema, migrations and snapshot agree.');
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await Promise.all([migrated.close(), empty.close()]);
}
