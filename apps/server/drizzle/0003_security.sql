ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Two active companies may not share a CNPJ/CPF (compared by digits: older rows may be formatted).
-- An installation that already holds such a pair keeps starting: the index is then left out with a
-- warning naming the documents, the API still refuses new duplicates, and once the pair is resolved
-- (one company corrected or deactivated) the index can be created with the statement below.
DO $$
DECLARE
  duplicated text;
BEGIN
  SELECT string_agg(digits, ', ') INTO duplicated FROM (
    SELECT regexp_replace("cnpj", '[^0-9]', '', 'g') AS digits
    FROM "companies"
    WHERE "status" AND "cnpj" IS NOT NULL AND "cnpj" <> ''
    GROUP BY 1
    HAVING count(*) > 1
  ) AS pairs;
  IF duplicated IS NULL THEN
    CREATE UNIQUE INDEX "companies_active_cnpj_uq" ON "companies" USING btree (regexp_replace("cnpj", '[^0-9]', '', 'g')) WHERE "companies"."status" AND "companies"."cnpj" IS NOT NULL AND "companies"."cnpj" <> '';
  ELSE
    RAISE WARNING 'companies_active_cnpj_uq not created: active companies share the CNPJ/CPF %', duplicated;
  END IF;
END
$$;
