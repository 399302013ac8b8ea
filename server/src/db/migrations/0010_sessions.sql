-- Sessions ended by account deletion (docs/architecture.md#sessions-end-with-the-account): every
-- process refuses an ID token of this uid issued before revoked_before, cached or not.
CREATE TABLE "revoked_sessions" (
	"firebase_uid" text PRIMARY KEY NOT NULL,
	"revoked_before" timestamp with time zone NOT NULL
);
