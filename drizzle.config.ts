import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit writes the migration for a change of the drizzle schema (`npm run db:generate`);
 * the server applies migrations/*.sql itself, in name order, under an advisory lock (server/src/db/migrate.ts).
 * migrations/meta holds drizzle-kit's journal and the snapshot it diffs the schema against.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
  breakpoints: true,
});
