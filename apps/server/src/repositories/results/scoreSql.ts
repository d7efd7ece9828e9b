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

/** The part whose distinct questions a formula divides by, if it does. */
function countedPart(formula: ScoreFormula): string | undefined {
  return formula.kind === 'ratio' && !('constant' in formula.over) && formula.over.of === 'questions' ? formula.over.part : undefined;
}

/** Bits of a question's mark in a part (`pivotKey`): 63 per bigint column, so that every mark is positive. */
const MARK_BITS = 63;

/** The key pivoted for `scoresWith`: its parts by index, the chunks of each counted part's marks, and the rows. */
interface PivotedKey {
  parts: Map<string, number>;
  /** Per part whose questions are counted (by index): how many bigint columns hold its questions' marks. */
  chunks: Map<number, number>;
  rows: Record<string, string | number>[];
}

/**
 * The key pivoted to one row per stored answer it scores: `w{i}` is the answer's weight in the key's
 * `i`-th part (summed when the key lists the pair twice), null when it adds nothing to that part. Where a
 * formula counts the questions that fed part `i`, `m{i}_{j}` marks the answer's question with a bit of
 * its own: OR-ed over an evaluation's answers, the bits set are its distinct questions, however many
 * answers each stored. Joined with the answers, each answer meets one key row, whatever the parts it feeds.
 */
function pivotKey(key: ScoringKey, counted: Set<string>): PivotedKey {
  const parts = new Map<string, number>();
  const positions = new Map<string, Map<string, number>>();
  const byAnswer = new Map<string, Record<string, string | number>>();
  for (const row of key.rows) {
    if (!parts.has(row.part)) parts.set(row.part, parts.size);
    const index = parts.get(row.part)!;
    const answer = `${row.question}\u0000${row.response}`;
    const pivoted = byAnswer.get(answer) ?? { question: row.question, response: row.response };
    pivoted[`w${index}`] = Number(pivoted[`w${index}`] ?? 0) + row.weight;
    if (counted.has(row.part)) {
      const questions = positions.get(row.part) ?? new Map<string, number>();
      if (!questions.has(row.question)) questions.set(row.question, questions.size);
      positions.set(row.part, questions);
      const position = questions.get(row.question)!;
      // The bit's position: JSON numbers past 2^53 would not reach the database exactly.
      pivoted[`m${index}_${Math.floor(position / MARK_BITS)}`] = position % MARK_BITS;
    }
    byAnswer.set(answer, pivoted);
  }
  const chunks = new Map([...positions].map(([part, questions]) => [parts.get(part)!, Math.ceil(questions.size / MARK_BITS)]));
  return { parts, chunks, rows: [...byAnswer.values()] };
}

/** A part's per-evaluation total from the evaluation's `p` row: its weights summed, or the distinct questions that fed it. */
function partTotal(parts: Map<string, number>, part: string, of: 'sum' | 'questions'): SQL {
  const index = parts.get(part);
  // A part no key row feeds (a score over no scored option) totals 0.
  if (index === undefined) return sql`0`;
  return sql`coalesce(p.${sql.identifier(`${of === 'sum' ? 's' : 'c'}${index}`)}, 0)`;
}

/** One score of an evaluation from its `p` row, as the engine's `evaluateFormula` computes it. */
function scoreExpression(parts: Map<string, number>, formula: ScoreFormula): SQL {
  const numerator = partTotal(parts, formula.part, 'sum');
  if (formula.kind === 'sum') return sql`(${numerator})::double precision`;
  const denominator = 'constant' in formula.over ? sql`${formula.over.constant}::double precision` : partTotal(parts, formula.over.part, formula.over.of);
  // Divided first, then scaled: the same floating-point steps as the engine, to the last digit.
  return sql`(case when ${denominator} = 0 then 0 else (${numerator})::double precision / (${denominator})::double precision * ${formula.scale}::double precision end)`;
}

/**
 * `WITH` clauses ending in `s(evaluation_id, s0, s1, …)`: one row per evaluation in scope with every
 * score of the key, in the key's order. Evaluations with no scored answer score 0, as in the engine.
 *
 * The answers meet the pivoted key (`pivotKey`) once each and are summed per evaluation in one
 * aggregate: `s{i}`, the weights of part `i`; `c{i}`, the distinct questions that fed it (the bits set
 * in its marks OR-ed), where a formula divides by them.
 */
export function scoresWith(key: ScoringKey, scope: EvaluationScope): SQL {
  const counted = new Set(key.scores.flatMap(({ formula }) => countedPart(formula) ?? []));
  const { parts, chunks, rows } = pivotKey(key, counted);
  const column = (name: string) => sql.identifier(name);
  // The key's columns as the JSON holds them, and as the join reads them (a mark's bit from its position).
  const keyColumns: SQL[] = [sql`question text`, sql`response text`];
  const read: SQL[] = [sql`question`, sql`response`];
  const totals: SQL[] = [];
  for (const index of parts.values()) {
    const weight = column(`w${index}`);
    keyColumns.push(sql`${weight} double precision`);
    read.push(sql`${weight}`);
    totals.push(sql`sum(k.${weight}) as ${column(`s${index}`)}`);
    const marks = Array.from({ length: chunks.get(index) ?? 0 }, (_chunk, chunk) => column(`m${index}_${chunk}`));
    keyColumns.push(...marks.map((mark) => sql`${mark} int`));
    read.push(...marks.map((mark) => sql`1::bigint << ${mark} as ${mark}`));
    if (marks.length > 0) totals.push(sql`(${sql.join(marks.map((mark) => sql`coalesce(bit_count(bit_or(k.${mark})::bit(64)), 0)`), sql` + `)})::int as ${column(`c${index}`)}`);
  }
  const columns = key.scores.map((score, index) => sql`${scoreExpression(parts, score.formula)} as ${column(`s${index}`)}`);
  const p =
    parts.size === 0
      ? sql``
      : sql`p as (
      select r.evaluation_id, ${sql.join(totals, sql`, `)}
      from responses r join e on e.id = r.evaluation_id left join k on k.question = r.question and k.response = r.response
      where ${countedAnswer(key.exclusive)}
      group by r.evaluation_id
    ),`;
  // `e` not materialized: read twice, it would be materialized as a scan without statistics (planned
  // as 200 rows), and the answers joined with the key before being narrowed to the scope.
  return sql`
    with k as (
      select ${sql.join(read, sql`, `)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as k(${sql.join(keyColumns, sql`, `)})
    ),
    e as not materialized (select evaluations.id from evaluations where ${scope}),
    ${p}
    s as (
      select e.id as evaluation_id${columns.length > 0 ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
      from e${parts.size > 0 ? sql` left join p on p.evaluation_id = e.id` : sql``}
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

/** One group's summary (`summarizeScoresByGroup`). */
export interface GroupSummary {
  /** The group's id (a sector's, position's or course's). */
  key: number;
  name: string;
  summary: ScoreSummary;
}

/** A scan's summaries (`summarizeScan`): the whole scope's, and each grouping's groups. */
export interface ScanSummary {
  whole: ScoreSummary;
  /** Per grouping asked, in its order: its groups with evaluations, by name. */
  groups: GroupSummary[][];
}

/**
 * Means of every score and the respondents per band of the evaluations in scope, and the same once per
 * group of each grouping (`groupings`: lateral subqueries on `evaluations` giving each one's `key` and
 * `name` rows, an evaluation counting in each of its groups), in one statement: the database scores each
 * evaluation once and aggregates; nothing per respondent leaves it. Groups without evaluations are not
 * listed. Without `whole`, only the groups (the whole's summary then counts nobody).
 */
export async function summarizeScan(db: Db, key: ScoringKey, scope: EvaluationScope, groupings: SQL[], classification?: { score: string; bands: Band[] }, whole = true): Promise<ScanSummary> {
  const { columns, banded } = summaryColumns(key, classification);
  const aggregates = sql.join(columns, sql`, `);
  // Read once per grouping and for the whole, `s` is materialized: every evaluation is scored once.
  const parts = [
    ...(whole ? [sql`select -1 as grouping, null::int as key, null::text as name, ${aggregates} from s`] : []),
    ...groupings.map(
      (groups, index) => sql`select ${index} as grouping, g.key, g.name, ${aggregates}
        from s join evaluations on evaluations.id = s.evaluation_id cross join lateral (${groups}) g
        group by g.key, g.name`,
    ),
  ];
  const found = await select<Record<string, unknown>>(db, sql`${scoresWith(key, scope)} ${sql.join(parts, sql` union all `)} order by grouping, name, key`);
  return {
    whole: readSummary(found.find((row) => Number(row.grouping) === -1), key, banded, classification),
    groups: groupings.map((_groups, index) =>
      found
        .filter((row) => Number(row.grouping) === index)
        .map((row) => ({ key: Number(row.key), name: String(row.name), summary: readSummary(row, key, banded, classification) })),
    ),
  };
}

/** Means of every score and the respondents per band (`summarizeScan` without groups). */
export async function summarizeScores(db: Db, key: ScoringKey, scope: EvaluationScope, classification?: { score: string; bands: Band[] }): Promise<ScoreSummary> {
  return (await summarizeScan(db, key, scope, [], classification)).whole;
}

/** `summarizeScores` once per group of the evaluations (`summarizeScan` of one grouping). */
export async function summarizeScoresByGroup(db: Db, key: ScoringKey, scope: EvaluationScope, groups: SQL, classification?: { score: string; bands: Band[] }): Promise<GroupSummary[]> {
  return (await summarizeScan(db, key, scope, [groups], classification, false)).groups[0]!;
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
