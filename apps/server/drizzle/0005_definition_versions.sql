CREATE TABLE "definition_versions" (
	"type_evaluation" integer NOT NULL,
	"version" text NOT NULL,
	"hash" text NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "definition_versions_type_evaluation_version_pk" PRIMARY KEY("type_evaluation","version")
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "definition_version" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "definition_hash" text;--> statement-breakpoint
UPDATE "evaluations" SET "definition_version" = '1.0' WHERE "definition_version" IS NULL;--> statement-breakpoint
CREATE FUNCTION "evaluations_definition_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every evaluation records the questionnaire version it is created with, wherever it is created.
  IF NEW."definition_version" IS NULL THEN
    SELECT "version", "hash" INTO NEW."definition_version", NEW."definition_hash"
      FROM "definition_versions" WHERE "type_evaluation" = NEW."type_evaluation" AND "current";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "evaluations_definition_version" BEFORE INSERT ON "evaluations" FOR EACH ROW EXECUTE FUNCTION "evaluations_definition_version"();
