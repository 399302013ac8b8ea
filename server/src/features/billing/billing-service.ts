import Stripe from 'stripe';
import type { Logger } from 'pino';
import { planForPrice } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { SubscriptionStatus } from '@shared/schemas';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { CreditsService } from '../credits';
import type { UserRow } from '../users';
import { BILLING_MESSAGES } from './billing-messages';
import { createBillingRepository, subscriptionStatusOf } from './billing-repository';
import { createStripeClient, planPriceIds } from './stripe-client';
import { stripeGuard } from './stripe-guard';
import { createTeamBillingService } from './team-billing-service';
import { ALLOWANCE_REASONS, isMissingCustomer, priceOfLine, subscriptionOfInvoice } from './stripe-reading';
import { currentSubscription, idOf, LIVE_STATUSES, NO_SUBSCRIPTION, snapshotOf, type SubscriptionSnapshot } from './subscription-snapshot';

export interface BillingDeps {
  config: Config;
  db: Db;
  credits: CreditsService;
  clock: Clock;
  logger: Logger;
}

/** What became of a webhook event. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Stripe no longer knows the stored customer (deleted there, or the keys now point at another account or mode). */
class CustomerGone extends Error {}

export function createBillingService(deps: BillingDeps) {
  const { config, db, logger } = deps;
  const stripe = createStripeClient(config);
  const repo = createBillingRepository(db, deps.credits, config, deps.clock);
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const sellablePrices = new Set(Object.values(planPriceIds(config)));
  const teamBilling = createTeamBillingService(deps, stripe);

  const { requireStripe, providerFailure } = stripeGuard(stripe, logger);

  async function callStripe<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isMissingCustomer(err)) throw new CustomerGone(what);
      return providerFailure(what, err);
    }
  }

  async function listSubscriptions(s: Stripe, customerId: string): Promise<Stripe.Subscription[]> {
    const page = await callStripe('subscriptions.list', () => s.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }));
    return page.data;
  }

  /** The customer's subscriptions now; a customer Stripe no longer knows has none. */
  async function readSubscriptions(s: Stripe, customerId: string): Promise<{ subs: Stripe.Subscription[]; gone: boolean }> {
    try {
      return { subs: await listSubscriptions(s, customerId), gone: false };
    } catch (err) {
      if (err instanceof CustomerGone) return { subs: [], gone: true };
      throw err;
    }
  }

  async function readSnapshot(s: Stripe, customerId: string): Promise<{ snap: SubscriptionSnapshot; gone: boolean }> {
    const { subs, gone } = await readSubscriptions(s, customerId);
    return { snap: subs.length ? snapshotOf(currentSubscription(subs)) : NO_SUBSCRIPTION, gone };
  }

  /** Drop the link to a customer Stripe no longer knows: no subscription, back to Free. */
  async function forgetCustomer(user: UserRow, customerId: string): Promise<UserRow> {
    logger.warn({ userId: user.id, customerId }, 'Stripe no longer knows this customer; unlinked');
    const row = await db.transaction(async (tx) => {
      await repo.unlinkCustomer(tx, user.id, customerId);
      return repo.applySnapshot(tx, user.id, NO_SUBSCRIPTION, `customer-gone:${customerId}`);
    });
    return row ?? { ...user, stripeCustomerId: null };
  }

  /** One Stripe customer per user: created once (idempotently), then stored. */
  async function ensureCustomer(s: Stripe, user: UserRow, replacing?: string): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await callStripe('customers.create', () =>
      s.customers.create(
        { email: user.email, ...(user.name ? { name: user.name } : {}), metadata: { userId: user.id, firebaseUid: user.firebaseUid } },
        { idempotencyKey: `customer-for-user-${user.id}${replacing ? `-replacing-${replacing}` : ''}` },
      ),
    );
    const stored = await db.transaction((tx) => repo.linkCustomer(tx, user.id, customer.id));
    if (!stored) throw new HttpError(409, BILLING_MESSAGES.customerConflict);
    return stored;
  }

  async function portalSession(s: Stripe, params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }> {
    const session = await callStripe('billingPortal.sessions.create', () => s.billingPortal.sessions.create(params));
    return { url: session.url };
  }

  /** The user a Stripe customer belongs to: the stored link, else the userId we put in its metadata. */
  async function userOfCustomer(s: Stripe, customerId: string, hintUserId?: string | null): Promise<UserRow | undefined> {
    const linked = await repo.byCustomer(customerId);
    if (linked) return linked;
    if (hintUserId) return repo.byId(hintUserId);
    let customer: Stripe.Customer | Stripe.DeletedCustomer;
    try {
      customer = await s.customers.retrieve(customerId);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return undefined;
      return providerFailure('customers.retrieve', err);
    }
    const userId = customer.deleted ? undefined : customer.metadata?.userId;
    return userId ? repo.byId(userId) : undefined;
  }

  /**
   * Apply one event's effects together with its processed-event row, in one transaction. The
   * Stripe reads happen before, so the transaction holds no lock while waiting on the network.
   */
  async function applyOnce(
    event: Stripe.Event,
    customerId: string,
    user: UserRow,
    effects: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>,
  ): Promise<EventOutcome> {
    return db.transaction(async (tx) => {
      if (!(await repo.recordEvent(tx, event))) return 'duplicate' as const;
      const linked = await repo.linkCustomer(tx, user.id, customerId);
      if (linked !== customerId) {
        logger.warn({ eventId: event.id, customerId, userId: user.id }, 'Stripe event for a customer not linked to this user; skipped');
        return 'ignored' as const;
      }
      await effects(tx);
      return 'applied' as const;
    });
  }

  async function onSubscriptionEvent(s: Stripe, event: Stripe.Event, customerId: string | null, hintUserId?: string | null) {
    if (!customerId) return 'ignored' as const;
    const user = await userOfCustomer(s, customerId, hintUserId);
    if (!user) {
      logger.warn({ eventId: event.id, type: event.type, customerId }, 'Stripe event for an unknown customer; ignored');
      return 'ignored' as const;
    }
    // Re-read what Stripe holds now rather than trusting the payload: out-of-order deliveries converge.
    const { snap } = await readSnapshot(s, customerId);
    return applyOnce(event, customerId, user, async (tx) => {
      await repo.applySnapshot(tx, user.id, snap, event.id);
    });
  }

  async function onInvoicePaid(s: Stripe, event: Stripe.InvoicePaidEvent): Promise<EventOutcome> {
    const invoice = event.data.object;
    const customerId = idOf(invoice.customer);
    if (!customerId) return 'ignored';
    if (!invoice.billing_reason || !ALLOWANCE_REASONS.has(invoice.billing_reason)) {
      // Other invoices (proration on a switch, manual) change no allowance: the switch counts from the next cycle.
      return onSubscriptionEvent(s, event, customerId);
    }
    const user = await userOfCustomer(s, customerId);
    if (!user) {
      logger.warn({ eventId: event.id, customerId }, 'invoice.paid for an unknown customer; ignored');
      return 'ignored';
    }
    const subscriptionId = subscriptionOfInvoice(invoice);
    const { subs } = await readSubscriptions(s, customerId);
    const invoiceSub = subs.find((sub) => sub.id === subscriptionId);
    const line = invoice.lines.data.find((l) => priceOfLine(l)) ?? invoice.lines.data[0];
    const paidPrice = (line && priceOfLine(line)) ?? invoiceSub?.items.data[0]?.price.id ?? null;
    const plan = planForPrice(paidPrice, planPriceIds(config));
    const periodStart = line?.period?.start ?? invoice.period_start;
    const snap = snapshotOf(currentSubscription(subs));
    if (!plan) logger.warn({ eventId: event.id, price: paidPrice }, 'invoice.paid for a price that is not a plan; no allowance');
    return applyOnce(event, customerId, user, async (tx) => {
      await repo.applySnapshot(tx, user.id, snap, event.id);
      // A subscription that has ended since (late delivery) grants nothing.
      if (plan && invoiceSub && LIVE_STATUSES.has(invoiceSub.status)) {
        await repo.applyAllowance(tx, user.id, plan.credits, periodStart, event.id);
      }
    });
  }

  /** The Stripe page for the user's choice (see checkout below). */
  async function startSession(s: Stripe, user: UserRow, customerId: string, priceId: string | undefined): Promise<{ url: string }> {
    const returnUrl = `${publicUrl}/subscription`;
    if (priceId === undefined) return portalSession(s, { customer: customerId, return_url: returnUrl });

    const current = currentSubscription(await listSubscriptions(s, customerId));
    const item = current?.items.data[0];
    if (current && item && LIVE_STATUSES.has(current.status)) {
      if (item.price.id === priceId) return portalSession(s, { customer: customerId, return_url: returnUrl });
      return portalSession(s, {
        customer: customerId,
        return_url: returnUrl,
        flow_data: {
          type: 'subscription_update_confirm',
          subscription_update_confirm: { subscription: current.id, items: [{ id: item.id, price: priceId, quantity: 1 }] },
          after_completion: { type: 'redirect', redirect: { return_url: `${publicUrl}/subscription/success` } },
        },
      });
    }

    const session = await callStripe('checkout.sessions.create', () =>
      s.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        line_items: [{ price: priceId, quantity: 1 }],
        metadata: { userId: user.id },
        subscription_data: { metadata: { userId: user.id } },
        success_url: `${publicUrl}/subscription/success`,
        cancel_url: `${publicUrl}/subscription/cancel`,
      }),
    );
    if (!session.url) throw new HttpError(502, BILLING_MESSAGES.providerUnavailable);
    return { url: session.url };
  }

  return {
    enabled: stripe !== null,
    teamBilling,

    /**
     * With a price: a Checkout Session for that plan, or for a subscriber a Customer Portal
     * session confirming the switch (a second Checkout would bill twice). Without a price: the
     * Customer Portal ('Manage Subscription').
     */
    async checkout(user: UserRow, priceId: string | undefined): Promise<{ url: string }> {
      const s = requireStripe();
      if (priceId !== undefined && !sellablePrices.has(priceId)) throw new HttpError(400, BILLING_MESSAGES.unknownPrice);
      const customerId = await ensureCustomer(s, user);
      try {
        return await startSession(s, user, customerId, priceId);
      } catch (err) {
        if (!(err instanceof CustomerGone)) throw err;
        const unlinked = await forgetCustomer(user, customerId);
        return startSession(s, unlinked, await ensureCustomer(s, unlinked, customerId), priceId);
      }
    },

    /** Read the customer's subscription from Stripe, store it, answer in the shape of docs/product.md#records. */
    async sync(user: UserRow): Promise<SubscriptionStatus> {
      if (!stripe || !user.stripeCustomerId) return subscriptionStatusOf(user);
      const customerId = user.stripeCustomerId;
      const { snap, gone } = await readSnapshot(stripe, customerId);
      if (gone) return subscriptionStatusOf(await forgetCustomer(user, customerId));
      const row = await db.transaction((tx) => repo.applySnapshot(tx, user.id, snap, `sync:${snap.subscriptionId ?? 'none'}`));
      return subscriptionStatusOf(row ?? user);
    },

    /** Verify a webhook's signature; throws when it does not match this endpoint's secret. */
    verifyEvent(payload: Buffer, signature: string): Stripe.Event {
      const s = requireStripe();
      if (!config.STRIPE_WEBHOOK_SECRET) throw new HttpError(503, MESSAGES.paymentsNotConfigured);
      // receivedAt in milliseconds: the signature's age is measured on the app's clock.
      return s.webhooks.constructEvent(payload, signature, config.STRIPE_WEBHOOK_SECRET, undefined, undefined, deps.clock.now().getTime());
    },

    /** Apply a verified event once (docs/decisions/0004-stripe-webhooks-re-read-subscriptions.md). Unknown types are acknowledged and ignored. */
    async handleEvent(event: Stripe.Event): Promise<EventOutcome> {
      const s = requireStripe();
      if (await repo.isRecorded(event.id)) return 'duplicate';
      // A team's customer pays for the team plan: its events fund the team's pool, never a person's balance.
      const team = await teamBilling.teamOfEvent(event);
      if (team) return teamBilling.handleEvent(event, team.team, team.customerId);
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          if (session.mode !== 'subscription') return 'ignored';
          return onSubscriptionEvent(s, event, idOf(session.customer), session.client_reference_id ?? session.metadata?.userId);
        }
        case 'invoice.paid':
          return onInvoicePaid(s, event);
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return onSubscriptionEvent(s, event, idOf(event.data.object.customer));
        default:
          return 'ignored';
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
