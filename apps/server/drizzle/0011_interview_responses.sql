-- The 360 interviews' answers move from their own table into "responses", like every evaluation's.
-- Per saved interview: one 'status' row ('' when it had none), one 'date' and one 'show' row per
-- item in the list's order, one row per answer under its question id; every row's "created_at" is the
-- interview's "updated_at" (the time of its last save). Rows already in "responses" for an interview
-- evaluation (there should be none: the link refuses staff forms) give way to the saved document.
DELETE FROM "responses" WHERE "evaluation_id" IN (SELECT "evaluation_id" FROM "interviews");--> statement-breakpoint
INSERT INTO "responses" ("evaluation_id", "question", "response", "created_at")
SELECT "item"."evaluation_id", "item"."question", "item"."response", "item"."created_at"
FROM (
  SELECT "i"."evaluation_id", 'status'::text AS "question", coalesce("i"."status", '') AS "response", "i"."updated_at" AS "created_at", 0 AS "part", 0::bigint AS "position"
  FROM "interviews" "i"
  UNION ALL
  SELECT "i"."evaluation_id", 'date', "d"."value", "i"."updated_at", 1, "d"."position"
  FROM "interviews" "i" CROSS JOIN LATERAL jsonb_array_elements_text("i"."dates") WITH ORDINALITY AS "d"("value", "position")
  UNION ALL
  SELECT "i"."evaluation_id", 'show', "s"."value", "i"."updated_at", 2, "s"."position"
  FROM "interviews" "i" CROSS JOIN LATERAL jsonb_array_elements_text("i"."show") WITH ORDINALITY AS "s"("value", "position")
  UNION ALL
  SELECT "i"."evaluation_id", "a"."key", "a"."value", "i"."updated_at", 3, 0
  FROM "interviews" "i" CROSS JOIN LATERAL jsonb_each_text("i"."answers") AS "a"("key", "value")
) AS "item"
ORDER BY "item"."evaluation_id", "item"."part", "item"."position", "item"."question";--> statement-breakpoint
DROP TABLE "interviews";
