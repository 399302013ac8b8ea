import * as z from 'zod/mini';
import { emailSchema, safeText } from './common';

export const syncSubscriptionRequestSchema = z.object({ email: emailSchema });
export type SyncSubscriptionRequest = z.infer<typeof syncSubscriptionRequestSchema>;

/** Subscription status (docs/product.md#records): status 'active' means subscribed; credit_renewal_date in Unix seconds. */
export const subscriptionStatusSchema = z.object({
  status: z.nullable(z.string()),
  priceId: z.nullable(z.string()),
  credit_renewal_date: z.nullable(z.number()),
  cancellationDate: z.nullable(z.string()),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const checkoutRequestSchema = z.object({
  email: emailSchema,
  priceId: z.optional(safeText('The price id').check(z.minLength(1), z.maxLength(200))),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
