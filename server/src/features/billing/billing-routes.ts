import express, { Router } from 'express';
import Stripe from 'stripe';
import { MESSAGES } from '@shared/messages';
import { checkoutRequestSchema, syncSubscriptionRequestSchema } from '@shared/schemas';
import { assertOwnEmail, type RequireAuth } from '../../http/auth';
import type { CurrentUser } from '../users';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { BILLING_MESSAGES } from './billing-messages';
import { createBillingService, type BillingDeps } from './billing-service';
import { createTeamBillingRouter } from './team-billing-routes';
import { isHandleableEvent } from './webhook-event-shape';

/** Stripe events can be larger than API requests; the raw body is kept for the signature. */
const WEBHOOK_BODY_LIMIT = '1mb';

/**
 * Billing (docs/architecture.md#billing): `webhook` takes the raw body and is mounted before the JSON parser;
 * `api` holds the two signed-in routes.
 */
/** What the billing routes use: the billing service's own needs, and who the caller is. */
export interface BillingRouterDeps extends BillingDeps {
  requireAuth: RequireAuth;
  currentUser: CurrentUser;
}

export function createBillingRouters(ctx: BillingRouterDeps) {
  const billing = createBillingService({ config: ctx.config, db: ctx.db, credits: ctx.credits, clock: ctx.clock, logger: ctx.logger });

  const api = Router();

  api.post('/subscription/checkout', ctx.requireAuth(), async (req, res) => {
    const body = parseInput(checkoutRequestSchema, req.body);
    assertOwnEmail(req, body.email);
    const user = await ctx.currentUser(req);
    res.json(await billing.checkout(user, body.priceId));
  });

  api.post('/subscription/sync', ctx.requireAuth(), async (req, res) => {
    const body = parseInput(syncSubscriptionRequestSchema, req.body);
    assertOwnEmail(req, body.email);
    const user = await ctx.currentUser(req);
    res.json(await billing.sync(user));
  });

  api.use(createTeamBillingRouter(ctx, billing.teamBilling));

  const webhook = Router();
  webhook.post('/stripe/webhook', express.raw({ type: 'application/json', limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    if (!billing.enabled) throw new HttpError(503, MESSAGES.paymentsNotConfigured);
    const signature = req.get('stripe-signature');
    if (!signature) throw new HttpError(400, BILLING_MESSAGES.missingSignature);
    if (!Buffer.isBuffer(req.body)) throw new HttpError(400, BILLING_MESSAGES.webhookBody);
    let event: Stripe.Event;
    try {
      event = billing.verifyEvent(req.body, signature);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // A wrong signature, or a signed body that is not an event: nothing is applied.
      req.log?.warn({ err: err instanceof Stripe.errors.StripeSignatureVerificationError ? err.message : err }, 'stripe webhook refused');
      throw new HttpError(400, BILLING_MESSAGES.badSignature);
    }
    if (!isHandleableEvent(event)) {
      req.log?.warn({ bodyLength: req.body.length }, 'signed stripe webhook is not a well-formed event; refused');
      throw new HttpError(400, BILLING_MESSAGES.notAnEvent);
    }
    const outcome = await billing.handleEvent(event);
    req.log?.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
    res.json({ received: true, outcome });
  });

  return { api, webhook };
}
