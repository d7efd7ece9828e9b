ALTER TABLE "companies" ADD COLUMN "reminder_days_before" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reminder_max" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reminder_min_gap_days" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_reminder_policy_ck" CHECK (
  ("reminder_days_before" IS NULL AND "reminder_max" IS NULL AND "reminder_min_gap_days" IS NULL)
  OR ("reminder_days_before" BETWEEN 1 AND 365 AND "reminder_max" BETWEEN 1 AND 30 AND "reminder_min_gap_days" BETWEEN 1 AND 365)
);--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"evaluation_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "reminders_sent_evaluation_id_n_pk" PRIMARY KEY("evaluation_id","n")
);
--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;
