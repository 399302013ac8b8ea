import { z } from 'zod';
import * as zm from 'zod/mini';
import { safeText } from '@shared/schemas/common';

/**
 * The parts of a signed Stripe event the handler reads, checked before anything is applied: a
 * signed body is not necessarily a well-formed event (a misconfigured endpoint, an old API
 * version), and such a body must get a 400, not a crash (found by the fuzz test, docs/architecture.md#tests-and-loopback-fakes).
 */
const stripeId = safeText('A Stripe id').check(zm.minLength(1), zm.maxLength(255));
const ref = z
  .union([stripeId, z.looseObject({ id: stripeId })])
  .nullable()
  .optional();
const metadata = z.record(z.string(), z.unknown()).nullable().optional();

const checkoutSession = z.looseObject({
  mode: z.string().nullable().optional(),
  customer: ref,
  client_reference_id: z.nullable(stripeId).optional(),
  metadata: z
    .looseObject({ userId: z.optional(stripeId) })
    .nullable()
    .optional(),
});

const invoice = z.looseObject({
  customer: ref,
  billing_reason: z.string().nullable().optional(),
  period_start: z.number().optional(),
  lines: z.looseObject({ data: z.array(z.looseObject({ period: z.looseObject({ start: z.number() }).nullable().optional() })) }),
  metadata,
});

const subscription = z.looseObject({ customer: ref, metadata });

// A Map, not an object literal: an event type such as 'toString' must not find Object.prototype's members.
const OBJECT_BY_TYPE = new Map<string, z.ZodType>(
  Object.entries({
    'checkout.session.completed': checkoutSession,
    'invoice.paid': invoice,
    'customer.subscription.created': subscription,
    'customer.subscription.updated': subscription,
    'customer.subscription.deleted': subscription,
  }),
);

const eventShape = z.looseObject({
  id: stripeId,
  type: safeText('The event type').check(zm.minLength(1), zm.maxLength(255)),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** Whether a verified payload has the shape the handler relies on. */
export function isHandleableEvent(value: unknown): boolean {
  const event = eventShape.safeParse(value);
  if (!event.success) return false;
  const objectSchema = OBJECT_BY_TYPE.get(event.data.type);
  return !objectSchema || objectSchema.safeParse(event.data.data.object).success;
}
