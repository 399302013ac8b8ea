import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES, PORTAL_MESSAGES } from '../messages';
import { emailSchema } from './common';
import { nameSchema } from './user';

/** Portal-only form schemas (docs/product.md#validation-messages): login, registration, forgot password, reminder test. */
const passwordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .check(z.minLength(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort }));

export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** 'Forgot password?': the typed e-mail must be there (docs/product.md#validation-messages). */
export const forgotPasswordSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, { error: MESSAGES.emailRequired })), emailSchema),
});

/** E-mail reminder test panel: an empty address is reported by a toast, a malformed one on the field. */
export const reminderTestFormSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, { error: PORTAL_MESSAGES.reminderEmailRequired })), emailSchema),
});
export type ReminderTestForm = z.infer<typeof reminderTestFormSchema>;

/** Icebreak analysis form: the description is checked on submit (toast), the goal may be blank. */
export const analyzeFormSchema = z.object({
  description: z.string(),
  goal: z.string(),
});
export type AnalyzeForm = z.infer<typeof analyzeFormSchema>;
