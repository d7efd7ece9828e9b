DROP INDEX "evaluations_user_id_idx";--> statement-breakpoint
DROP INDEX "evaluations_created_at_idx";--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_user_created_idx" ON "evaluations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluations_company_created_idx" ON "evaluations" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "evaluations_company_type_created_idx" ON "evaluations" USING btree ("company_id","type_evaluation","created_at");--> statement-breakpoint
UPDATE "evaluations" AS e SET "company_id" = u."company_id" FROM "users" AS u WHERE u."id" = e."user_id";--> statement-breakpoint
CREATE FUNCTION "evaluations_company_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The listing pages by company through an index; every insert gets its evaluator's company.
  IF NEW."company_id" IS NULL THEN
    SELECT "company_id" INTO NEW."company_id" FROM "users" WHERE "id" = NEW."user_id";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "evaluations_company_id" BEFORE INSERT ON "evaluations" FOR EACH ROW EXECUTE FUNCTION "evaluations_company_id"();
