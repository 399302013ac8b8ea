import { z } from 'zod';
import { safeText } from './common';

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
    weekday: z.number().int().min(0).max(6, { error: 'weekday must be 0 (Sunday) to 6 (Saturday)' }).nullable().optional(),
    preferredCallTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Preferred time must be HH:MM (24-hour), e.g. 09:30' }),
    userTimezone: safeText('The time zone')
      .trim()
      .min(1, { error: 'Time zone is required' })
      .max(64)
      .refine(isValidTimeZone, { error: 'Unknown time zone: use an IANA name such as Europe/Berlin' }),
  })
  .refine((p) => p.callFrequency !== 'weekly' || (p.weekday !== undefined && p.weekday !== null), {
    error: 'Choose the day of the week for weekly reminders',
    path: ['weekday'],
  });
export type ReminderPreferences = z.infer<typeof reminderPreferencesSchema>;

/** GET/PUT answer: the stored preferences and the next reminder (ISO instant, null when off). */
export const reminderPreferencesResponseSchema = z.object({
  enabled: z.boolean(),
  callFrequency: z.enum(REMINDER_FREQUENCIES),
  weekday: z.number().int().nullable(),
  preferredCallTime: z.string(),
  userTimezone: z.string(),
  nextReminderAt: z.string().nullable(),
  /** False until the user first saves: the portal then proposes the browser's time zone. */
  saved: z.boolean().optional(),
});
export type ReminderPreferencesResponse = z.infer<typeof reminderPreferencesResponseSchema>;
