import { z } from 'zod';
import { Cron } from 'croner';
import { SMTP_TIMEOUT_DEFAULTS } from './features/mail';
import { DEFAULT_CLAIM_LEASE_MS } from './features/reminders/reminder-scheduler';

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** Paid work (Icebreak item, Enrich request) unfinished after this long was left by a dead process. */
export const DEFAULT_STALE_WORK_AFTER_MS = 15 * 60 * 1000;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const optionalUrl = optionalString.pipe(httpUrl.optional());
const hostPort = z.string().regex(/^[A-Za-z0-9.[\]:-]+:\d{1,5}$/, { error: 'must be host:port' });

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL connections per server process: statements are short (one per authed read, one per
 * debit), so a small pool keeps up, and several processes stay well under max_connections (100).
 */
export const DEFAULT_POOL_MAX = 20;

/**
 * How long a request waits for a free PostgreSQL connection before it is answered 503 with Retry-After:
 * waiting longer only lengthens a queue that is already too long.
 */
export const DEFAULT_POOL_WAIT_MS = 5000;

/**
 * The development signing key for unsubscribe links. It is published (this file), so anyone could
 * forge links with it: production refuses it.
 */
export const DEVELOPMENT_REMINDER_TOKEN_SECRET = 'development-only-reminder-token-secret-not-for-production';

/** The largest BODY_LIMIT accepted: no route takes a JSON body near this; more only invites memory abuse. */
export const MAX_BODY_LIMIT_BYTES = 1024 * 1024;
const BODY_UNITS = { b: 1, kb: 1024, mb: 1024 * 1024 } as const;
function bodyLimitBytes(limit: string): number {
  const m = /^(\d+)(b|kb|mb)$/i.exec(limit);
  return m ? Number(m[1]) * BODY_UNITS[m[2]!.toLowerCase() as keyof typeof BODY_UNITS] : NaN;
}

/** Every environment variable the server reads. README's table lists the same set. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8787),
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
        .optional(),
    ),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_MAX),
    DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_POOL_WAIT_MS),
    CORS_ORIGINS: list,
    ADMIN_EMAILS: list.transform((l) => l.map((e) => e.toLowerCase())),
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(b|kb|mb)$/i, { error: 'must look like 100kb' })
      .refine((v) => bodyLimitBytes(v) >= 1 && bodyLimitBytes(v) <= MAX_BODY_LIMIT_BYTES, { error: 'must be between 1b and 1mb' })
      .default('100kb'),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),

    FIREBASE_PROJECT_ID: z.string().min(1).default('demo-icebreak'),
    FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
    FIREBASE_AUTH_DOMAIN: optionalString,
    // Kept raw here: firebase-admin reads the raw variable, so the production guard below must too.
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),

    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalString,
    LLM_MODEL: z.string().default('gpt-4o-mini'),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    LLM_DEADLINE_MS: z.coerce.number().int().min(1000).default(120_000),
    LLM_MAX_OUTPUT_CHARS: z.coerce.number().int().min(1000).default(40_000),
    STALE_WORK_AFTER_MS: z.coerce.number().int().min(1000).default(DEFAULT_STALE_WORK_AFTER_MS),
    NEWS_PROVIDER: z.enum(['none', 'gdelt']).default('none'),
    NEWS_API_BASE: optionalUrl,

    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_STARTER: optionalString,
    STRIPE_PRICE_PROFESSIONAL: optionalString,
    STRIPE_PRICE_ENTERPRISE: optionalString,
    STRIPE_API_BASE: optionalUrl,
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(500).default(4000),

    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, { error: 'must be an smtp:// URL' })
        .optional(),
    ),
    MAIL_FROM: z.string().default('Icebreak & Enrich <no-reply@icebreak.local>'),
    SMTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(SMTP_TIMEOUT_DEFAULTS.SMTP_CONNECTION_TIMEOUT_MS),
    SMTP_GREETING_TIMEOUT_MS: z.coerce.number().int().min(100).default(SMTP_TIMEOUT_DEFAULTS.SMTP_GREETING_TIMEOUT_MS),
    SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).default(SMTP_TIMEOUT_DEFAULTS.SMTP_SOCKET_TIMEOUT_MS),
    SMTP_SEND_DEADLINE_MS: z.coerce.number().int().min(100).default(SMTP_TIMEOUT_DEFAULTS.SMTP_SEND_DEADLINE_MS),
    // Practice reminders (docs/product.md#practice-reminders).
    REMINDERS_ENABLED: z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    REMINDER_CRON: z.string().default('* * * * *').refine(isCronPattern, { error: 'must be a cron pattern such as "* * * * *"' }),
    REMINDER_CLAIM_LEASE_MS: z.coerce.number().int().min(1000).default(DEFAULT_CLAIM_LEASE_MS),
    REMINDER_TOKEN_SECRET: optionalString.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
    /** Shown in the FAQ's help answer (docs/product.md#faq). */
    SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@icebreak.local'),

    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM_NUMBER: optionalString,
    TWILIO_API_BASE: optionalUrl,
    PRACTICE_CALLS_PER_DAY: z.coerce.number().int().min(1).default(5),
    PRACTICE_CALL_MAX_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  })
  .superRefine((c, ctx) => {
    const emulatorHost = c.FIREBASE_AUTH_EMULATOR_HOST;
    if (emulatorHost?.trim() && !hostPort.safeParse(emulatorHost.trim()).success) {
      ctx.addIssue({ code: 'custom', path: ['FIREBASE_AUTH_EMULATOR_HOST'], message: 'must be host:port' });
    }
    // Any non-empty value, blanks included: firebase-admin switches to the emulator on the raw value.
    if (c.NODE_ENV === 'production' && emulatorHost !== undefined && emulatorHost !== '') {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set when NODE_ENV=production (the emulator accepts unsigned tokens)',
      });
    }
    if (c.LLM_BASE_URL && !c.LLM_API_KEY && c.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['LLM_API_KEY'], message: 'is required when LLM_BASE_URL is set' });
    }
    const twilio = [c.TWILIO_ACCOUNT_SID, c.TWILIO_AUTH_TOKEN, c.TWILIO_FROM_NUMBER];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER must be set together',
      });
    }
    if (c.NODE_ENV === 'production' && !c.REMINDER_TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['REMINDER_TOKEN_SECRET'],
        message: 'is required when NODE_ENV=production (it signs unsubscribe links)',
      });
    }
    if (c.NODE_ENV === 'production' && c.REMINDER_TOKEN_SECRET === DEVELOPMENT_REMINDER_TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['REMINDER_TOKEN_SECRET'],
        message: 'must not be the published development value when NODE_ENV=production (anyone could forge unsubscribe links)',
      });
    }
    if (c.STALE_WORK_AFTER_MS <= c.LLM_DEADLINE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['STALE_WORK_AFTER_MS'],
        message: 'must be longer than LLM_DEADLINE_MS (work still running would be refunded)',
      });
    }
    if (c.REMINDER_CLAIM_LEASE_MS <= c.SMTP_SEND_DEADLINE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['REMINDER_CLAIM_LEASE_MS'],
        message: 'must be longer than SMTP_SEND_DEADLINE_MS (a reminder still being sent would be sent twice)',
      });
    }
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set' });
    }
  })
  .transform((c) => ({
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    FIREBASE_AUTH_EMULATOR_HOST: c.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined,
    FIREBASE_AUTH_DOMAIN: c.FIREBASE_AUTH_DOMAIN ?? `${c.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    // Development only (production must set its own): links signed with it are forgeable by anyone reading this file.
    REMINDER_TOKEN_SECRET: c.REMINDER_TOKEN_SECRET ?? DEVELOPMENT_REMINDER_TOKEN_SECRET,
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Read and validate the environment; the error names every wrong variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
