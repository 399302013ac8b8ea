-- Charged once per answer (docs/decisions/0012-charged-once-per-answer.md): the same input already answered is returned from storage without a charge.
-- input_hash is a digest of everything the answer depends on (the description or lead fields, the
-- user's settings, the goal, the output and the writer); variant counts "Regenerate" answers;
-- news_found says whether section 0 could cite news (the UI titles it accordingly).
ALTER TABLE icebreak_history ADD COLUMN input_hash text;
ALTER TABLE icebreak_history ADD COLUMN variant integer NOT NULL DEFAULT 0;
ALTER TABLE icebreak_history ADD COLUMN news_found boolean;
CREATE INDEX icebreak_history_input_idx ON icebreak_history (user_id, input_hash, created_at DESC) WHERE status = 'Ready';

ALTER TABLE lead_enrichments ADD COLUMN linkedin_dm_input_hash text;
ALTER TABLE lead_enrichments ADD COLUMN linkedin_dm_variant integer NOT NULL DEFAULT 0;
ALTER TABLE lead_enrichments ADD COLUMN cold_call_script_input_hash text;
ALTER TABLE lead_enrichments ADD COLUMN cold_call_script_variant integer NOT NULL DEFAULT 0;
