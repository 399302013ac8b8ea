import { z } from 'zod';
import { emailSchema } from './common';

export const outboundCallRequestSchema = z.object({
  phoneNumber: z
    .string({ error: 'Phone number is required' })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Please enter a valid phone number' }),
});
export type OutboundCallRequest = z.infer<typeof outboundCallRequestSchema>;

export const outboundCallResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable().optional(),
  callId: z.string().optional(),
});
export type OutboundCallResponse = z.infer<typeof outboundCallResponseSchema>;

export const outboundCallRecordSchema = z.object({
  id: z.string(),
  user: z.object({ email: z.string() }),
  quest: z.object({ title: z.string() }),
  status: z.string(),
  scheduledFor: z.string(),
  completedAt: z.string().nullable().optional(),
  errorMessage: z.string().nullable().optional(),
});
export type OutboundCallRecord = z.infer<typeof outboundCallRecordSchema>;
export const outboundCallListSchema = z.array(outboundCallRecordSchema);

export const reminderUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  callFrequency: z.string(),
  preferredCallTime: z.string(),
  userTimezone: z.string(),
});
export type ReminderUser = z.infer<typeof reminderUserSchema>;
export const reminderUserListSchema = z.array(reminderUserSchema);

export const instantTestReminderRequestSchema = z.object({ email: emailSchema });
export type InstantTestReminderRequest = z.infer<typeof instantTestReminderRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
