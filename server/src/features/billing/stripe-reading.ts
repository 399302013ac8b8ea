import Stripe from 'stripe';
import { idOf } from './subscription-snapshot';

/** What personal and team billing both read from Stripe's objects. */

/** Invoices that start a billing period: each sets the balance (or a team's pool) to the plan's allowance. */
export const ALLOWANCE_REASONS: ReadonlySet<string> = new Set(['subscription_create', 'subscription_cycle']);

/**
 * Payloads follow the API version of the webhook endpoint, which may be older than the SDK's:
 * before 2025-03-31 an invoice named its subscription at the top level and its lines their price.
 */
type LegacyInvoice = { subscription?: string | { id: string } | null };
type LegacyLine = { price?: { id: string } | null };

export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf((invoice as unknown as LegacyInvoice).subscription);
}

export function priceOfLine(line: Stripe.InvoiceLineItem): string | null {
  return idOf(line.pricing?.price_details?.price) ?? idOf((line as unknown as LegacyLine).price);
}

/** Stripe's answer when it no longer knows a customer (deleted there, or the keys now point at another account or mode). */
export function isMissingCustomer(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeInvalidRequestError &&
    err.code === 'resource_missing' &&
    (err.param === 'customer' || /no such customer/i.test(err.message))
  );
}
