import { sql } from 'drizzle-orm';
import type { WireItem } from '../../../../engine/definition/types.ts';
import { driverOf, type Db, type Tx } from '../db/client.ts';
import { runPrepared, type PreparedStatement, type PreparedValue } from '../db/prepared.ts';

/** What a submission is checked against: the evaluation's own ids, type and questionnaire version. */
export interface SubmissionTarget {
  typeEvaluation: number;
  userId: number;
  rated: number | null;
  ratedSector: number | null;
  definitionVersion: string | null;
}

/**
 * The submission's first statement: marks the evaluation done if it is open at `$2` (not done, not
 * expired) and returns what the answers are checked against; no row when it is not open (unknown, done or
 * expired). The conditional UPDATE lets exactly one submission through (a concurrent one waits for the
 * row and then finds it done).
 */
const CLAIM = `UPDATE evaluations SET done = true
  WHERE id = $1 AND NOT done AND (expire_at IS NULL OR expire_at >= $2)
  RETURNING type_evaluation AS "typeEvaluation", user_id AS "userId", rated, rated_sector AS "ratedSector", definition_version AS "definitionVersion"`;

/** The second statement for `count` answers, built once per count: `$1` the evaluation, then each item's question and response, in order. */
const inserts = new Map<number, string>();
function insertStatement(count: number): string {
  let text = inserts.get(count);
  if (text === undefined) {
    const rows = Array.from({ length: count }, (_, index) => `($1, $${2 * index + 2}, $${2 * index + 3})`);
    text = `INSERT INTO responses (evaluation_id, question, response) VALUES ${rows.join(', ')}`;
    inserts.set(count, text);
  }
  return text;
}

function insertValues(id: string, items: WireItem[]): string[] {
  const values = new Array<string>(2 * items.length + 1);
  values[0] = id;
  items.forEach((item, index) => {
    values[2 * index + 1] = item.question;
    values[2 * index + 2] = item.response;
  });
  return values;
}

/**
 * Stores a submission in one transaction: claims the evaluation if it is open at `now` (see `CLAIM`),
 * asks `answers` for the wire items to store, checked against what the claim returned, and inserts them
 * in one statement, in their order. Resolves to false, storing nothing, when the evaluation is not open
 * (the caller looks it up to say why); when `answers` throws, the claim is rolled back and the error
 * passed on. `answers` must do no I/O: PGlite is one session, held for the whole transaction.
 *
 * The public hot path, so the two parameterised statements go straight to the driver, as a hand-written
 * transaction would: drizzle's query building and its per-query result parsers cost more than the
 * statements themselves on PGlite.
 */
export async function submitResponses(db: Db, id: string, now: Date, answers: (target: SubmissionTarget) => WireItem[]): Promise<boolean> {
  const driver = driverOf(db);
  const claimParams = [id, now.toISOString()];
  if (driver.kind === 'pglite') {
    return driver.client.transaction(async (tx) => {
      const target = (await tx.query<SubmissionTarget>(CLAIM, claimParams)).rows[0];
      if (!target) return false;
      const items = answers(target);
      if (items.length > 0) await tx.query(insertStatement(items.length), insertValues(id, items));
      return true;
    });
  }
  const connection = await driver.pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query('BEGIN');
    try {
      // Named: each pooled connection parses and plans them once (the insert once per answer count).
      const target = (await connection.query<SubmissionTarget>({ name: 'submission-claim', text: CLAIM, values: claimParams })).rows[0];
      const items = target ? answers(target) : [];
      if (items.length > 0) await connection.query({ name: `submission-insert-${items.length}`, text: insertStatement(items.length), values: insertValues(id, items) });
      await connection.query('COMMIT');
      return target !== undefined;
    } catch (error) {
      await connection.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      throw error;
    }
  } finally {
    // A connection whose rollback failed is closed rather than handed to the next caller.
    connection.release(broken);
  }
}

/** A submission whose answers were checked against its type's current version, before any I/O. */
export interface CheckedSubmission {
  id: string;
  now: Date;
  type: number;
  /** The current version of the type's questionnaire, the one the answers were checked against. */
  version: string;
  evaluator: number;
  /** The rated person and sector the body names (null: not named, not checked). */
  rated: number | null;
  ratedSector: number | null;
  items: WireItem[];
}

/** The one statement of `storeChecked` for `count` answers, built and named once per count. */
const checkedStatements = new Map<number, PreparedStatement>();
function checkedStatement(count: number): PreparedStatement {
  let statement = checkedStatements.get(count);
  if (statement === undefined) {
    const values = Array.from({ length: count }, (_, index) => `(${index}, $${2 * index + 8}::text, $${2 * index + 9}::text)`);
    const store =
      count === 0
        ? ''
        : `, stored AS (INSERT INTO responses (evaluation_id, question, response)
            SELECT claimed.id, item.question, item.response FROM claimed, (VALUES ${values.join(', ')}) AS item(position, question, response)
            ORDER BY item.position RETURNING 1)`;
    const text = `WITH claimed AS (UPDATE evaluations SET done = true
        WHERE id = $1 AND NOT done AND (expire_at IS NULL OR expire_at >= $2::timestamptz)
          AND type_evaluation = $3::integer AND definition_version = $4::text AND user_id = $5::integer
          AND ($6::integer IS NULL OR coalesce(rated, user_id) = $6::integer)
          AND ($7::integer IS NULL OR rated_sector = $7::integer)
        RETURNING id)${store}
      SELECT count(*)::integer AS claimed FROM claimed`;
    statement = { name: `submission-checked-${count}`, text };
    checkedStatements.set(count, statement);
  }
  return statement;
}

/**
 * The common case of a submission in one statement: claims the evaluation if it is open at `now` AND is
 * what the answers were checked against (its type, its questionnaire version, the evaluator and the
 * rated person or sector the body named), and stores the answers in their order, atomically. False,
 * storing nothing, in any other case (unknown, done, expired, another version, other ids): the caller
 * then takes `submitResponses`, which checks against what the evaluation really is and says why. The
 * conditional UPDATE still lets exactly one of two simultaneous submissions through.
 *
 * A prepared statement (one per answer count): the database parses and plans it once, and each
 * submission only binds and runs it (`runPrepared`).
 */
export async function storeChecked(db: Db, submission: CheckedSubmission): Promise<boolean> {
  const values: PreparedValue[] = [
    submission.id,
    submission.now.toISOString(),
    submission.type,
    submission.version,
    submission.evaluator,
    submission.rated,
    submission.ratedSector,
  ];
  for (const item of submission.items) values.push(item.question, item.response);
  const rows = await runPrepared(driverOf(db), checkedStatement(submission.items.length), values);
  return Number(rows[0]?.[0]) === 1;
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
