import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilters, GroupingKind } from '../../../../../engine/definition/dashboard.ts';
import type { WireItem } from '../../../../../engine/definition/types.ts';
import type { Db } from '../../db/client.ts';
import { MAJOR, RATED } from './scope.ts';
import { countedAnswer } from './scoreSql.ts';
import { rows as select } from '../../db/rows.ts';
import { exposureGroupsOf } from '../exposureGroups.ts';

/*
 * The rows the dashboards' named queries read, under a scope (`scope.ts`): the database counts and
 * groups, the results services (`results/queries/`) turn the few rows into a dataset's rows.
 */

/** The evaluations of a scope that are of one type. */
export function ofType(scope: SQL, type: number): SQL {
  return sql`${scope} and evaluations.type_evaluation = ${type}`;
}

/** A page of the evaluations in scope, oldest first (as a scope of their own), and how many there are. */
export async function evaluationPage(db: Db, scope: SQL, size: number, page: number): Promise<{ scope: SQL; total: number }> {
  const [counted] = await select<{ n: number }>(db, sql`select count(*)::int as n from evaluations where ${scope}`);
  const ids = await select<{ id: string }>(db, sql`select evaluations.id from evaluations where ${scope} order by evaluations.created_at, evaluations.id limit ${size} offset ${size * page}`);
  const paged = ids.length === 0 ? sql`false` : sql`evaluations.id in (${sql.join(ids.map((row) => sql`${row.id}::uuid`), sql`, `)})`;
  return { scope: paged, total: Number(counted?.n ?? 0) };
}

/** The stored answers of some evaluations (only for per-person rankings: a handful of evaluations). */
export async function storedAnswers(db: Db, ids: string[]): Promise<Map<string, WireItem[]>> {
  const byEvaluation = new Map<string, WireItem[]>();
  if (ids.length === 0) return byEvaluation;
  const found = await select<{ evaluation_id: string; question: string; response: string }>(
    db,
    sql`select evaluation_id, question, response from responses where evaluation_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id`,
  );
  for (const row of found) {
    const list = byEvaluation.get(row.evaluation_id) ?? [];
    list.push({ question: row.question, response: row.response });
    byEvaluation.set(row.evaluation_id, list);
  }
  return byEvaluation;
}

/** The role of an evaluation when self-evaluations are counted apart: self or not; else null. */
const roleOf = (bySelf: boolean) => (bySelf ? sql`(${RATED} = evaluations.user_id)` : sql`null::boolean`);

/** The grouping of the counts (`groups`: a lateral subquery on `evaluations` giving each evaluation's `key` and `name` rows), or none. */
const groupColumns = (groups: SQL | undefined) =>
  groups ? { join: sql` join lateral (${groups}) g on true`, columns: sql`g.key as group_key, g.name as group_name` } : { join: sql``, columns: sql`null::int as group_key, null::text as group_name` };

/** Respondents of the scope per type, and per role (self-evaluation or not) when `bySelf`, keyed "type/self". */
export async function respondentsByRole(db: Db, scope: SQL, bySelf: boolean): Promise<Map<string, number>> {
  const found = await select<{ type: number; self: boolean | null; n: number }>(
    db,
    sql`select evaluations.type_evaluation as type, ${roleOf(bySelf)} as self, count(*)::int as n from evaluations where ${scope} group by 1, 2 order by 1, 2`,
  );
  return new Map(found.map((row) => [`${row.type}/${row.self}`, Number(row.n)]));
}

/** Respondents (evaluations) of the scope per group (`groups`, as `answerCounts` takes it) and type: an evaluation counts in each of its groups. */
export async function respondentsByGroup(db: Db, scope: SQL, groups: SQL): Promise<{ key: number; name: string; type: number; n: number }[]> {
  const found = await select<{ key: number; name: string; type: number; n: number }>(
    db,
    sql`select g.key, g.name, evaluations.type_evaluation as type, count(*)::int as n
      from evaluations join lateral (${groups}) g on true where ${scope} group by 1, 2, 3 order by 1, 3`,
  );
  return found.map((row) => ({ key: Number(row.key), name: row.name, type: Number(row.type), n: Number(row.n) }));
}

/**
 * Answers per type, role (with `bySelf`), question and stored response, of the chosen questions (all
 * when none); an answer holding an exclusive option ('Não sei avaliar') counts as that option alone.
 * With `groups`, per group too (`group_key`, `group_name`; an answer counts in each group of its
 * evaluation), in the same statement.
 */
export async function answerCounts(
  db: Db,
  scope: SQL,
  options: { questions?: string[]; bySelf: boolean; exclusive: { type?: number; question: string; response: string }[]; groups?: SQL },
): Promise<{ group_key: number | null; group_name: string | null; type: number; self: boolean | null; question: string; response: string; n: number }[]> {
  const questionFilter = options.questions ? sql` and r.question in (${sql.join(options.questions.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const grouped = groupColumns(options.groups);
  return select(
    db,
    sql`select ${grouped.columns}, evaluations.type_evaluation as type, ${roleOf(options.bySelf)} as self, r.question, r.response, count(*)::int as n
      from responses r join evaluations on evaluations.id = r.evaluation_id${grouped.join}
      where ${scope}${questionFilter} and ${countedAnswer(options.exclusive)}
      group by 1, 2, 3, 4, 5, 6`,
  );
}

/** The non-blank answers to some text questions, with whether each is a self-evaluation, its evaluation and its author. */
export async function textAnswers(
  db: Db,
  scope: SQL,
  questions: string[],
): Promise<{ type: number; self: boolean; question: string; response: string; name: string; person: number; evaluation: string }[]> {
  return select(
    db,
    sql`select evaluations.type_evaluation as type, (${RATED} = evaluations.user_id) as self, r.question, r.response, u.name, u.id as person, evaluations.id as evaluation
      from responses r join evaluations on evaluations.id = r.evaluation_id join users u on u.id = evaluations.user_id
      where ${scope} and r.question in (${sql.join(questions.map((id) => sql`${id}`), sql`, `)}) and btrim(r.response) <> ''
      order by r.question, r.response`,
  );
}

/** One evaluation of a person in scope (done or pending). */
export interface PersonEvaluation {
  evaluation: string;
  person: number;
  name: string;
  /** The person's positions, joined by ", " ("" without one). */
  position: string;
  type: number;
  created_at: string | Date;
  expire_at: string | Date | null;
  done: boolean;
  responded_at: string | Date | null;
  /** Every evaluation of the person in scope is done. */
  all_done: boolean;
}

/** Every evaluation in scope with its person, by name, person, type and date. */
export async function peopleEvaluations(db: Db, scope: SQL): Promise<PersonEvaluation[]> {
  return select(
    db,
    sql`select evaluations.id as evaluation, evaluations.user_id as person, u.name,
        coalesce((select string_agg(p.position_name, ', ' order by p.position_name) from user_positions up join positions p on p.id = up.position_id where up.user_id = u.id), '') as position,
        evaluations.type_evaluation as type, evaluations.created_at, evaluations.expire_at, evaluations.done,
        (select max(r.created_at) from responses r where r.evaluation_id = evaluations.id) as responded_at,
        bool_and(evaluations.done) over (partition by evaluations.user_id) as all_done
      from evaluations join users u on u.id = evaluations.user_id
      where ${scope}
      order by u.name, evaluations.user_id, evaluations.type_evaluation, evaluations.created_at`,
  );
}

/** Answers per type and major questionnaire version in a scope. */
export async function answersByMajor(db: Db, scope: SQL): Promise<{ type: number; major: number; n: number }[]> {
  return select(db, sql`select evaluations.type_evaluation as type, ${MAJOR} as major, count(*)::int as n from evaluations where ${scope} group by 1, 2`);
}

/**
 * How many evaluations are in any of some scopes, and for a report's first page (`period`) by how many
 * people and when they were answered (their last answer's day), first and last.
 */
export async function countAnswered(
  db: Db,
  counting: SQL,
  period: boolean,
): Promise<{ n: number; people?: number; first?: string | Date | null; last?: string | Date | null } | undefined> {
  const [counted] = await select<{ n: number; people?: number; first?: string | Date | null; last?: string | Date | null }>(
    db,
    period
      ? sql`select count(*)::int as n, count(distinct person)::int as people, min(answered) as first, max(answered) as last from (
          select evaluations.user_id as person, (select max(r.created_at) from responses r where r.evaluation_id = evaluations.id) as answered from evaluations where ${counting}) counted`
      : sql`select count(*)::int as n from evaluations where ${counting}`,
  );
  return counted;
}

/** A stored answer that is a number ('7.5', ' 10 '): blanks and texts are not counted. */
const NUMERIC = sql`btrim(r.response) ~ '^-?[0-9]+([.][0-9]+)?$'`;

/**
 * The mean, lowest and highest numeric answer per type, role (self-evaluation or not), and question of
 * the chosen questions, with how many answers each holds. An evaluation in scope without a number for
 * a question (unanswered or blank) counts as `blank` of its type, or not at all where that is null.
 */
export async function numberStatistics(
  db: Db,
  scope: SQL,
  questions: string[],
  blank: Map<number, number | null>,
): Promise<{ type: number; self: boolean; question: string; mean: number | string; min: number | string; max: number | string; n: number }[]> {
  if (questions.length === 0) return [];
  return select(
    db,
    sql`select type, self, question, avg(v)::float8 as mean, min(v)::float8 as min, max(v)::float8 as max, count(v)::int as n from (
        select evaluations.type_evaluation as type, (${RATED} = evaluations.user_id) as self, q.question, ${answerValue(blank)} as v
        from evaluations cross join (values ${sql.join(questions.map((id) => sql`(${id})`), sql`, `)}) as q(question)
          left join responses r on r.evaluation_id = evaluations.id and r.question = q.question
        where ${scope}) answers
      group by 1, 2, 3`,
  );
}

/** A numeric answer (on `r`), or the blank value of its evaluation's type. */
function answerValue(blank: Map<number, number | null>): SQL {
  const blanks = [...blank].filter(([, value]) => value !== null);
  const otherwise = blanks.length === 0 ? sql`null::float8` : sql`case evaluations.type_evaluation ${sql.join(blanks.map(([type, value]) => sql`when ${type} then ${value}::float8`), sql` `)} end`;
  return sql`coalesce(case when ${NUMERIC} then btrim(r.response)::float8 end, ${otherwise})`;
}

/** The answer to one question (the interview's `status`) of each evaluation in scope that has one. */
export async function answersOf(db: Db, scope: SQL, question: string): Promise<Map<string, string>> {
  const found = await select<{ evaluation: string; response: string }>(
    db,
    sql`select r.evaluation_id as evaluation, r.response from responses r join evaluations on evaluations.id = r.evaluation_id where ${scope} and r.question = ${question} order by r.id`,
  );
  return new Map(found.map((row) => [String(row.evaluation), row.response]));
}

/** Each evaluation in scope with its author, and its numeric answers to some questions (blank ones as `answerValue` says). */
export async function numberAnswers(
  db: Db,
  scope: SQL,
  questions: string[],
  blank: Map<number, number | null>,
): Promise<{ evaluation: string; person: number; name: string; type: number; self: boolean; question: string | null; value: number | string | null }[]> {
  if (questions.length === 0) return [];
  return select(
    db,
    sql`select evaluations.id as evaluation, evaluations.user_id as person, u.name, evaluations.type_evaluation as type, (${RATED} = evaluations.user_id) as self,
        q.question, ${answerValue(blank)} as value
      from evaluations join users u on u.id = evaluations.user_id
        cross join (values ${sql.join(questions.map((id) => sql`(${id})`), sql`, `)}) as q(question)
        left join responses r on r.evaluation_id = evaluations.id and r.question = q.question
      where ${scope}
      order by evaluations.created_at, evaluations.id`,
  );
}

/** How many evaluations of one group are in each state (the participation of a round). */
export interface ParticipationCount {
  /** The group's id (a sector's, position's or course's id, a type), null for the evaluations without one. */
  key: number | null;
  /** The group's name (a sector's, position's or course's), null for a type or the evaluations without one. */
  name: string | null;
  invited: number;
  answered: number;
  expired: number;
}

/** Each evaluation's round (cycle), as a grouping of one statement (the rows of `byCycle` datasets). */
export const ROUND_GROUPS = sql`select c.id as key, c.name from cycles c where c.id = evaluations.cycle_id`;

/**
 * An evaluation's groups of one kind, as (key, name) rows for a lateral join on `evaluations`: the
 * respondent's sectors (with a sector chosen, only that one; of the area maps, whose sector filter
 * reads the sector the evaluation is about, that sector), positions, exposure groups (`exposureGroupsOf`)
 * or the course the evaluation was
 * created in (a course's 'Avaliar').
 */
export function evaluationGroups(by: GroupingKind, filters: Pick<DashboardFilters, 'sector_id' | 'sector_of'> = {}): SQL {
  const sectorId = filters.sector_id;
  const chosen = sectorId === undefined ? sql`` : sql` and s.id = ${sectorId}`;
  switch (by) {
    case 'sector':
      return filters.sector_of === 'rated'
        ? sql`select s.id as key, s.sector_name as name from sectors s where s.id = evaluations.rated_sector${chosen}`
        : sql`select s.id as key, s.sector_name as name from user_sectors us join sectors s on s.id = us.sector_id where us.user_id = evaluations.user_id${chosen}`;
    case 'position':
      return sql`select p.id as key, p.position_name as name from user_positions up join positions p on p.id = up.position_id where up.user_id = evaluations.user_id`;
    case 'exposure':
      return exposureGroupsOf(sql`evaluations.user_id`);
    case 'course':
      return sql`select c.id as key, c.name from user_courses uc join courses c on c.id = uc.course_id where uc.id = evaluations.usercourse_id`;
  }
}

/** Groups' keys in the order a comparison shows them: by name (Portuguese collation), then by key. */
export function groupOrder(names: Map<number, string>): number[] {
  return [...names].sort(([keyA, nameA], [keyB, nameB]) => nameA.localeCompare(nameB, 'pt-BR') || keyA - keyB).map(([key]) => key);
}

/**
 * The evaluations in scope (done or pending) counted per group: everything ('all'), the questionnaire
 * type, or the respondent's sector, position or course (an evaluation counts in each of its
 * respondent's groups, and in the group without a key when there is none; with a sector chosen, only in
 * that one). Expired: not done and past its expiry at the database's clock.
 */
export async function participationCounts(db: Db, scope: SQL, by: 'all' | 'type' | GroupingKind, sectorId?: number): Promise<ParticipationCount[]> {
  const counts = sql`count(*)::int as invited, count(*) filter (where evaluations.done)::int as answered,
    count(*) filter (where not evaluations.done and evaluations.expire_at < now())::int as expired`;
  if (by === 'all') return select(db, sql`select null::int as key, null::text as name, ${counts} from evaluations where ${scope}`);
  if (by === 'type') return select(db, sql`select evaluations.type_evaluation as key, null::text as name, ${counts} from evaluations where ${scope} group by 1 order by 1`);
  return select(
    db,
    sql`select g.key, g.name, ${counts} from evaluations left join lateral (${evaluationGroups(by, { sector_id: sectorId })}) g on true
      where ${scope} group by g.key, g.name order by g.name nulls last, g.key`,
  );
}

/**
 * The answered evaluations in scope per local day of their answer (their last stored answer, in
 * `timeZone`; one done without stored answers, its creation day: each counts once), with the first
 * local day an evaluation in scope was created and how many there are.
 */
export async function participationDays(db: Db, scope: SQL, timeZone: string): Promise<{ invited: number; firstDay: string | null; days: { day: string; answered: number }[] }> {
  const local = (instant: SQL) => sql`to_char(${instant} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const [summary] = await select<{ invited: number; first_day: string | null }>(db, sql`select count(*)::int as invited, ${local(sql`min(evaluations.created_at)`)} as first_day from evaluations where ${scope}`);
  const days = await select<{ day: string; answered: number }>(
    db,
    sql`select day, count(*)::int as answered from (
        select ${local(sql`coalesce((select max(r.created_at) from responses r where r.evaluation_id = evaluations.id), evaluations.created_at)`)} as day
        from evaluations where ${scope} and evaluations.done
      ) answered group by day order by day`,
  );
  return { invited: Number(summary?.invited ?? 0), firstDay: summary?.first_day ?? null, days: days.map((row) => ({ day: row.day, answered: Number(row.answered) })) };
}

/** The 360's rounds (versions) of the evaluations in scope, oldest first, each with its first evaluation's instant (the 'Data' the filter shows). */
export async function versionsOf(db: Db, scope: SQL): Promise<{ version: number; createdAt: Date }[]> {
  const found = await select<{ version: number; created_at: string | Date }>(
    db,
    sql`select evaluations.version, min(evaluations.created_at) as created_at from evaluations where ${scope} and evaluations.version is not null group by 1 order by 1`,
  );
  return found.map((row) => ({ version: Number(row.version), createdAt: new Date(row.created_at) }));
}

/** The rounds (cycles) holding evaluations of a scope, oldest first. */
export async function roundsOf(db: Db, scope: SQL): Promise<{ id: number; name: string }[]> {
  const found = await select<{ id: number; name: string }>(
    db,
    sql`select c.id, c.name from cycles c where exists (select 1 from evaluations where evaluations.cycle_id = c.id and ${scope}) order by c.opens_on, c.id`,
  );
  return found.map((row) => ({ id: Number(row.id), name: row.name }));
}
