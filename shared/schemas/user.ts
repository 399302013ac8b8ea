import * as z from 'zod/mini';
import { LIMITS, PLAN_IDS } from '../constants';
import { MESSAGES } from '../messages';
import { emailSchema, safeText, uidSchema, wholeNumber } from './common';

export const planSchema = z.enum(['free', ...PLAN_IDS]);
export type PlanOrFree = z.infer<typeof planSchema>;

export const userRecordSchema = z.object({
  firebaseUid: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  credits: wholeNumber(),
  plan: planSchema,
  subscriptionStatus: z.nullable(z.string()),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** POST /api/user: create the record of a signed-in user that has none (no name at login). */
export const createUserRequestSchema = z.object({
  firebaseUid: uidSchema,
  email: emailSchema,
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const nameSchema = safeText('Name', { error: MESSAGES.nameRequired }).check(
  z.trim(),
  z.minLength(1, { error: MESSAGES.nameRequired }),
  z.maxLength(LIMITS.name),
);

/** POST /api/users: registration. */
export const registerUserRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  firebaseUid: uidSchema,
});
export type RegisterUserRequest = z.infer<typeof registerUserRequestSchema>;

export const userWriteResponseSchema = z.object({
  message: z.string(),
  user: userRecordSchema,
});
export type UserWriteResponse = z.infer<typeof userWriteResponseSchema>;

export const creditsResponseSchema = z.object({ credits: wholeNumber() });
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;
