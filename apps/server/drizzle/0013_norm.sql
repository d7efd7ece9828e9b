-- The norm (issue 26): a company's aggregates join the consultancy's benchmark of its clients unless an
-- administrator excludes it ('Fora da norma de comparação').
ALTER TABLE "companies" ADD COLUMN "norm_excluded" boolean NOT NULL DEFAULT false;
