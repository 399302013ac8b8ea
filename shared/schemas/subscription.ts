import { z } from 'zod';
import { emailSchema, safeText } from './common';

export const syncSubscriptionRequestSchema = z.object({ email: emailSchema });
export type SyncSubscriptionRequest = z.infer<typeof syncSubscriptionRequestSchema>;

/** Subscription status (docs/product.md#records): status 'active' means subscribed; credit_renewal_date in Unix seconds. */
export const subscriptionStatusSchema = z.object({
  status: z.string().nullable(),
  priceId: z.string().nullable(),
  credit_renewal_date: z.number().nullable(),
  cancellationDate: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const checkoutRequestSchema = z.object({
  email: emailSchema,
  priceId: safeText('The price id').min(1).max(200).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
