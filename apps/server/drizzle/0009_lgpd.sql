-- The LGPD rights of a person (issue 14): erasing a person marks the account (the row stays, with its
-- identity replaced, so the person's numeric answers keep counting anonymously in the aggregates).
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;
--> statement-breakpoint
-- Retention per company (optional): participants with no activity for this many months are erased by
-- the daily retention job. Null keeps them.
ALTER TABLE "companies" ADD COLUMN "retention_months" integer;
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_retention_months_range" CHECK ("retention_months" IS NULL OR "retention_months" BETWEEN 1 AND 120);
--> statement-breakpoint
-- The audit log stays append-only (DELETE and TRUNCATE refused, always). The one exception: the erase
-- of a person may replace the person's e-mail where the log wrote it, inside the erase's transaction,
-- which announces itself with the transaction-local setting avalia.lgpd_erase. Every other column of
-- the row (when, what, on what, from where) must stay as it was.
DROP TRIGGER "audit_log_append_only" ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE DELETE OR TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE FUNCTION "audit_log_erase_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('avalia.lgpd_erase', true), '') <> ''
     AND NEW.id = OLD.id
     AND NEW.at = OLD.at
     AND NEW.action = OLD.action
     AND NEW.actor_user_id IS NOT DISTINCT FROM OLD.actor_user_id
     AND NEW.company_id IS NOT DISTINCT FROM OLD.company_id
     AND NEW.target IS NOT DISTINCT FROM OLD.target
     AND NEW.details IS NOT DISTINCT FROM OLD.details
     AND NEW.ip IS NOT DISTINCT FROM OLD.ip THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: UPDATE refused' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_erase_only" BEFORE UPDATE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_erase_only"();
