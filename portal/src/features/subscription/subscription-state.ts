import { PLANS, type Plan, type PlanId } from '@shared/constants';
import type { PublicConfig, SubscriptionStatus } from '@shared/schemas';

/** The plan a Stripe price id stands for, by the server's configured prices. */
export function planForPrice(priceId: string | null | undefined, prices: PublicConfig['planPrices']): Plan | undefined {
  if (!priceId) return undefined;
  const id = (Object.keys(prices) as PlanId[]).find((k) => prices[k] === priceId);
  return PLANS.find((p) => p.id === id);
}

export function isSubscribed(status: SubscriptionStatus | undefined): boolean {
  return status?.status === 'active';
}

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
export const formatUnixDate = (seconds: number) => DATE.format(new Date(seconds * 1000));
export function formatDateString(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : DATE.format(d);
}
