-- AI practice calls (docs/product.md#practice-calls): the user's own phone number, one row per call or browser session,
-- and every turn of the conversation.

-- The number practice calls ring, stored as E.164 after validation, with the time consent was given.
CREATE TABLE user_phones (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  phone_number text NOT NULL,
  consent_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A phone call (mode 'phone', through the telephony provider) or a browser session (mode 'browser').
-- status follows Twilio's call statuses; a final status never changes again.
CREATE TABLE practice_calls (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('phone', 'browser')),
  status text NOT NULL CHECK (status IN ('queued', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled')),
  scenario_id text NOT NULL,
  -- Kept with the call: the log still names the quest if the scenario library changes.
  scenario_title text NOT NULL,
  to_number text,
  from_number text,
  provider text,
  provider_call_id text UNIQUE,
  -- False when the provider refused the call outright: nothing was placed, so the daily cap ignores it.
  counted boolean NOT NULL DEFAULT true,
  end_reason text,
  error_message text,
  feedback jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX practice_calls_user_idx ON practice_calls (user_id, created_at DESC, id DESC);
CREATE INDEX practice_calls_created_idx ON practice_calls (created_at DESC, id DESC);

-- Every turn, in the order spoken (id is the order).
CREATE TABLE call_turns (
  id bigserial PRIMARY KEY,
  call_id text NOT NULL REFERENCES practice_calls(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('rep', 'prospect')),
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX call_turns_call_idx ON call_turns (call_id, id);
