import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';

/**
 * NUL bytes and unpaired UTF-16 surrogates cannot be stored (PostgreSQL text refuses NUL, json and
 * jsonb refuse a lone surrogate), so every text field of every route refuses them up front.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/**
 * A string schema that refuses NUL and unpaired surrogates with a 400 naming the field
 * (`field` is how a person calls it, e.g. 'The goal'). Chain .trim()/.min()/.max() after it.
 */
export function safeText(field: string, options: { error?: string } = {}) {
  return z
    .string({ error: options.error ?? `${field} must be text` })
    .refine((v) => !hasUnsafeText(v), { error: MESSAGES.unsafeText(field), abort: true });
}

/** Text from elsewhere (a model's answer) made storable: NUL removed, a lone surrogate → U+FFFD. */
export function toStorableText(value: string): string {
  if (!hasUnsafeText(value)) return value;
  return value.replace(new RegExp(UNSAFE_TEXT.source, 'g'), (m) => (m === '\u0000' ? '' : '\uFFFD'));
}

export const emailSchema = safeText('The e-mail address', { error: MESSAGES.emailInvalid })
  .trim()
  .max(LIMITS.email, { error: MESSAGES.emailInvalid })
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const uidSchema = safeText('firebaseUid', { error: 'firebaseUid must be a string' })
  .min(1, { error: 'firebaseUid is required' })
  .max(LIMITS.uid, { error: 'firebaseUid is too long' });

/** `?email=` on the compatibility routes (docs/product.md#api-routes). */
export const emailQuerySchema = z.object({
  email: safeText('The e-mail address', { error: MESSAGES.userEmailRequired })
    .min(1, { error: MESSAGES.userEmailRequired })
    .pipe(emailSchema),
});

/** Every 4xx/5xx body the server sends. */
export const errorBodySchema = z.object({
  message: z.string(),
  /** One of ERROR_CODES (shared/errors.ts); a string here so a code added later does not break parsing. */
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
