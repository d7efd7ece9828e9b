import { sql, type SQL } from 'drizzle-orm';
import { decodeAnswers } from '../../../../engine/answers/decoding.ts';
import type { CatalogEntry } from '../../../../engine/definition/catalog.ts';
import type { Cell, DashboardFilters, QueryDataset as Dataset, Row, Transform, WithheldGroup } from '../../../../engine/definition/dashboard.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { allQuestions, hasOptions, optionsOf } from '../../../../engine/definition/questions.ts';
import type { QuestionnaireDefinition, RankingDefinition, WireItem } from '../../../../engine/definition/types.ts';
import { itemScore, placeLabel, rankingPlaces, scoreAnswers } from '../../../../engine/scoring/score.ts';
import { exclusiveAnswers, wireOf } from '../../../../engine/scoring/scoringKey.ts';
import { applyTransforms } from '../../../../engine/scoring/transforms.ts';
import type { Db } from '../db/client.ts';
import { countedAnswer, scoreEvaluations, summarizeScores, type ScoreSummary } from './scoreSql.ts';
import { scoringKeyOf } from './scoringKeys.ts';

/*
 * The dashboards' named queries. Each reads the evaluations a dataset's scope and the view's filters
 * allow, lets the database count or score (GROUP BY over the stored answers, or the scoring key), and
 * returns tens of rows; the dataset's transforms then run over them. No SQL comes from a definition:
 * a definition only names a query and its options.
 */

/** What the queries need besides the dataset. */
export interface QueryContext {
  db: Db;
  questionnaires: Map<number, QuestionnaireDefinition>;
  types: Map<number, CatalogEntry>;
  /** The filters, already checked against the account (a company user's company forced). */
  filters: DashboardFilters;
  /** Filled with the total rows of each paged dataset, by dataset name. */
  totals?: Map<string, number>;
  /** Summaries computed in this request, by type and scope (a view's means and bands in one scan). */
  summaries?: Map<string, Promise<ScoreSummary>>;
  /** Anonymous groups withheld in this request (filled by `runDataset`). */
  withheld?: WithheldGroup[];
  /** Sizes and minimums of the anonymous groups counted in this request, by `groupKey` (a view's datasets share them). */
  groups?: Map<string, Promise<{ respondents: number; minimum: number }>>;
}

async function select<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The major version of the questionnaire an evaluation was created with (those from before versions: 1). */
export const MAJOR = sql`split_part(coalesce(evaluations.definition_version, '1.0'), '.', 1)::int`;

/** The evaluations' rated person: the evaluated person, or the respondent for a self-evaluation. */
const RATED = sql`coalesce(evaluations.rated, evaluations.user_id)`;

const typeList = (types: number[]) => (types.length === 0 ? sql`null` : sql.join(types.map((type) => sql`${type}`), sql`, `));

/**
 * The round (the 360's version) of the evaluation under alias `e`, among evaluations of `types`: its
 * version, or for one without (a self-evaluation) the version of its rated person's evaluations current
 * when it was created (the latest begun at or before it; the first one, when it came before them all).
 */
function roundOf(e: string, types: number[]): SQL {
  const alias = sql.identifier(e);
  const sameRated = sql`coalesce(o.rated, o.user_id) = coalesce(${alias}.rated, ${alias}.user_id) and o.version is not null and o.type_evaluation in (${typeList(types)})`;
  return sql`coalesce(${alias}.version,
    (select o.version from evaluations o where ${sameRated} and o.created_at <= ${alias}.created_at order by o.created_at desc, o.id desc limit 1),
    (select min(o.version) from evaluations o where ${sameRated}))`;
}

/**
 * The conditions of the view's group filters on `evaluations` (without done or type). The colleague
 * filter is not one of them: it chooses the person of the individual widgets (scope "colleague").
 */
export function filterConditions(filters: DashboardFilters, types?: number[]): SQL[] {
  const conditions: SQL[] = [];
  if (filters.company_id !== undefined) conditions.push(sql`evaluations.company_id = ${filters.company_id}`);
  if (filters.course_id !== undefined) conditions.push(sql`evaluations.usercourse_id in (select uc.id from user_courses uc where uc.course_id = ${filters.course_id})`);
  if (filters.sector_id !== undefined) {
    // The sector the evaluation is about (the area maps), or the respondent's sector.
    conditions.push(
      filters.sector_of === 'rated'
        ? sql`evaluations.rated_sector = ${filters.sector_id}`
        : sql`exists (select 1 from user_sectors us where us.user_id = evaluations.user_id and us.sector_id = ${filters.sector_id})`,
    );
  }
  if (filters.evaluated_id !== undefined) conditions.push(sql`${RATED} = ${filters.evaluated_id}`);
  if (filters.evaluation_ids !== undefined) {
    conditions.push(filters.evaluation_ids.length === 0 ? sql`false` : sql`evaluations.id in (${sql.join(filters.evaluation_ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  }
  if (filters.person_ids !== undefined) {
    conditions.push(filters.person_ids.length === 0 ? sql`false` : sql`evaluations.user_id in (${sql.join(filters.person_ids.map((id) => sql`${id}`), sql`, `)})`);
  }
  // An evaluation without a version (a self-evaluation) belongs to the round current when it was made;
  // without the types read (a filter's choices), to every version of its person.
  if (filters.version !== undefined) {
    conditions.push(types ? sql`${roundOf('evaluations', types)} = ${filters.version}` : sql`coalesce(evaluations.version, ${filters.version}) = ${filters.version}`);
  }
  // Answers of one major questionnaire version per type: different scorings are never pooled.
  for (const [type, major] of Object.entries(filters.majors ?? {})) {
    conditions.push(sql`(evaluations.type_evaluation <> ${Number(type)} or ${MAJOR} = ${major})`);
  }
  return conditions;
}

/** The condition selecting a dataset's evaluations (on `evaluations`), or null when its scope is not chosen yet. */
export function datasetScope(dataset: Dataset, filters: DashboardFilters, done = true): SQL | null {
  const list = typeList;
  const read = [...dataset.types, ...(dataset.alignWith ?? [])];
  const types = sql`evaluations.type_evaluation in (${list(read)})`;
  const base = [types, ...(done ? [sql`evaluations.done = true`] : [])];
  const scope = dataset.scope ?? 'filters';
  if (scope === 'filters') {
    const conditions = [...base, ...filterConditions(filters, read)];
    if (dataset.latest) {
      // No later evaluation of the same person about the same rated person, of any of the dataset's
      // types (the 360's self-evaluation in either form counts once), done unless pending ones count
      // too, in the same round when one is chosen; among the chosen evaluations when some are (the
      // report of one answered evaluation, a retake's older one).
      const chosen = filters.evaluation_ids === undefined ? sql`` : sql`and n.id in (${sql.join(filters.evaluation_ids.length === 0 ? [sql`null`] : filters.evaluation_ids.map((id) => sql`${id}::uuid`), sql`, `)})`;
      const round = filters.version === undefined ? sql`` : sql`and ${roundOf('n', read)} = ${filters.version}`;
      conditions.push(sql`not exists (select 1 from evaluations n where n.user_id = evaluations.user_id and n.type_evaluation in (${list(read)})
        and coalesce(n.rated, n.user_id) = ${RATED} ${done ? sql`and n.done = true` : sql``} ${chosen} ${round} and (n.created_at, n.id) > (evaluations.created_at, evaluations.id))`);
    }
    return sql.join(conditions, sql` and `);
  }
  if (filters.colleague_id === undefined) return null;
  // The colleague's latest done evaluation of each type; with evaluation ids (the report of one answered
  // evaluation), those of the colleague's evaluations instead.
  const chosen = filters.evaluation_ids === undefined ? undefined : filterConditions({ evaluation_ids: filters.evaluation_ids })[0]!;
  const latest = chosen ? sql`(evaluations.user_id = ${filters.colleague_id} and ${chosen})` : sql`evaluations.id in (select distinct on (l.type_evaluation) l.id from evaluations l
    where l.user_id = ${filters.colleague_id} and l.done = true and l.type_evaluation in (${list(dataset.types)})
    order by l.type_evaluation, l.created_at desc, l.id desc)`;
  const company = filters.company_id === undefined ? sql`true` : sql`evaluations.company_id = ${filters.company_id}`;
  const majors = filterConditions({ majors: filters.majors });
  if (scope === 'colleague') return sql.join([...base, ...majors, latest, company], sql` and `);
  if (filters.alignment_id === undefined) return null;
  return sql.join([...base, ...majors, company, sql`(${latest} or (evaluations.id = ${filters.alignment_id} and evaluations.type_evaluation in (${list(dataset.alignWith ?? [])})))`], sql` and `);
}

const definitionOf = (context: QueryContext, type: number) => context.questionnaires.get(type);

/** A page of the evaluations in scope, oldest first, and how many there are. */
async function pageOf(context: QueryContext, scope: SQL, size: number, page: number): Promise<{ scope: SQL; total: number }> {
  const [counted] = await select<{ n: number }>(context.db, sql`select count(*)::int as n from evaluations where ${scope}`);
  const ids = await select<{ id: string }>(
    context.db,
    sql`select evaluations.id from evaluations where ${scope} order by evaluations.created_at, evaluations.id limit ${size} offset ${size * page}`,
  );
  const paged = ids.length === 0 ? sql`false` : sql`evaluations.id in (${sql.join(ids.map((row) => sql`${row.id}::uuid`), sql`, `)})`;
  return { scope: paged, total: Number(counted?.n ?? 0) };
}

/** `scores`: every score (and ranking) of each evaluation in scope (a page of them when paged). */
async function scoresQuery(context: QueryContext, dataset: Extract<Dataset, { query: 'scores' }>, scope: SQL, name: string): Promise<Row[]> {
  const rows: Row[] = [];
  if (dataset.pageSize !== undefined) {
    const paged = await pageOf(context, scope, context.filters.page_size ?? dataset.pageSize, Math.max(0, context.filters.pages?.[name] ?? 0));
    context.totals?.set(name, paged.total);
    scope = paged.scope;
  }
  for (const type of dataset.types) {
    const definition = definitionOf(context, type);
    if (!definition) continue;
    const classification = definition.scoring?.classification;
    const scored = await scoreEvaluations(context.db, scoringKeyOf(definition), sql`${scope} and evaluations.type_evaluation = ${type}`, classification);
    const rankings = definition.scoring?.rankings ?? [];
    const answers = rankings.some((ranking) => ranking.from === 'answers') ? await answersOf(context.db, scored.map((row) => row.evaluationId)) : new Map<string, WireItem[]>();
    for (const row of scored) {
      const band = row.band === undefined ? undefined : classification?.bands[row.band];
      const out: Row = { evaluation: row.evaluationId, person: row.personId, name: row.name, type, date: row.createdAt.toISOString(), ...row.scores };
      if (band) Object.assign(out, { band: band.label, bandColor: band.color, bandIndex: row.band! });
      if (rankings.length > 0) {
        // Rankings from scores reuse the database's scores; from answers, the respondent's own answers.
        const decoded = decodeAnswers(definition, answers.get(row.evaluationId) ?? []).answers;
        const ranked = scoreAnswers(definition, decoded).rankings;
        for (const ranking of rankings) {
          if (ranking.from === 'answers') {
            (ranked[ranking.id] ?? []).forEach((label, index) => {
              out[`${ranking.id}.${index + 1}`] = label;
            });
          } else {
            Object.assign(out, rankByScores(definition, ranking, row.scores));
          }
        }
      }
      rows.push(out);
    }
  }
  return rows;
}

/**
 * The places of a ranking from the database's scores, ranked as `scoreAnswers` ranks them
 * (`rankingPlaces`): `{id}.{n}` is the n-th place's label ('Empate: …' when shared, null when there is
 * no such place: nothing chosen), and with ties "group" (the default) `{id}.{n}.tie` says whether it
 * is shared.
 */
function rankByScores(definition: QuestionnaireDefinition, ranking: RankingDefinition, scores: Record<string, number>): Row {
  const places = rankingPlaces(definition, ranking, scores);
  const out: Row = {};
  for (let index = 0; index < (ranking.take ?? ranking.scores?.length ?? 0); index += 1) {
    const place = places[index];
    out[`${ranking.id}.${index + 1}`] = place ? placeLabel(place) : null;
    if (ranking.ties !== 'order') out[`${ranking.id}.${index + 1}.tie`] = place ? place.length > 1 : null;
  }
  return out;
}

/** The stored answers of some evaluations (only for per-person rankings: a handful of evaluations). */
async function answersOf(db: Db, ids: string[]): Promise<Map<string, WireItem[]>> {
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

/** `summary`: the mean of every score, or the respondents per band. */
async function summaryQuery(context: QueryContext, dataset: Extract<Dataset, { query: 'summary' }>, scope: SQL): Promise<Row[]> {
  const rows: Row[] = [];
  for (const type of dataset.types) {
    const definition = definitionOf(context, type);
    if (!definition) continue;
    const classification = definition.scoring?.classification;
    // The means and the band counts of a view come from one scan (`summarizeScores` gives both).
    const memoKey = JSON.stringify([type, dataset.scope ?? 'filters', dataset.alignWith ?? []]);
    let pending = context.summaries?.get(memoKey);
    if (!pending) {
      pending = summarizeScores(context.db, scoringKeyOf(definition), sql`${scope} and evaluations.type_evaluation = ${type}`, classification);
      context.summaries?.set(memoKey, pending);
    }
    const summary = await pending;
    if (summary.respondents === 0) continue;
    if (dataset.bands) {
      classification?.bands.forEach((band, index) => {
        rows.push({ type, band: band.id, label: band.label, color: band.color, value: summary.bands?.[index] ?? 0, respondents: summary.respondents });
      });
      continue;
    }
    const scores = new Map((definition.scoring?.scores ?? []).map((score) => [score.id, score]));
    const questions = new Map(allQuestions(definition).map(({ question }) => [question.id, question.text]));
    for (const [key, value] of Object.entries(summary.means)) {
      const whole = scores.get(key);
      // A per-question score's key is "{score}.{question}" (question ids may hold dots themselves).
      const perQuestion = whole ? undefined : (definition.scoring?.scores ?? []).find((score) => score.perQuestion && key.startsWith(`${score.id}.`));
      const score = whole ?? perQuestion;
      const question = perQuestion ? key.slice(perQuestion.id.length + 1) : null;
      rows.push({
        type,
        score: key,
        label: score?.label ?? key,
        color: score?.color ?? null,
        value,
        respondents: summary.respondents,
        question,
        questionText: question === null ? null : (questions.get(question) ?? null),
      });
    }
  }
  return rows;
}

/** Respondents of the scope per type, and per role (self-evaluation or not) when `bySelf`. */
async function respondentsByRole(db: Db, scope: SQL, bySelf: boolean): Promise<Map<string, number>> {
  const role = bySelf ? sql`(${RATED} = evaluations.user_id)` : sql`null::boolean`;
  const found = await select<{ type: number; self: boolean | null; n: number }>(
    db,
    sql`select evaluations.type_evaluation as type, ${role} as self, count(*)::int as n from evaluations where ${scope} group by 1, 2 order by 1, 2`,
  );
  return new Map(found.map((row) => [`${row.type}/${row.self}`, Number(row.n)]));
}

/** `optionCounts`: answers per question and option, with every option listed (zero included). */
async function optionCountsQuery(context: QueryContext, dataset: Extract<Dataset, { query: 'optionCounts' }>, scope: SQL): Promise<Row[]> {
  const bySelf = dataset.bySelf === true;
  const respondents = await respondentsByRole(context.db, scope, bySelf);
  const questionFilter = dataset.questions ? sql` and r.question in (${sql.join(dataset.questions.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const role = bySelf ? sql`(${RATED} = evaluations.user_id)` : sql`null::boolean`;
  // An answer holding an exclusive option ('Não sei avaliar') counts as that option alone.
  const exclusive = dataset.types.flatMap((type) => {
    const definition = definitionOf(context, type);
    return definition ? exclusiveAnswers(definition).map((item) => ({ type, ...item })) : [];
  });
  const counted = await select<{ type: number; self: boolean | null; question: string; response: string; n: number }>(
    context.db,
    sql`select evaluations.type_evaluation as type, ${role} as self, r.question, r.response, count(*)::int as n
      from responses r join evaluations on evaluations.id = r.evaluation_id
      where ${scope}${questionFilter} and ${countedAnswer(exclusive)}
      group by 1, 2, 3, 4`,
  );
  const counts = new Map(counted.map((row) => [`${row.type}/${row.self}/${row.question}/${row.response}`, Number(row.n)]));
  const rows: Row[] = [];
  for (const [group, total] of respondents) {
    const [typeText, selfText] = group.split('/');
    const type = Number(typeText);
    const definition = definitionOf(context, type);
    if (!definition) continue;
    allQuestions(definition).forEach(({ question, pageIndex }, questionOrder) => {
      if (!hasOptions(question) || (dataset.questions && !dataset.questions.includes(question.id))) return;
      optionsOf(definition, question).forEach((option, optionOrder) => {
        rows.push({
          type,
          ...(bySelf ? { self: selfText === 'true' } : {}),
          question: question.id,
          questionText: question.text,
          questionOrder,
          page: pageIndex,
          pageTitle: definition.pages[pageIndex]?.title ?? '',
          option: option.value,
          optionLabel: option.label,
          optionOrder,
          scoreValue: question.kind === 'choice' && option.scored !== false ? itemScore(definition, question, option.value) : null,
          tag: option.tags?.[0] ?? '',
          count: counts.get(`${type}/${selfText}/${question.id}/${wireOf(question, option)}`) ?? 0,
          respondents: total,
        });
      });
    });
  }
  return rows;
}

/** `texts`: the free-text answers, in text order (never submission order). */
async function textsQuery(context: QueryContext, dataset: Extract<Dataset, { query: 'texts' }>, scope: SQL): Promise<Row[]> {
  const found = await select<{ type: number; self: boolean; question: string; response: string; name: string }>(
    context.db,
    sql`select evaluations.type_evaluation as type, (${RATED} = evaluations.user_id) as self, r.question, r.response, u.name
      from responses r join evaluations on evaluations.id = r.evaluation_id join users u on u.id = evaluations.user_id
      where ${scope} and r.question in (${sql.join(dataset.questions.map((id) => sql`${id}`), sql`, `)}) and btrim(r.response) <> ''
      order by r.question, r.response`,
  );
  const order = new Map<string, { order: number; text: string; heading: string }>();
  for (const type of dataset.types) {
    const definition = definitionOf(context, type);
    if (!definition) continue;
    const texts = new Map(allQuestions(definition).map(({ question }) => [question.id, question.text]));
    allQuestions(definition).forEach(({ question }, index) => {
      // A follow-up ("O que justifica sua resposta?") is headed by the statement it follows.
      const parent = question.when ? texts.get(question.when.question) : undefined;
      const heading = parent ? `${parent} — ${question.text}` : question.text;
      if (!order.has(`${type}/${question.id}`)) order.set(`${type}/${question.id}`, { order: index, text: question.text, heading });
    });
  }
  const rows = found.map((row): Row => {
    const question = order.get(`${row.type}/${row.question}`);
    return {
      type: Number(row.type),
      self: row.self,
      question: row.question,
      questionText: question?.text ?? row.question,
      heading: question?.heading ?? row.question,
      questionOrder: question?.order ?? 0,
      text: row.response,
      ...(dataset.perPerson ? { name: row.name } : {}),
    };
  });
  // Question order, then the texts alphabetically in Portuguese (the same on every database's collation).
  return rows.sort((a, b) => Number(a.questionOrder) - Number(b.questionOrder) || String(a.text).localeCompare(String(b.text), 'pt-BR'));
}

/** `people`: every evaluation (done or pending) of the people in scope, with whether all are done. */
async function peopleQuery(context: QueryContext, scope: SQL): Promise<Row[]> {
  const found = await select<{ evaluation: string; person: number; name: string; type: number; created_at: string | Date; expire_at: string | Date | null; done: boolean; responded_at: string | Date | null; all_done: boolean }>(
    context.db,
    sql`select evaluations.id as evaluation, evaluations.user_id as person, u.name, evaluations.type_evaluation as type, evaluations.created_at, evaluations.expire_at, evaluations.done,
        (select max(r.created_at) from responses r where r.evaluation_id = evaluations.id) as responded_at,
        bool_and(evaluations.done) over (partition by evaluations.user_id) as all_done
      from evaluations join users u on u.id = evaluations.user_id
      where ${scope}
      order by u.name, evaluations.user_id, evaluations.type_evaluation, evaluations.created_at`,
  );
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  return found.map((row) => ({
    evaluation: String(row.evaluation),
    person: Number(row.person),
    name: row.name,
    type: Number(row.type),
    typeName: context.types.get(Number(row.type))?.name ?? String(row.type),
    createdAt: iso(row.created_at),
    expireAt: iso(row.expire_at),
    done: row.done,
    respondedAt: iso(row.responded_at),
    allDone: row.all_done,
  }));
}

/** What decides an anonymous dataset's group under one request's filters: datasets alike count the same people. */
export function groupKey(dataset: Dataset): string {
  return JSON.stringify([dataset.anonymous, dataset.types, dataset.alignWith ?? [], dataset.scope ?? 'filters', dataset.latest ?? false]);
}

/** How many people answered in a scope: the size of an anonymous group ("evaluators": self-evaluations not counted). */
export async function groupSize(db: Db, scope: SQL, kind: 'evaluators' | 'group'): Promise<number> {
  const others = kind === 'evaluators' ? sql` and ${RATED} <> evaluations.user_id` : sql``;
  const [found] = await select<{ n: number }>(db, sql`select count(distinct evaluations.user_id)::int as n from evaluations where ${scope}${others}`);
  return Number(found?.n ?? 0);
}

/** The default minimum of an anonymous group, for a company that has not chosen one (the column's default). */
export const DEFAULT_ANONYMITY_MIN = 3;

/**
 * The fewest respondents an anonymous group may show: the minimum of the company whose evaluations
 * are in scope, the strictest when several are (an administrator without the company filter).
 */
export async function anonymityMinimum(db: Db, scope: SQL): Promise<number> {
  const [found] = await select<{ n: number | null }>(
    db,
    sql`select max(c.anonymity_min)::int as n from companies c where c.id in (select evaluations.company_id from evaluations where ${scope})`,
  );
  return Math.max(2, Number(found?.n ?? DEFAULT_ANONYMITY_MIN));
}

/**
 * An anonymous dataset's rows under the minimum: 1 or more people but fewer than the minimum answered,
 * so nothing of the group stays (of the 360's evaluators: the self-evaluation rows alone) and the
 * reason is recorded.
 */
async function withholdSmallGroup(context: QueryContext, dataset: Dataset, name: string, scope: SQL, rows: Row[]): Promise<Row[]> {
  const kind = dataset.anonymous!;
  const key = groupKey(dataset);
  let counted = context.groups?.get(key);
  if (!counted) {
    counted = (async () => ({ respondents: await groupSize(context.db, scope, kind), minimum: await anonymityMinimum(context.db, scope) }))();
    context.groups?.set(key, counted);
  }
  const { respondents, minimum } = await counted;
  if (respondents === 0 || respondents >= minimum) return rows;
  const message = format(messages.dashboard.anonymityWithheld, { respondents, minimum });
  context.withheld?.push({ dataset: name, respondents, minimum, message });
  return kind === 'evaluators' ? rows.filter((row) => row.self === true) : [];
}

/** Runs one dataset: its query under the filters, then its transforms. Null scope (not chosen yet) gives no rows. */
export async function runDataset(context: QueryContext, dataset: Dataset, name = ''): Promise<Row[]> {
  const scope = datasetScope(dataset, context.filters, dataset.query !== 'people');
  if (!scope) return [];
  let rows: Row[];
  switch (dataset.query) {
    case 'scores':
      rows = await scoresQuery(context, dataset, scope, name);
      break;
    case 'summary':
      rows = await summaryQuery(context, dataset, scope);
      break;
    case 'optionCounts':
      rows = await optionCountsQuery(context, dataset, scope);
      break;
    case 'texts':
      rows = await textsQuery(context, dataset, scope);
      break;
    case 'people':
      rows = await peopleQuery(context, scope);
      break;
  }
  // Before the transforms: what they aggregate is already only what may be shown.
  if (dataset.anonymous) rows = await withholdSmallGroup(context, dataset, name, scope, rows);
  return transformRows(context, dataset.types, rows, dataset.transforms);
}

/** Applies transforms with the scores and bands of the first type's questionnaire. */
export function transformRows(context: Pick<QueryContext, 'questionnaires'>, types: number[], rows: Row[], transforms: Transform[] | undefined): Row[] {
  const first = context.questionnaires.get(types[0]!);
  return applyTransforms(rows, transforms, { scores: first?.scoring?.scores ?? [], bands: first?.scoring?.classification?.bands ?? [] });
}

/** Cells are JSON values; dates become ISO text. */
export type { Cell };
