import type Stripe from 'stripe';
import { planForPrice, type PlanId } from '@shared/constants';
import type { TeamBilling } from '@shared/schemas';
import { TEAM_BILLING_MESSAGES, TEAM_MESSAGES } from '@shared/teams';
import { HttpError } from '../../http/errors';
import type { UserRow } from '../users';
import { BILLING_MESSAGES } from './billing-messages';
import type { BillingDeps, EventOutcome } from './billing-service';
import { createBillingRepository } from './billing-repository';
import { planPriceIds } from './stripe-client';
import { stripeGuard } from './stripe-guard';
import { ALLOWANCE_REASONS, isMissingCustomer, priceOfLine, subscriptionOfInvoice } from './stripe-reading';
import { currentSubscription, idOf, LIVE_STATUSES, snapshotOf } from './subscription-snapshot';
import { createTeamBillingRepository, teamBillingOf, type TeamPlanState, type TeamRow } from './team-billing-repository';

type Metadata = Record<string, string> | null | undefined;

/** The customer a handled event is about. */
function customerOfEvent(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'invoice.paid':
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return idOf(event.data.object.customer);
    default:
      return null;
  }
}

/** The teamId we put in the metadata of a team's Checkout Session and subscription. */
function teamIdOfEvent(event: Stripe.Event): string | null {
  let metadata: Metadata;
  if (event.type === 'checkout.session.completed') metadata = event.data.object.metadata;
  else if (event.type === 'invoice.paid') metadata = event.data.object.parent?.subscription_details?.metadata;
  else if (event.type.startsWith('customer.subscription.')) metadata = (event.data.object as Stripe.Subscription).metadata;
  const teamId = metadata?.teamId;
  return typeof teamId === 'string' && teamId ? teamId : null;
}

/**
 * The team plan (docs/product.md#team-plan-and-seats): a subscription of the team's own Stripe
 * customer whose quantity is the seats. Same rules as personal plans: every event re-reads the
 * subscriptions, applies once per event id, and only a paid period's invoice funds the pool.
 */
export function createTeamBillingService(deps: BillingDeps, stripe: Stripe | null) {
  const { config, db, logger } = deps;
  const repo = createTeamBillingRepository(db, deps.credits);
  const events = createBillingRepository(db, deps.credits, config, deps.clock);
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const prices = () => planPriceIds(config);

  const { requireStripe, providerFailure } = stripeGuard(stripe, logger);

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      return providerFailure(what, err);
    }
  }

  /** The customer's subscriptions now; a customer Stripe no longer knows (`gone`) has none. */
  async function readCustomer(s: Stripe, customerId: string): Promise<{ subs: Stripe.Subscription[]; gone: boolean }> {
    try {
      return { subs: (await s.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })).data, gone: false };
    } catch (err) {
      if (isMissingCustomer(err)) return { subs: [], gone: true };
      return call('subscriptions.list', () => Promise.reject(err));
    }
  }
  const readSubscriptions = async (s: Stripe, customerId: string) => (await readCustomer(s, customerId)).subs;

  function stateOf(sub: Stripe.Subscription | undefined): TeamPlanState {
    const snap = snapshotOf(sub);
    const plan: PlanId | null = snap.live ? (planForPrice(snap.priceId, prices())?.id ?? null) : null;
    if (snap.live && !plan)
      logger.warn({ subscription: snap.subscriptionId, price: snap.priceId }, 'team subscription of a price that is not a plan');
    // Stripe allows a quantity of 0; the table keeps seats ≥ 1 or none, so a webhook never fails on it.
    const quantity = sub?.items.data[0]?.quantity ?? 0;
    return { snap, plan, seats: plan && quantity >= 1 ? quantity : null };
  }

  async function team(teamId: string): Promise<TeamRow> {
    const row = await repo.byId(teamId);
    // The caller's membership was just read: a team deleted meanwhile is as good as none.
    if (!row) throw new HttpError(404, TEAM_MESSAGES.notInTeam);
    return row;
  }

  /**
   * The team's customer, with the e-mail of its owner now: ownership moves by a transfer, and Stripe
   * sends receipts and the portal's sign-in links to the customer's e-mail.
   */
  async function billedTo(s: Stripe, customerId: string, owner: UserRow): Promise<string> {
    await call('customers.update', () => s.customers.update(customerId, { email: owner.email }));
    return customerId;
  }

  /** One Stripe customer per team, created once (idempotently), then stored. */
  async function ensureCustomer(s: Stripe, row: TeamRow, owner: UserRow, replacing?: string): Promise<string> {
    if (row.stripeCustomerId) return billedTo(s, row.stripeCustomerId, owner);
    const customer = await call('customers.create', () =>
      s.customers.create(
        { email: owner.email, name: row.name, metadata: { teamId: row.id } },
        { idempotencyKey: `customer-for-team-${row.id}${replacing ? `-replacing-${replacing}` : ''}` },
      ),
    );
    const stored = await db.transaction((tx) => repo.linkCustomer(tx, row.id, customer.id));
    if (!stored) throw new HttpError(409, BILLING_MESSAGES.customerConflict);
    return stored;
  }

  /** What an invoice.paid grants: seats × the plan's credits for the period it opens, or nothing. */
  function grantOf(event: Stripe.Event, subs: Stripe.Subscription[]): { credits: number; periodStart: number } | null {
    if (event.type !== 'invoice.paid') return null;
    const invoice = event.data.object;
    if (!invoice.billing_reason || !ALLOWANCE_REASONS.has(invoice.billing_reason)) return null;
    const invoiceSub = subs.find((sub) => sub.id === subscriptionOfInvoice(invoice));
    // A subscription that has ended since (late delivery) grants nothing.
    if (!invoiceSub || !LIVE_STATUSES.has(invoiceSub.status)) return null;
    const line = invoice.lines.data.find((l) => priceOfLine(l)) ?? invoice.lines.data[0];
    const plan = planForPrice((line && priceOfLine(line)) ?? invoiceSub.items.data[0]?.price.id, prices());
    // The seats paid for are the invoice line's quantity (a change since counts from the next period).
    const quantity: unknown = line?.quantity ?? invoiceSub.items.data[0]?.quantity;
    const seats = typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 ? quantity : null;
    if (!plan || !seats) {
      logger.warn({ eventId: event.id, subscription: invoiceSub.id }, 'team invoice.paid without a plan price or seats; no allowance');
      return null;
    }
    return { credits: plan.credits * seats, periodStart: line?.period?.start ?? invoice.period_start };
  }

  return {
    /** The team a verified event is about: its stored customer, else the teamId our metadata carries. */
    async teamOfEvent(event: Stripe.Event): Promise<{ team: TeamRow; customerId: string } | undefined> {
      const customerId = customerOfEvent(event);
      if (!customerId) return undefined;
      const linked = await repo.byCustomer(customerId);
      if (linked) return { team: linked, customerId };
      const teamId = teamIdOfEvent(event);
      const hinted = teamId ? await repo.byId(teamId) : undefined;
      return hinted ? { team: hinted, customerId } : undefined;
    },

    /** Apply a team's event once; the Stripe reads happen before the transaction. */
    async handleEvent(event: Stripe.Event, team: TeamRow, customerId: string): Promise<EventOutcome> {
      const s = requireStripe();
      if (event.type === 'checkout.session.completed' && event.data.object.mode !== 'subscription') return 'ignored';
      const subs = await readSubscriptions(s, customerId);
      const state = stateOf(currentSubscription(subs));
      const grant = grantOf(event, subs);
      return db.transaction(async (tx) => {
        if (!(await events.recordEvent(tx, event))) return 'duplicate' as const;
        if ((await repo.linkCustomer(tx, team.id, customerId)) !== customerId) {
          logger.warn({ eventId: event.id, customerId, teamId: team.id }, 'Stripe event for a customer not linked to this team; skipped');
          return 'ignored' as const;
        }
        await repo.applyState(tx, team.id, state, event.id);
        if (grant) await repo.applyAllowance(tx, team.id, grant.credits, grant.periodStart, event.id);
        return 'applied' as const;
      });
    },

    async status(teamId: string): Promise<TeamBilling> {
      return teamBillingOf(await team(teamId));
    },

    /** A Checkout Session for `seats` of `plan`, paid by the team's own customer. */
    async checkout(owner: UserRow, teamId: string, plan: PlanId, seats: number): Promise<{ url: string }> {
      const s = requireStripe();
      const price = prices()[plan];
      if (!price) throw new HttpError(400, TEAM_BILLING_MESSAGES.planNotSold);
      let row = await team(teamId);
      const stored = row.stripeCustomerId;
      let replacing: string | undefined;
      if (stored) {
        // Stripe, not the stored row, says whether a plan runs: a second Checkout would bill twice.
        const { subs, gone } = await readCustomer(s, stored);
        if (subs.some((sub) => LIVE_STATUSES.has(sub.status))) throw new HttpError(409, TEAM_BILLING_MESSAGES.alreadySubscribed);
        if (gone) {
          // Deleted in Stripe (or the keys now point elsewhere): a new customer replaces the link.
          logger.warn({ teamId, customerId: stored }, 'Stripe no longer knows the team customer; replaced');
          row = (await db.transaction((tx) => repo.unlinkCustomer(tx, teamId, stored))) ?? row;
          replacing = stored;
        }
      }
      const customerId = await ensureCustomer(s, row, owner, replacing);
      const session = await call('checkout.sessions.create', () =>
        s.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: `team-${row.id}`,
          line_items: [{ price, quantity: seats }],
          metadata: { teamId: row.id },
          subscription_data: { metadata: { teamId: row.id } },
          success_url: `${publicUrl}/team`,
          cancel_url: `${publicUrl}/team`,
        }),
      );
      if (!session.url) throw new HttpError(502, BILLING_MESSAGES.providerUnavailable);
      return { url: session.url };
    },

    /**
     * Ask Stripe for a new quantity, from the next period (no proration). The stored seats follow
     * Stripe's answer; the pool only moves when a paid invoice arrives by webhook.
     */
    async setSeats(teamId: string, seats: number): Promise<TeamBilling> {
      const s = requireStripe();
      const row = await team(teamId);
      if (!row.plan || !row.stripeSubscriptionId) throw new HttpError(409, TEAM_BILLING_MESSAGES.noPlan);
      const subscriptionId = row.stripeSubscriptionId;
      const sub = await call('subscriptions.retrieve', () => s.subscriptions.retrieve(subscriptionId));
      const item = sub.items.data[0];
      if (!item || !LIVE_STATUSES.has(sub.status)) throw new HttpError(409, TEAM_BILLING_MESSAGES.noPlan);
      const updated = await call('subscriptions.update', () =>
        s.subscriptions.update(sub.id, { items: [{ id: item.id, quantity: seats }], proration_behavior: 'none' }),
      );
      const stored = await db.transaction((tx) => repo.applyState(tx, row.id, stateOf(updated), `seats:${sub.id}`));
      return teamBillingOf(stored ?? row);
    },

    /** The Customer Portal for the team's customer (seats, payment method, cancellation). */
    async portal(owner: UserRow, teamId: string): Promise<{ url: string }> {
      const s = requireStripe();
      const stored = (await team(teamId)).stripeCustomerId;
      if (!stored) throw new HttpError(409, TEAM_BILLING_MESSAGES.noPlan);
      const customerId = await billedTo(s, stored, owner);
      const session = await call('billingPortal.sessions.create', () =>
        s.billingPortal.sessions.create({ customer: customerId, return_url: `${publicUrl}/team` }),
      );
      return { url: session.url };
    },
  };
}

export type TeamBillingService = ReturnType<typeof createTeamBillingService>;
