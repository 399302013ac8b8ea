-- Practice sessions that went nowhere (docs/product.md#practice-calls): a session whose rep said nothing in its
-- first minute, or that nobody opened, ends as 'abandoned' (a browser session so ended is not counted against the daily limit).
ALTER TABLE "practice_calls" DROP CONSTRAINT "practice_calls_status_check";--> statement-breakpoint
ALTER TABLE "practice_calls" ADD CONSTRAINT "practice_calls_status_check" CHECK ("practice_calls"."status" IN ('queued', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled', 'abandoned'));