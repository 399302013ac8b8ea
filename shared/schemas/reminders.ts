import * as z from 'zod/mini';
import { safeText, wholeNumber } from './common';

/** Practice reminders by e-mail: the user's opt-in (GET/PUT /api/user/reminders, own user only). */
export const REMINDER_FREQUENCIES = ['daily', 'weekdays', 'weekly'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/** 0 = Sunday … 6 = Saturday (JavaScript's getDay()). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** An IANA zone the runtime knows (Intl rejects unknown names). */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const reminderPreferencesSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    callFrequency: z.enum(REMINDER_FREQUENCIES, { error: 'Frequency must be daily, weekdays or weekly' }),
    /** Required for weekly: 0 = Sunday … 6 = Saturday. */
    weekday: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(6, { error: 'weekday must be 0 (Sunday) to 6 (Saturday)' })))),
    preferredCallTime: z
      .string()
      .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Preferred time must be HH:MM (24-hour), e.g. 09:30' })),
    userTimezone: safeText('The time zone').check(
      z.trim(),
      z.minLength(1, { error: 'Time zone is required' }),
      z.maxLength(64),
      z.refine(isValidTimeZone, { error: 'Unknown time zone: use an IANA name such as Europe/Berlin' }),
    ),
  })
  .check(
    z.refine((p) => p.callFrequency !== 'weekly' || (p.weekday !== undefined && p.weekday !== null), {
      error: 'Choose the day of the week for weekly reminders',
      path: ['weekday'],
    }),
  );
export type ReminderPreferences = z.infer<typeof reminderPreferencesSchema>;

/** GET/PUT answer: the stored preferences and the next reminder (ISO instant, null when off). */
export const reminderPreferencesResponseSchema = z.object({
  enabled: z.boolean(),
  callFrequency: z.enum(REMINDER_FREQUENCIES),
  weekday: z.nullable(wholeNumber()),
  preferredCallTime: z.string(),
  userTimezone: z.string(),
  nextReminderAt: z.nullable(z.string()),
  /** False until the user first saves: the portal then proposes the browser's time zone. */
  saved: z.optional(z.boolean()),
});
export type ReminderPreferencesResponse = z.infer<typeof reminderPreferencesResponseSchema>;
