import { sql } from 'drizzle-orm';
import type { WireItem } from '../../../../engine/definition/types.ts';
import type { Db, Tx } from '../db/client.ts';
import { rows } from '../db/rows.ts';

/** What a submission is checked against: the evaluation's own ids, type and questionnaire version. */
export interface SubmissionTarget {
  typeEvaluation: number;
  userId: number;
  rated: number | null;
  ratedSector: number | null;
  definitionVersion: string | null;
}

/**
 * The submission's first statement: marks the evaluation done if it is open at `now` (not done, not
 * expired) and returns what the answers are checked against; null when it is not open (unknown, done or
 * expired: the caller looks it up to say which). Call inside the submission's transaction and roll it
 * back when the answers are refused: the conditional UPDATE lets exactly one submission through (a
 * concurrent one waits for the row and then finds it done). Plain SQL on purpose: this is the public
 * hot path, and drizzle's query builder costs more than the statement itself on PGlite.
 */
export async function claimOpenEvaluation(tx: Tx, id: string, now: Date): Promise<SubmissionTarget | null> {
  const found = await rows<SubmissionTarget>(
    tx,
    sql`UPDATE evaluations SET done = true
        WHERE id = ${id} AND NOT done AND (expire_at IS NULL OR expire_at >= ${now.toISOString()})
        RETURNING type_evaluation AS "typeEvaluation", user_id AS "userId", rated, rated_sector AS "ratedSector", definition_version AS "definitionVersion"`,
  );
  return found[0] ?? null;
}

/** Stores the wire items of one evaluation in one statement, in their order (call inside the submission's transaction). */
export async function insertResponses(db: Db | Tx, evaluationId: string, items: WireItem[]): Promise<void> {
  if (items.length === 0) return;
  const questions = sql.param(items.map((item) => item.question));
  const answers = sql.param(items.map((item) => item.response));
  await db.execute(
    sql`INSERT INTO responses (evaluation_id, question, response)
        SELECT ${evaluationId}::uuid, item.question, item.response
        FROM unnest(${questions}::text[], ${answers}::text[]) WITH ORDINALITY AS item(question, response, position)
        ORDER BY item.position`,
  );
}
