/*
 * The drizzle schema: the source of truth for the database. `npm run db:generate` writes the
 * migration for a change here into migrations/; the schema-drift test fails while they disagree.
 * This barrel only re-exports: each table lives in its feature's module, which imports the base
 * tables from schema-users (never this file), so no module imports one that imports it back.
 */
export { users, creditLedger, enrichmentSettings } from './schema-users';
export * from './schema-billing';
export * from './schema-rate-limits';
export * from './schema-icebreak-enrich';
export * from './schema-calls';
export * from './schema-reminders';
export * from './schema-hardening';
export * from './schema-sessions';
export * from './schema-teams';
