import * as z from 'zod/mini';
import { PLAN_IDS } from '../constants';
import { TEAM_BILLING_MESSAGES, TEAM_SEATS } from '../teams';

/** The team plan (docs/product.md#team-plan-and-seats): requests and answers of /api/team/billing…. */

const seatsError = { error: TEAM_BILLING_MESSAGES.seatsInvalid };
export const teamSeatsSchema = z
  .number(seatsError)
  .check(z.int(seatsError), z.gte(TEAM_SEATS.min, seatsError), z.lte(TEAM_SEATS.max, seatsError));

export const teamCheckoutRequestSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: TEAM_BILLING_MESSAGES.planInvalid }),
  seats: teamSeatsSchema,
});
export type TeamCheckoutRequest = z.infer<typeof teamCheckoutRequestSchema>;

export const teamSeatsRequestSchema = z.object({ seats: teamSeatsSchema });
export type TeamSeatsRequest = z.infer<typeof teamSeatsRequestSchema>;

/** GET /api/team/billing (owner only). Dates are ISO strings; `plan` is null without a live team plan. */
export const teamBillingSchema = z.object({
  plan: z.nullable(z.enum(PLAN_IDS)),
  seats: z.nullable(z.number()),
  status: z.nullable(z.string()),
  periodEnd: z.nullable(z.string()),
  cancelAt: z.nullable(z.string()),
  /** The pool's balance now. */
  credits: z.number(),
  /** What each paid period sets the pool to: seats × the plan's monthly credits (null without a plan). */
  monthlyCredits: z.nullable(z.number()),
});
export type TeamBilling = z.infer<typeof teamBillingSchema>;

export const teamSeatsResponseSchema = z.object({ message: z.string(), billing: teamBillingSchema });
export type TeamSeatsResponse = z.infer<typeof teamSeatsResponseSchema>;
