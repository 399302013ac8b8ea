import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { MESSAGES } from '@shared/messages';
import { HttpError } from '../../http/errors';
import { BILLING_MESSAGES } from './billing-messages';

/** What personal and team billing say when Stripe is off or fails: one place for both. */
export function stripeGuard(stripe: Stripe | null, logger: Logger) {
  return {
    /** The client, or 503 when payments are not configured. */
    requireStripe(): Stripe {
      if (!stripe) throw new HttpError(503, MESSAGES.paymentsNotConfigured);
      return stripe;
    },
    /** Stripe failures become a clear 502 (the provider is down or refused), logged with details; our own HttpErrors pass. */
    providerFailure(what: string, err: unknown): never {
      if (err instanceof HttpError) throw err;
      logger.error({ err, what }, 'Stripe request failed');
      throw new HttpError(502, BILLING_MESSAGES.providerUnavailable);
    },
  };
}
