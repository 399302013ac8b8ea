import type { SubscriptionStatus } from '@shared/schemas';

export function isSubscribed(status: SubscriptionStatus | undefined): boolean {
  return status?.status === 'active';
}
