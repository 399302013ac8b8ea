-- Account deletion (docs/product.md#account-deletion-and-export): a user's rows go with the user (ON DELETE CASCADE), except the
-- credit ledger, which accounting keeps: its rows lose the user and get a tombstone instead, one
-- random id per deleted account, so the rows of one former account still add up together.
ALTER TABLE credit_ledger ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE credit_ledger ADD COLUMN deleted_account text;
ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_user_id_fkey;
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_user_id_fkey
  FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_owner
  CHECK (user_id IS NOT NULL OR deleted_account IS NOT NULL);
