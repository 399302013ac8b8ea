-- Enrich crash recovery (docs/decisions/0013-paid-work-recorded-before-the-debit.md): a row per Enrich request in flight, written before its debit
-- (whose ledger reference is 'enrich:<id>') and deleted when the request ends. A row older than
-- STALE_WORK_AFTER_MS was left by a process that died: the sweep marks it claimed (so the request,
-- should it still be alive, can no longer deliver), refunds its debit, then deletes it.
CREATE TABLE enrich_pending (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lead_id text NOT NULL,
  claimed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enrich_pending_created_idx ON enrich_pending (created_at);
