ALTER TABLE "credit_ledger" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "monthly_cap" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_ledger_team_idx" ON "credit_ledger" USING btree ("team_id","id") WHERE "credit_ledger"."team_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_monthly_cap_check" CHECK ("team_members"."monthly_cap" IS NULL OR "team_members"."monthly_cap" >= 0);--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_credits_non_negative" CHECK ("teams"."credits" >= 0);