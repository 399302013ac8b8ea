ALTER TABLE "credit_ledger" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "icebreak_history" ADD COLUMN "role" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "icebreak_history" ADD COLUMN "company" text DEFAULT '' NOT NULL;