-- Psychosocial risk under NR-1 (issue 27): a company's own risk matrix (none: the default
-- definitions/riskMatrix.json), and the severity the consultant set for each risk factor of a
-- questionnaire for the company, with the reason (the inventory states both).
CREATE TABLE "risk_matrices" (
  "company_id" integer PRIMARY KEY REFERENCES "companies"("id"),
  "matrix" jsonb NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE "risk_severities" (
  "company_id" integer NOT NULL REFERENCES "companies"("id"),
  "type_evaluation" integer NOT NULL,
  "factor" text NOT NULL,
  "severity" integer NOT NULL,
  "reason" text NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "risk_severities_pk" PRIMARY KEY ("company_id", "type_evaluation", "factor"),
  CONSTRAINT "risk_severities_severity" CHECK ("severity" BETWEEN 1 AND 6),
  CONSTRAINT "risk_severities_reason" CHECK (length(btrim("reason")) BETWEEN 1 AND 1000)
);
