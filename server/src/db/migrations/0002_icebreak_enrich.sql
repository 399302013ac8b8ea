-- Icebreak history (docs/product.md#records): one row per analysis, `processing` → `Ready` or `Failed`.
-- The credit debit of an analysis carries the reference 'icebreak:<id>' in credit_ledger, so a
-- sweep can refund an item a crashed process left `processing` even before debit_ledger_id was set.
CREATE TABLE icebreak_history (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL,
  description text NOT NULL,
  goal text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  generator text,
  insights_text jsonb NOT NULL DEFAULT '[]'::jsonb,
  error_message text,
  debit_ledger_id bigint REFERENCES credit_ledger(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT icebreak_history_status CHECK (status IN ('processing', 'Ready', 'Failed'))
);
CREATE INDEX icebreak_history_user_idx ON icebreak_history (user_id, created_at DESC);
CREATE INDEX icebreak_history_processing_idx ON icebreak_history (updated_at) WHERE status = 'processing';

-- Enrich results (docs/product.md#enrich-for-crm-leads): the latest result of each output, per user and CRM lead id.
CREATE TABLE lead_enrichments (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lead_id text NOT NULL,
  generator text NOT NULL,
  linkedin_dm jsonb,
  cold_call_script jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lead_id)
);
CREATE INDEX lead_enrichments_lead_idx ON lead_enrichments (lead_id);

-- News headlines fetched from a provider, shared by every server process.
CREATE TABLE news_cache (
  provider text NOT NULL,
  query text NOT NULL,
  headlines jsonb NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, query)
);
