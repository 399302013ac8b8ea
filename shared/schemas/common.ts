import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';

export const emailSchema = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .max(LIMITS.email, { error: MESSAGES.emailInvalid })
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const uidSchema = z
  .string({ error: 'firebaseUid must be a string' })
  .min(1, { error: 'firebaseUid is required' })
  .max(LIMITS.uid, { error: 'firebaseUid is too long' });

/** `?email=` on the compatibility routes of spec §7. */
export const emailQuerySchema = z.object({
  email: z.string({ error: MESSAGES.userEmailRequired }).min(1, { error: MESSAGES.userEmailRequired }).pipe(emailSchema),
});

/** Every 4xx/5xx body the server sends. */
export const errorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
