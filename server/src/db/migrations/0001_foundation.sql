CREATE TABLE users (
  id text PRIMARY KEY,
  firebase_uid text NOT NULL UNIQUE,
  email text NOT NULL UNIQUE,
  name text,
  credits integer NOT NULL,
  plan text NOT NULL DEFAULT 'free',
  credits_period text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_credits_non_negative CHECK (credits >= 0)
);

CREATE TABLE credit_ledger (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta integer NOT NULL,
  balance_after integer NOT NULL,
  reason text NOT NULL,
  reference text,
  refund_of bigint UNIQUE REFERENCES credit_ledger(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_user_idx ON credit_ledger (user_id, id);

CREATE TABLE enrichment_settings (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  about_me text NOT NULL,
  content_preferences text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
