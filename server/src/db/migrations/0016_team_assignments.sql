CREATE TABLE "team_assignment_members" (
	"assignment_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "team_assignment_members_pkey" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"scenario_id" text NOT NULL,
	"scenario_title" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"min_score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_assignments_min_score_check" CHECK ("team_assignments"."min_score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "team_assignment_members" ADD CONSTRAINT "team_assignment_members_assignment_id_fkey" FOREIGN KEY ("assignment_id") REFERENCES "team_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assignment_members" ADD CONSTRAINT "team_assignment_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assignments" ADD CONSTRAINT "team_assignments_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_assignment_members_user_idx" ON "team_assignment_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_assignments_team_idx" ON "team_assignments" USING btree ("team_id","due_at");