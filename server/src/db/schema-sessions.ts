import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sessions ended by account deletion, shared by every process: an ID token of this uid issued
 * before `revoked_before` is refused, whatever a process's token cache remembers. Not tied to
 * users (the row outlives the deleted user); a row older than an ID token's life can go.
 */
export const revokedSessions = pgTable('revoked_sessions', {
  firebaseUid: text('firebase_uid').primaryKey(),
  revokedBefore: timestamp('revoked_before', { withTimezone: true }).notNull(),
});
