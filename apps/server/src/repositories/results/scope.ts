import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilters, QueryDataset as Dataset } from '../../../../../engine/definition/dashboard.ts';

/*
 * The filter → SQL scope of the results: the conditions the view's filters put on `evaluations`, and
 * the evaluations a dataset reads under them. Each filter of the vocabulary (`engine/filters.ts`)
 * narrows here; no SQL comes from a definition (a definition only names a query and its options).
 */

/** The major version of the questionnaire an evaluation was created with (those from before versions: 1). */
export const MAJOR = sql`split_part(coalesce(evaluations.definition_version, '1.0'), '.', 1)::int`;

/** The evaluations' rated person: the evaluated person, or the respondent for a self-evaluation. */
export const RATED = sql`coalesce(evaluations.rated, evaluations.user_id)`;

export const typeList = (types: number[]) => (types.length === 0 ? sql`null` : sql.join(types.map((type) => sql`${type}`), sql`, `));

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
  if (filters.cycle_id !== undefined) conditions.push(sql`evaluations.cycle_id = ${filters.cycle_id}`);
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
      // A retake in another cycle does not hide this cycle's answer: the latest is the chosen cycle's.
      const round = sql`${filters.version === undefined ? sql`` : sql`and ${roundOf('n', read)} = ${filters.version}`} ${filters.cycle_id === undefined ? sql`` : sql`and n.cycle_id = ${filters.cycle_id}`}`;
      conditions.push(sql`not exists (select 1 from evaluations n where n.user_id = evaluations.user_id and n.type_evaluation in (${list(read)})
        and coalesce(n.rated, n.user_id) = ${RATED} ${done ? sql`and n.done = true` : sql``} ${chosen} ${round} and (n.created_at, n.id) > (evaluations.created_at, evaluations.id))`);
    }
    return sql.join(conditions, sql` and `);
  }
  // The chosen evaluator's evaluations under the group filters (of the chosen rated person).
  if (scope === 'evaluator') return filters.evaluator_id === undefined ? null : sql.join([...base, ...filterConditions(filters, read), sql`evaluations.user_id = ${filters.evaluator_id}`], sql` and `);
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


/**
 * The answered evaluations a view counts, so its header says who is counted: those its group datasets
 * read (each with its own rules: a round, a person's latest), else the filters' evaluations of `types`.
 */
export function countedScope(datasets: Dataset[], filters: DashboardFilters, types: number[]): SQL {
  const scopes = datasets.flatMap((dataset) => ((dataset.scope ?? 'filters') !== 'filters' ? [] : [datasetScope(dataset, filters)!]));
  return scopes.length > 0
    ? sql`${sql.join(scopes.map((scope) => sql`(${scope})`), sql` or `)}`
    : sql`evaluations.done = true
      and evaluations.type_evaluation in (${sql.join(types.map((type) => sql`${type}`), sql`, `)})
      ${sql.join(filterConditions(filters, types).map((condition) => sql` and ${condition}`), sql``)}`;
}

/** The evaluations rating someone else (a self-evaluation rates its own respondent). */
export const NOT_SELF = sql`coalesce(evaluations.rated, evaluations.user_id) <> evaluations.user_id`;
