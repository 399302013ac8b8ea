-- Practice reminders by e-mail (docs/product.md#practice-reminders): each user's opt-in, and one claim row per (user, slot)
-- so that exactly one server process sends each reminder (docs/decisions/0007-reminders-croner-and-claim-rows.md: claims live in the database).
CREATE TABLE reminder_preferences (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  call_frequency text NOT NULL CHECK (call_frequency IN ('daily', 'weekdays', 'weekly')),
  -- 0 = Sunday … 6 = Saturday; set only for weekly reminders.
  weekday smallint CHECK (weekday BETWEEN 0 AND 6),
  CHECK (call_frequency <> 'weekly' OR weekday IS NOT NULL),
  preferred_call_time text NOT NULL CHECK (preferred_call_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  user_timezone text NOT NULL,
  -- The next slot the scheduler looks at (UTC); null when reminders are off. Kept in step on every
  -- save and every tick, so a tick reads only the users who are due.
  next_reminder_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reminder_preferences_due_idx ON reminder_preferences (next_reminder_at) WHERE enabled;

-- One row per reminder a process claimed: the UNIQUE (user_id, slot) is the claim. Its status and
-- attempts record what happened, so a failure is retried with backoff and never lost silently.
CREATE TABLE reminder_deliveries (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  slot timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'retry', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  claimed_by text NOT NULL,
  claimed_at timestamptz NOT NULL,
  next_attempt_at timestamptz,
  sent_at timestamptz,
  message_id text,
  last_error text,
  UNIQUE (user_id, slot)
);
CREATE INDEX reminder_deliveries_retry_idx ON reminder_deliveries (next_attempt_at) WHERE status = 'retry';
CREATE INDEX reminder_deliveries_sending_idx ON reminder_deliveries (claimed_at) WHERE status = 'sending';
