-- Billing (docs/architecture.md#billing): the user's Stripe customer and the subscription state last read from Stripe.
ALTER TABLE users ADD COLUMN stripe_customer_id text UNIQUE;
ALTER TABLE users ADD COLUMN stripe_subscription_id text;
ALTER TABLE users ADD COLUMN subscription_status text;
ALTER TABLE users ADD COLUMN subscription_price_id text;
ALTER TABLE users ADD COLUMN subscription_period_end timestamptz;
ALTER TABLE users ADD COLUMN subscription_cancel_at timestamptz;
-- Start (Unix seconds) of the billing period whose allowance was last applied: an older invoice
-- delivered late never resets the balance again.
ALTER TABLE users ADD COLUMN allowance_period_start bigint;

-- Each Stripe event id is applied once: its row is written in the same transaction as its effects.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);
