-- Failed password checks per account (issue 23): one row per e-mail as typed (trimmed, lowercased),
-- known or not, so every server process sharing the database counts the same failures. Five failures
-- within 15 minutes lock the e-mail for 30 s, each further lock doubling up to 15 min; a success
-- deletes the row; rows quiet for a day are deleted.
CREATE TABLE "sign_in_throttle" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locks" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttle_last_failure_idx" ON "sign_in_throttle" USING btree ("last_failure_at");
