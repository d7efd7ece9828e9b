-- Anonymity (issue 14): the fewest people whose answers a group view shows (the 360's evaluators,
-- psychological safety). Under it, every output withholds the group's answers and says why.
ALTER TABLE "companies" ADD COLUMN "anonymity_min" integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_anonymity_min_range" CHECK ("anonymity_min" BETWEEN 2 AND 100);
