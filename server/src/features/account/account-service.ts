import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { FREE_MONTHLY_CREDITS, planById } from '@shared/constants';
import { dailyUsage } from '@shared/credit-usage';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import type { CreditUsage, DeleteAccountResponse } from '@shared/schemas';
import type { IdentityVerifier } from '../../auth/identity';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/errors';
import { createStripeClient } from '../billing';
import { LIVE_STATUSES } from '../billing';
import type { Config } from '../../config';
import type { UserRow } from '../users';
import type { AccountRepository } from './account-repository';

/** Subscription statuses that will bill again unless cancelled. */
const CANCELLABLE = new Set([...LIVE_STATUSES, 'incomplete', 'unpaid', 'paused']);

export interface AccountServiceDeps {
  config: Config;
  repo: AccountRepository;
  verifier: IdentityVerifier;
  /** Ends the account's sessions on every process (its ID tokens are refused from now on). */
  revokeSessions: (firebaseUid: string, at: Date) => Promise<void>;
  clock: Clock;
  logger: Logger;
}

/** The start of the UTC month of `d`, and of the next one. */
function monthOf(d: Date): { start: Date; next: Date } {
  return {
    start: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)),
    next: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)),
  };
}

export function createAccountService(deps: AccountServiceDeps) {
  const { repo, logger } = deps;
  const stripe = createStripeClient(deps.config);

  /**
   * Cancel every subscription of the customer that could bill again, through Stripe's API
   * (DELETE /v1/subscriptions/:id). Any failure stops the deletion before anything is deleted.
   */
  async function cancelSubscriptions(user: UserRow): Promise<boolean> {
    if (!user.stripeCustomerId) return false;
    if (!stripe) {
      if (user.subscriptionStatus && CANCELLABLE.has(user.subscriptionStatus))
        throw new HttpError(409, ACCOUNT_MESSAGES.paymentsOffWithSubscription);
      return false;
    }
    let subs: Stripe.Subscription[];
    try {
      subs = (await stripe.subscriptions.list({ customer: user.stripeCustomerId, status: 'all', limit: 100 })).data;
    } catch (err) {
      // A customer Stripe no longer knows has nothing left to bill.
      const e = err as { type?: string; code?: string };
      if (e.type === 'StripeInvalidRequestError' && e.code === 'resource_missing') return false;
      logger.error({ err, userId: user.id }, 'account deletion: listing subscriptions failed');
      throw new HttpError(502, ACCOUNT_MESSAGES.subscriptionNotCancelled);
    }
    let cancelled = false;
    for (const sub of subs.filter((s) => CANCELLABLE.has(s.status))) {
      try {
        await stripe.subscriptions.cancel(sub.id, {}, { idempotencyKey: `account-deletion-cancel-${sub.id}` });
        cancelled = true;
      } catch (err) {
        logger.error({ err, userId: user.id, subscription: sub.id }, 'account deletion: cancelling a subscription failed');
        throw new HttpError(502, ACCOUNT_MESSAGES.subscriptionNotCancelled);
      }
    }
    return cancelled;
  }

  return {
    /**
     * Delete the account: cancel billing, delete the data (one transaction), delete the sign-in
     * account. Repeating it after a partial failure finishes the job (the data step is then a no-op).
     */
    async deleteAccount(firebaseUid: string, user: UserRow | undefined): Promise<DeleteAccountResponse> {
      let subscriptionCancelled = false;
      if (user) subscriptionCancelled = await cancelSubscriptions(user);
      // Before the data goes: no request with a token of this account, on any process, re-creates it.
      // Wall time, not the app's clock: it is compared with the tokens' iat, the identity service's time.
      await deps.revokeSessions(firebaseUid, new Date());
      if (user) {
        await repo.deleteUser(user.id, firebaseUid);
        logger.info({ userId: user.id, subscriptionCancelled }, 'account deleted');
      }
      try {
        await deps.verifier.deleteAccount?.(firebaseUid);
      } catch (err) {
        logger.error({ err }, 'account deletion: the sign-in account could not be deleted');
        throw new HttpError(502, ACCOUNT_MESSAGES.identityNotDeleted);
      }
      return { message: ACCOUNT_MESSAGES.accountDeleted, subscriptionCancelled };
    },

    /** The current credit period: allowance, balance, reset date and credits used per day. */
    async usage(user: UserRow, balance: number): Promise<CreditUsage> {
      const now = deps.clock.now();
      const plan = planById(user.plan);
      let periodStart: Date;
      let resetsAt: Date | null;
      if (plan) {
        // Paid: the billing period whose allowance was last applied, renewed at its end.
        periodStart = user.allowancePeriodStart ? new Date(user.allowancePeriodStart * 1000) : monthOf(now).start;
        resetsAt = user.subscriptionPeriodEnd;
      } else {
        // Free: the calendar month (UTC), reset lazily on the first use of the next one.
        ({ start: periodStart, next: resetsAt } = monthOf(now));
      }
      const rows = await repo.ledgerSince(user.id, periodStart);
      const days = dailyUsage(rows, periodStart, now);
      return {
        plan: user.plan,
        allowance: plan?.credits ?? FREE_MONTHLY_CREDITS,
        balance,
        used: days.reduce((sum, d) => sum + d.used, 0),
        periodStart: periodStart.toISOString(),
        resetsAt: resetsAt ? resetsAt.toISOString() : null,
        days,
      };
    },
  };
}
