import Stripe from 'stripe';
import { PLAN_IDS, type PlanId } from '@shared/constants';
import type { Config } from '../../config';

/**
 * The real Stripe SDK, or null when payments are off (no STRIPE_SECRET_KEY). STRIPE_API_BASE
 * (http://host:port) replaces Stripe's API host: tests and local runs point it at a fake.
 */
/**
 * One retry (the SDK retries connection errors and timeouts with an idempotency key): a Stripe that
 * does not answer costs a request about 2 × STRIPE_TIMEOUT_MS, then a clear 502, instead of a minute.
 */
export const STRIPE_MAX_NETWORK_RETRIES = 1;

export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'STRIPE_TIMEOUT_MS'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.STRIPE_TIMEOUT_MS,
    telemetry: false,
  };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    const protocol = base.protocol === 'https:' ? 'https' : 'http';
    options.host = base.hostname.replace(/^\[(.*)\]$/, '$1');
    options.port = base.port || (protocol === 'https' ? 443 : 80);
    options.protocol = protocol;
  }
  return new Stripe(config.STRIPE_SECRET_KEY, options);
}

type PriceConfig = Pick<Config, 'STRIPE_PRICE_STARTER' | 'STRIPE_PRICE_PROFESSIONAL' | 'STRIPE_PRICE_ENTERPRISE'>;

/** The configured Stripe price of each plan (absent when not configured). */
export function planPriceIds(config: PriceConfig): Partial<Record<PlanId, string>> {
  const byPlan: Record<PlanId, string | undefined> = {
    starter: config.STRIPE_PRICE_STARTER,
    professional: config.STRIPE_PRICE_PROFESSIONAL,
    enterprise: config.STRIPE_PRICE_ENTERPRISE,
  };
  return Object.fromEntries(PLAN_IDS.flatMap((id) => (byPlan[id] ? [[id, byPlan[id]]] : [])));
}
