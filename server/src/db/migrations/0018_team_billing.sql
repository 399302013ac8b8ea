ALTER TABLE "teams" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "plan_status" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "plan_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "plan_cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "allowance_period_start" bigint;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_stripe_customer_id_key" UNIQUE("stripe_customer_id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_seats_check" CHECK ("teams"."seats" IS NULL OR "teams"."seats" >= 1);