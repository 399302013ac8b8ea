import { and, asc, eq, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ReminderFrequency, ReminderPreferences } from '@shared/schemas/reminders';
import type { Db } from '../../db/database';
import { reminderDeliveries, reminderPreferences, users } from '../../db/schema';
import type { ReminderSchedule } from './slots';

export type PreferencesRow = typeof reminderPreferences.$inferSelect;
export type DeliveryRow = typeof reminderDeliveries.$inferSelect;

/** A user whose reminder the scheduler looks at: the e-mail, the name and the schedule. */
export interface ReminderRecipient {
  userId: string;
  email: string;
  name: string | null;
  enabled: boolean;
  schedule: ReminderSchedule;
  nextReminderAt: Date | null;
}

export function scheduleOf(row: PreferencesRow): ReminderSchedule {
  return {
    callFrequency: row.callFrequency as ReminderFrequency,
    weekday: row.weekday,
    preferredCallTime: row.preferredCallTime,
    userTimezone: row.userTimezone,
  };
}

const recipientColumns = {
  prefs: reminderPreferences,
  email: users.email,
  name: users.name,
};

function toRecipient(r: { prefs: PreferencesRow; email: string; name: string | null }): ReminderRecipient {
  return {
    userId: r.prefs.userId,
    email: r.email,
    name: r.name,
    enabled: r.prefs.enabled,
    schedule: scheduleOf(r.prefs),
    nextReminderAt: r.prefs.nextReminderAt,
  };
}

export function createRemindersRepository(db: Db) {
  return {
    async get(userId: string): Promise<PreferencesRow | undefined> {
      const [row] = await db.select().from(reminderPreferences).where(eq(reminderPreferences.userId, userId));
      return row;
    },

    async save(userId: string, prefs: ReminderPreferences, nextReminderAt: Date | null, now: Date): Promise<PreferencesRow> {
      const values = {
        enabled: prefs.enabled,
        callFrequency: prefs.callFrequency,
        // One meaning for the column: the day of a weekly reminder, nothing otherwise.
        weekday: prefs.callFrequency === 'weekly' ? (prefs.weekday ?? null) : null,
        preferredCallTime: prefs.preferredCallTime,
        userTimezone: prefs.userTimezone,
        nextReminderAt,
        updatedAt: now,
      };
      const [row] = await db
        .insert(reminderPreferences)
        .values({ userId, ...values, createdAt: now })
        .onConflictDoUpdate({ target: reminderPreferences.userId, set: values })
        .returning();
      return row!;
    },

    /** Turn reminders off; true when they were on. */
    async disable(userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(reminderPreferences)
        .set({ enabled: false, nextReminderAt: null, updatedAt: now })
        .where(and(eq(reminderPreferences.userId, userId), eq(reminderPreferences.enabled, true)))
        .returning({ userId: reminderPreferences.userId });
      return rows.length > 0;
    },

    async user(userId: string): Promise<{ id: string; email: string; name: string | null } | undefined> {
      const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
      return row;
    },

    async recipient(userId: string): Promise<ReminderRecipient | undefined> {
      const [row] = await db
        .select(recipientColumns)
        .from(reminderPreferences)
        .innerJoin(users, eq(users.id, reminderPreferences.userId))
        .where(eq(reminderPreferences.userId, userId));
      return row && toRecipient(row);
    },

    /** Reminder test panel (docs/product.md#reminder-test-panel): the opted-in users, for the admin panel. */
    async listEnabled(): Promise<ReminderRecipient[]> {
      const rows = await db
        .select(recipientColumns)
        .from(reminderPreferences)
        .innerJoin(users, eq(users.id, reminderPreferences.userId))
        .where(eq(reminderPreferences.enabled, true))
        .orderBy(asc(users.email));
      return rows.map(toRecipient);
    },

    /** Users whose next slot has come (read through the partial index on next_reminder_at). */
    async due(now: Date, limit: number): Promise<ReminderRecipient[]> {
      const rows = await db
        .select(recipientColumns)
        .from(reminderPreferences)
        .innerJoin(users, eq(users.id, reminderPreferences.userId))
        .where(
          and(
            eq(reminderPreferences.enabled, true),
            isNotNull(reminderPreferences.nextReminderAt),
            lte(reminderPreferences.nextReminderAt, now),
          ),
        )
        .orderBy(asc(reminderPreferences.nextReminderAt))
        .limit(limit);
      return rows.map(toRecipient);
    },

    /** Move the user on to the next slot, unless a save changed it meanwhile. */
    async advance(userId: string, seen: Date, next: Date): Promise<void> {
      await db
        .update(reminderPreferences)
        .set({ nextReminderAt: next })
        .where(and(eq(reminderPreferences.userId, userId), eq(reminderPreferences.nextReminderAt, seen)));
    },

    /** The claim: only one process gets a row for (user, slot); the others get undefined. */
    async claim(userId: string, slot: Date, processId: string, now: Date): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .insert(reminderDeliveries)
        .values({ userId, slot, status: 'sending', attempts: 1, claimedBy: processId, claimedAt: now })
        .onConflictDoNothing({ target: [reminderDeliveries.userId, reminderDeliveries.slot] })
        .returning();
      return row;
    },

    /**
     * Take over the deliveries whose retry time has come, and those whose claim's lease ran out (a
     * process stopped mid-send); one process gets each row. A lease-expired one is sent again with
     * the same Message-ID, so a receiving system can tell a repeat if the first had left.
     */
    async claimRetries(now: Date, processId: string, limit: number, leaseCutoff: Date): Promise<DeliveryRow[]> {
      const claimable = or(
        and(eq(reminderDeliveries.status, 'retry'), lte(reminderDeliveries.nextAttemptAt, now)),
        and(eq(reminderDeliveries.status, 'sending'), lt(reminderDeliveries.claimedAt, leaseCutoff)),
      );
      const ids = db.select({ id: reminderDeliveries.id }).from(reminderDeliveries).where(claimable).limit(limit);
      return (
        db
          .update(reminderDeliveries)
          .set({
            status: 'sending',
            attempts: sql`${reminderDeliveries.attempts} + 1`,
            claimedBy: processId,
            claimedAt: now,
            nextAttemptAt: null,
          })
          // Re-checked in the UPDATE itself: of two processes racing, only one still sees the row claimable.
          .where(and(sql`${reminderDeliveries.id} IN (${ids})`, claimable))
          .returning()
      );
    },

    async markSent(id: number, messageId: string, now: Date): Promise<void> {
      await db
        .update(reminderDeliveries)
        .set({ status: 'sent', sentAt: now, messageId, lastError: null })
        .where(eq(reminderDeliveries.id, id));
    },

    async markRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
      await db.update(reminderDeliveries).set({ status: 'retry', lastError: error, nextAttemptAt }).where(eq(reminderDeliveries.id, id));
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(reminderDeliveries)
        .set({ status: 'failed', lastError: error, nextAttemptAt: null })
        .where(eq(reminderDeliveries.id, id));
    },

    async deliveries(userId: string): Promise<DeliveryRow[]> {
      return db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, userId)).orderBy(asc(reminderDeliveries.slot));
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
