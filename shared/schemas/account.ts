import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { ACCOUNT_MESSAGES, MESSAGES } from '../messages';
import { emailSchema, wholeNumber } from './common';

/** Why a ledger row changed the balance (server/src/features/credits: LedgerReason). */
export const LEDGER_REASONS = ['signup', 'monthly_reset', 'plan_allowance', 'debit', 'refund', 'adjustment'] as const;
export const ledgerReasonSchema = z.enum(LEDGER_REASONS);
export type LedgerReasonName = z.infer<typeof ledgerReasonSchema>;

/** What a debit or refund paid for, read from the ledger row's reference. */
export const LEDGER_PURPOSES = ['analysis', 'lead', 'call'] as const;
export const ledgerPurposeSchema = z.enum(LEDGER_PURPOSES);
export type LedgerPurpose = z.infer<typeof ledgerPurposeSchema>;

/** One row of GET /api/credits/history. */
export const ledgerEntrySchema = z.object({
  id: wholeNumber(),
  at: z.string(),
  delta: wholeNumber(),
  balanceAfter: wholeNumber(),
  reason: ledgerReasonSchema,
  purpose: z.nullable(ledgerPurposeSchema),
  /** The analysis, lead or call it was for (its id), when there is one. */
  subject: z.nullable(z.string()),
  /** What it paid for ('Icebreak analysis — Tomás O'Connor, Lumen Bank'); a refund's says 'Refund: …'. Null for grants and resets. */
  label: z.nullable(z.string()),
  /** The row moved the team's pool, not the user's own credits: `balanceAfter` is the pool's. */
  teamPool: z.optional(z.literal(true)),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const CREDIT_HISTORY_PAGE = { default: 50, max: 200 } as const;

/** `?before=<id>&limit=`: keyset paging on the ledger id, newest first, so new rows never shift a page. */
const BEFORE_ERROR = 'before must be a ledger entry id';
const LIMIT_ERROR = `limit must be a whole number from 1 to ${CREDIT_HISTORY_PAGE.max}`;
export const creditHistoryQuerySchema = z.object({
  before: z.optional(z.coerce.number({ error: BEFORE_ERROR }).check(z.int({ error: BEFORE_ERROR }), z.positive({ error: BEFORE_ERROR }))),
  limit: z._default(
    z.coerce
      .number({ error: LIMIT_ERROR })
      .check(z.int({ error: LIMIT_ERROR }), z.gte(1, { error: LIMIT_ERROR }), z.lte(CREDIT_HISTORY_PAGE.max, { error: LIMIT_ERROR })),
    CREDIT_HISTORY_PAGE.default,
  ),
});
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuerySchema>;

export const creditHistoryResponseSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.nullable(wholeNumber()),
});
export type CreditHistoryResponse = z.infer<typeof creditHistoryResponseSchema>;

/** Credits used on one UTC day: debits minus their refunds. */
export const dailyUsageSchema = z.object({ date: z.string(), used: wholeNumber() });
export type DailyUsage = z.infer<typeof dailyUsageSchema>;

/** GET /api/credits/usage: the current credit period at a glance. */
export const creditUsageSchema = z.object({
  plan: z.string(),
  /** Credits the period started with (the plan's allowance, or the free tier's). */
  allowance: wholeNumber(),
  balance: wholeNumber(),
  /** Debits minus refunds in the period. */
  used: wholeNumber(),
  periodStart: z.string(),
  /** When the balance is next set to the allowance (ISO); null when unknown. */
  resetsAt: z.nullable(z.string()),
  /** One entry per day of the period up to today, oldest first (days without use count 0). */
  days: z.array(dailyUsageSchema),
});
export type CreditUsage = z.infer<typeof creditUsageSchema>;

/** DELETE /api/user: the caller types their e-mail address to confirm. */
export const deleteAccountRequestSchema = z.object({ email: emailSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({
  message: z.string(),
  /** Whether a Stripe subscription was cancelled on the way. */
  subscriptionCancelled: z.boolean(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** GET /api/user/export: everything stored about the caller, table by table. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The account page's password form: the current password re-authenticates, the new one is typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, { error: 'Enter your current password' })),
    newPassword: z.string().check(z.minLength(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })),
    confirmPassword: z.string(),
  })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: ACCOUNT_MESSAGES.passwordsDiffer }));
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
