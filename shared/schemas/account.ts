import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { ACCOUNT_MESSAGES, MESSAGES } from '../messages';
import { emailSchema } from './common';

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
  id: z.number().int(),
  at: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: ledgerReasonSchema,
  purpose: ledgerPurposeSchema.nullable(),
  /** The analysis, lead or call it was for (its id), when there is one. */
  subject: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const CREDIT_HISTORY_PAGE = { default: 50, max: 200 } as const;

/** `?before=<id>&limit=`: keyset paging on the ledger id, newest first, so new rows never shift a page. */
export const creditHistoryQuerySchema = z.object({
  before: z.coerce
    .number({ error: 'before must be a ledger entry id' })
    .int({ error: 'before must be a ledger entry id' })
    .positive({ error: 'before must be a ledger entry id' })
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${CREDIT_HISTORY_PAGE.max}` })
    .int({ error: `limit must be a whole number from 1 to ${CREDIT_HISTORY_PAGE.max}` })
    .min(1, { error: `limit must be a whole number from 1 to ${CREDIT_HISTORY_PAGE.max}` })
    .max(CREDIT_HISTORY_PAGE.max, { error: `limit must be a whole number from 1 to ${CREDIT_HISTORY_PAGE.max}` })
    .default(CREDIT_HISTORY_PAGE.default),
});
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuerySchema>;

export const creditHistoryResponseSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type CreditHistoryResponse = z.infer<typeof creditHistoryResponseSchema>;

/** Credits used on one UTC day: debits minus their refunds. */
export const dailyUsageSchema = z.object({ date: z.string(), used: z.number().int() });
export type DailyUsage = z.infer<typeof dailyUsageSchema>;

/** GET /api/credits/usage: the current credit period at a glance. */
export const creditUsageSchema = z.object({
  plan: z.string(),
  /** Credits the period started with (the plan's allowance, or the free tier's). */
  allowance: z.number().int(),
  balance: z.number().int(),
  /** Debits minus refunds in the period. */
  used: z.number().int(),
  periodStart: z.string(),
  /** When the balance is next set to the allowance (ISO); null when unknown. */
  resetsAt: z.string().nullable(),
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
    currentPassword: z.string().min(1, { error: 'Enter your current password' }),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: ACCOUNT_MESSAGES.passwordsDiffer });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
