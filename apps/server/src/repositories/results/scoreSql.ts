import { sql, type SQL } from 'drizzle-orm';
import type { Band } from '../../../../../engine/definition/types.ts';
import type { ScoreFormula, ScoringKey } from '../../../../../engine/scoring/scoringKey.ts';
import type { Db } from '../../db/client.ts';
import { rows as select } from '../../db/rows.ts';

/*
 * Scores and their aggregates computed by the database from a definition's scoring key
 * (`engine/scoring/scoringKey.ts`): the key travels as one JSON parameter, is joined with the stored
 * answers, and only the aggregates come back (tens of rows, whatever the number of respondents).
 */

/** Which done evaluations to score: an SQL condition on `evaluations` (alias `e`). */
export type EvaluationScope = SQL;

/**
 * The condition keeping a stored answer `r` that counts: not one stored beside an exclusive answer of
 * its question ('Não sei avaliar' ticked with statements before the option was exclusive). `exclusive`
 * lists the exclusive answers, each with its type when several questionnaires are read at once (then
 * `evaluations` must be joined to `r`).
 */
export function countedAnswer(exclusive: { type?: number; question: string; response: string }[]): SQL {
  if (exclusive.length === 0) return sql`true`;
  const typed = exclusive.some((item) => item.type !== undefined);
  const pairs = sql.join(
    exclusive.map((item) => (typed ? sql`(${item.type ?? null}::int, ${item.question}::text, ${item.response}::text)` : sql`(${item.question}::text, ${item.response}::text)`)),
    sql`, `,
  );
  const held = typed ? sql`(evaluations.type_evaluation, x.question, x.response)` : sql`(x.question, x.response)`;
  return sql`not exists (select 1 from responses x where x.evaluation_id = r.evaluation_id and x.question = r.question and x.response <> r.response and ${held} in (${pairs}))`;
}

/** Whether a formula reads how many distinct questions fed a part (checkbox parts need DISTINCT). */
function readsQuestions(formula: ScoreFormula): boolean {
  return formula.kind === 'ratio' && !('constant' in formula.over) && formula.over.of === 'questions';
}

/** A part's per-evaluation total as an aggregate over the evaluation's `p` rows. */
function partSum(part: string, of: 'sum' | 'questions'): SQL {
  return sql`coalesce(sum(p.${sql.raw(of)}) filter (where p.part = ${part}), 0)`;
}

/** One score of an evaluation from its `p` rows, as the engine's `evaluateFormula` computes it. */
function scoreExpression(formula: ScoreFormula): SQL {
  const numerator = partSum(formula.part, 'sum');
  if (formula.kind === 'sum') return sql`(${numerator})::double precision`;
  const denominator = 'constant' in formula.over ? sql`${formula.over.constant}::double precision` : partSum(formula.over.part, formula.over.of);
  // Divided first, then scaled: the same floating-point steps as the engine, to the last digit.
  return sql`(case when ${denominator} = 0 then 0 else (${numerator})::double precision / (${denominator})::double precision * ${formula.scale}::double precision end)`;
}

/**
 * `WITH` clauses ending in `s(evaluation_id, s0, s1, …)`: one row per evaluation in scope with every
 * score of the key, in the key's order. Evaluations with no scored answer score 0, as in the engine.
 */
export function scoresWith(key: ScoringKey, scope: EvaluationScope): SQL {
  const questions = key.scores.some((score) => readsQuestions(score.formula));
  const rows = JSON.stringify(key.rows);
  const columns = sql.join(
    key.scores.map((score, index) => sql`${scoreExpression(score.formula)} as ${sql.identifier(`s${index}`)}`),
    sql`, `,
  );
  // `e` not materialized: read twice, it would be materialized as a scan without statistics (planned
  // as 200 rows), and the answers joined with the key before being narrowed to the scope.
  return sql`
    with k as (
      select * from jsonb_to_recordset(${rows}::jsonb) as k(question text, response text, part text, weight double precision)
    ),
    e as not materialized (select evaluations.id from evaluations where ${scope}),
    p as (
      select r.evaluation_id, k.part, sum(k.weight) as sum, ${questions ? sql`count(distinct r.question)` : sql`0`} as questions
      from responses r
      join e on e.id = r.evaluation_id
      join k on k.question = r.question and k.response = r.response
      where ${countedAnswer(key.exclusive)}
      group by r.evaluation_id, k.part
    ),
    s as (
      select e.id as evaluation_id${key.scores.length > 0 ? sql`, ${columns}` : sql``}
      from e left join p on p.evaluation_id = e.id
      group by e.id
    )`;
}

/** The index of the band a score column falls in, as `bandFor`: the first band whose `below` exceeds it, else the last. */
export function bandExpression(column: string, bands: Band[]): SQL {
  const cases: SQL[] = [];
  let fallback = bands.length - 1;
  for (const [index, band] of bands.entries()) {
    if (band.below === undefined) {
      fallback = index;
      break;
    }
    // Rounded as `settle` rounds, so a value on a band edge lands where the engine puts it.
    cases.push(sql`when round(${sql.identifier(column)}::numeric, 9) < ${band.below} then ${index}`);
  }
  return cases.length === 0 ? sql`${fallback}` : sql`(case ${sql.join(cases, sql` `)} else ${fallback} end)`;
}

/** Aggregates of the scores of the evaluations in scope. */
export interface ScoreSummary {
  /** Evaluations in scope. */
  respondents: number;
  /** Mean of each score over the respondents, by result key (absent when there are none). */
  means: Record<string, number>;
  /** Respondents per band of the classification, in band order (when the definition has one). */
  bands?: number[];
}

/** The aggregate columns of a summary: `n`, the means `m0…` and the band counts `b0…`. */
function summaryColumns(key: ScoringKey, classification?: { score: string; bands: Band[] }): { columns: SQL[]; banded: boolean } {
  const means = key.scores.map((score, index) => sql`avg(${sql.identifier(`s${index}`)})::double precision as ${sql.identifier(`m${index}`)}`);
  const classified = classification ? key.scores.findIndex((score) => score.key === classification.score) : -1;
  const bandCounts =
    classification && classified >= 0
      ? classification.bands.map((_band, index) => sql`count(*) filter (where ${bandExpression(`s${classified}`, classification.bands)} = ${index})::int as ${sql.identifier(`b${index}`)}`)
      : [];
  return { columns: [sql`count(*)::int as n`, ...means, ...bandCounts], banded: bandCounts.length > 0 };
}

/** A summary from its aggregate row (`summaryColumns`). */
function readSummary(row: Record<string, unknown> | undefined, key: ScoringKey, banded: boolean, classification?: { bands: Band[] }): ScoreSummary {
  const respondents = Number(row?.n ?? 0);
  return {
    respondents,
    means: respondents === 0 ? {} : Object.fromEntries(key.scores.map((score, index) => [score.key, Number(row![`m${index}`])])),
    ...(banded ? { bands: classification!.bands.map((_band, index) => Number(row?.[`b${index}`] ?? 0)) } : {}),
  };
}

/**
 * Means of every score and the respondents per band, in one statement: the database scores each
 * evaluation with the key and aggregates; nothing per respondent leaves it.
 */
export async function summarizeScores(db: Db, key: ScoringKey, scope: EvaluationScope, classification?: { score: string; bands: Band[] }): Promise<ScoreSummary> {
  const { columns, banded } = summaryColumns(key, classification);
  const [row] = await select<Record<string, number | null>>(db, sql`${scoresWith(key, scope)} select ${sql.join(columns, sql`, `)} from s`);
  return readSummary(row, key, banded, classification);
}

/** One group's summary (`summarizeScoresByGroup`). */
export interface GroupSummary {
  /** The group's id (a sector's, position's or course's). */
  key: number;
  name: string;
  summary: ScoreSummary;
}

/**
 * `summarizeScores` once per group of the evaluations (`groups`: a lateral subquery on `evaluations`
 * giving each one's `key` and `name` rows, an evaluation counting in each of its groups), in one
 * statement with one `GROUP BY`, by the groups' names. Groups without evaluations are not listed.
 */
export async function summarizeScoresByGroup(db: Db, key: ScoringKey, scope: EvaluationScope, groups: SQL, classification?: { score: string; bands: Band[] }): Promise<GroupSummary[]> {
  const { columns, banded } = summaryColumns(key, classification);
  const found = await select<Record<string, unknown>>(
    db,
    sql`${scoresWith(key, scope)}
      select g.key, g.name, ${sql.join(columns, sql`, `)}
      from s join evaluations on evaluations.id = s.evaluation_id cross join lateral (${groups}) g
      group by g.key, g.name order by g.name, g.key`,
  );
  return found.map((row) => ({ key: Number(row.key), name: String(row.name), summary: readSummary(row, key, banded, classification) }));
}

/** One respondent's scores, as `POST /tableresponse/evaluations` lists them. */
export interface ScoredEvaluation {
  evaluationId: string;
  /** The respondent's user id. */
  personId: number;
  name: string;
  createdAt: Date;
  scores: Record<string, number>;
  /** Index of the classification band, when the definition has one. */
  band?: number;
}

/**
 * Every score of each evaluation in scope, with the evaluator's name, oldest first: for the views
 * that list respondents by name (the PSS-14 table); the aggregates come from `summarizeScores`.
 */
export async function scoreEvaluations(db: Db, key: ScoringKey, scope: EvaluationScope, classification?: { score: string; bands: Band[] }): Promise<ScoredEvaluation[]> {
  const classified = classification ? key.scores.findIndex((score) => score.key === classification.score) : -1;
  const columns = key.scores.map((_score, index) => sql`s.${sql.identifier(`s${index}`)}`);
  const band = classification && classified >= 0 ? [sql`${bandExpression(`s${classified}`, classification.bands)} as band`] : [];
  const found = await select<Record<string, unknown>>(
    db,
    sql`${scoresWith(key, scope)}
      select ${sql.join([sql`s.evaluation_id`, sql`ev.user_id`, sql`users.name`, sql`ev.created_at`, ...columns, ...band], sql`, `)}
      from s join evaluations ev on ev.id = s.evaluation_id join users on users.id = ev.user_id
      order by ev.created_at, ev.id`,
  );
  return found.map((row) => ({
    evaluationId: String(row.evaluation_id),
    personId: Number(row.user_id),
    name: String(row.name),
    createdAt: new Date(row.created_at as string | Date),
    scores: Object.fromEntries(key.scores.map((score, index) => [score.key, Number(row[`s${index}`])])),
    ...(band.length > 0 ? { band: Number(row.band) } : {}),
  }));
}
