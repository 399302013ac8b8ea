import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';

// The schemas use zod/mini (tree-shakable: the widget checks answers with them), which, unlike
// classic zod, registers no locale: without this, a check with no message of its own says only
// 'Invalid input' in the browser. As classic zod does, a locale configured elsewhere is kept.
if (!z.config().localeError) z.config(en());

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
 * (`field` is how a person calls it, e.g. 'The goal'). Add `.check(z.trim(), z.minLength(…), …)`:
 * checks run in that order, after this one. `error` answers a value that is not text (or is
 * missing); a length check without a message of its own is worded with the field's name.
 */
export function safeText(field: string, options: { error?: string } = {}) {
  const notText = options.error ?? `${field} must be text`;
  return z
    .string({
      error: (issue) => {
        if (issue.code === 'invalid_type') return notText;
        if (issue.code === 'too_big' && issue.origin === 'string') return `${field} must be at most ${Number(issue.maximum)} characters`;
        if (issue.code === 'too_small' && issue.origin === 'string') {
          return Number(issue.minimum) <= 1
            ? (options.error ?? `${field} is required`)
            : `${field} must be at least ${Number(issue.minimum)} characters`;
        }
        return undefined;
      },
    })
    .check(z.refine((v) => !hasUnsafeText(v), { error: MESSAGES.unsafeText(field), abort: true }));
}

/** Text from elsewhere (a model's answer) made storable: NUL removed, a lone surrogate → U+FFFD. */
export function toStorableText(value: string): string {
  if (!hasUnsafeText(value)) return value;
  return value.replace(new RegExp(UNSAFE_TEXT.source, 'g'), (m) => (m === '\u0000' ? '' : '\uFFFD'));
}

export const emailSchema = z.pipe(
  safeText('The e-mail address', { error: MESSAGES.emailInvalid }).check(
    z.trim(),
    z.maxLength(LIMITS.email, { error: MESSAGES.emailInvalid }),
  ),
  z.email({ error: MESSAGES.emailInvalid }),
);

export const uidSchema = safeText('firebaseUid', { error: 'firebaseUid must be a string' }).check(
  z.minLength(1, { error: 'firebaseUid is required' }),
  z.maxLength(LIMITS.uid, { error: 'firebaseUid is too long' }),
);

/** `?email=` on the compatibility routes (docs/product.md#api-routes). */
export const emailQuerySchema = z.object({
  email: z.pipe(
    safeText('The e-mail address', { error: MESSAGES.userEmailRequired }).check(z.minLength(1, { error: MESSAGES.userEmailRequired })),
    emailSchema,
  ),
});

/** A whole number (JSON numbers are doubles: 1.5 is refused). */
export const wholeNumber = () => z.number().check(z.int());

/** Every 4xx/5xx body the server sends. */
export const errorBodySchema = z.object({
  message: z.string(),
  /** One of ERROR_CODES (shared/errors.ts); a string here so a code added later does not break parsing. */
  code: z.optional(z.string()),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** Over a limit: the instant (ISO 8601) the next attempt is possible; the client says it in the user's time zone. */
  retryAt: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
