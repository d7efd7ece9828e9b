import { sql, type SQL } from 'drizzle-orm';
import { ALL_COMPANIES, FILTER_KEYS, type DashboardData, type DashboardDefinition, type DashboardFilters, type Dataset, type FilterName, type Row, type WithheldGroup } from '../../../../engine/definition/dashboard.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { companyScope } from '../access.ts';
import type { Account } from '../types.ts';
import type { Db } from '../db/client.ts';
import type { Definitions } from '../definitions.ts';
import { HttpError } from '../errors.ts';
import { anonymityMinimum, datasetScope, filterConditions, groupKey, groupSize, runDataset, transformRows } from './datasets.ts';
import { viewEditions, type ViewEditions } from './editions.ts';

/*
 * A dashboard's data call and its filters' choices, for any definition: the filters are checked
 * against the account (a company user is kept to its company whatever it sends), every dataset is
 * computed by the database and transformed on the server, and only the finished tables leave.
 */

/** The filter fields of the data call, by filter name. */
const FIELD = FILTER_KEYS;

/** What a filter's choice depends on (each higher choice clears the lower ones in the browser). */
const HIGHER: Record<FilterName | 'course', FilterName[]> = {
  company: [],
  course: [],
  sector: ['company'],
  colleague: ['company', 'sector'],
  evaluated: ['company'],
  version: ['company', 'evaluated'],
  alignment: ['company', 'colleague'],
};

async function select<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The evaluation types a dataset reads (a derived one: its source's). */
function datasetTypes(dashboard: DashboardDefinition, dataset: Dataset): number[] {
  if ('from' in dataset) {
    const source = dashboard.datasets[dataset.from];
    return source && source !== dataset ? datasetTypes(dashboard, source) : [];
  }
  return dataset.types;
}

/** The evaluation types a view reads. */
export function typesOf(dashboard: DashboardDefinition): number[] {
  return [...new Set(Object.values(dashboard.datasets).flatMap((dataset) => ('from' in dataset ? [] : dataset.types)))];
}

/**
 * A company user's ids of filters the view does not have (ignored by the view) are still its company's:
 * another company's answers 404 as it would on a view that has the filter.
 */
async function checkUnusedIds(db: Db, own: number, allowed: Set<string>, raw: DashboardFilters): Promise<void> {
  const unused = (name: FilterName) => (allowed.has(name) || raw[FIELD[name]] === undefined || raw[FIELD[name]] === null ? undefined : raw[FIELD[name]]);
  const company = unused('company');
  if (company !== undefined && Number(company) !== own) throw new HttpError(404, format(messages.api.companyNotFound, { id: Number(company) }));
  const sector = unused('sector');
  if (sector !== undefined) {
    const [found] = await select<{ company_id: number }>(db, sql`select company_id from sectors where id = ${Number(sector)}`);
    if (!found || Number(found.company_id) !== own) throw new HttpError(404, format(messages.api.sectorNotFound, { id: Number(sector) }));
  }
  for (const name of ['colleague', 'evaluated'] as const) {
    const id = unused(name);
    if (id === undefined) continue;
    const [found] = await select<{ company_id: number | null }>(db, sql`select company_id from users where id = ${Number(id)}`);
    if (!found || Number(found.company_id) !== own) throw new HttpError(404, format(messages.api.personNotFound, { id: Number(id) }));
  }
  const alignment = unused('alignment');
  if (alignment !== undefined) {
    const id = String(alignment).toLowerCase();
    const [found] = await select<{ company_id: number | null }>(db, sql`select company_id from evaluations where id::text = ${id}`);
    if (!found || Number(found.company_id) !== own) throw new HttpError(404, format(messages.api.alignmentNotFound, { id }));
  }
}

/**
 * The filters a request may use on this view, checked: a company user's company is forced; unknown or
 * foreign ids answer 404 with the Portuguese message; filters the view does not have are ignored (a
 * company user's ids in them are still checked).
 */
export async function checkFilters(db: Db, account: Account, dashboard: DashboardDefinition, raw: DashboardFilters): Promise<DashboardFilters> {
  const own = companyScope(account);
  const allowed = new Set<string>([...dashboard.filters, ...(dashboard.filters.includes('company') ? ['course'] : [])]);
  const wanted = (name: FilterName | 'course') => (allowed.has(name) ? raw[FIELD[name]] : undefined);
  if (own !== undefined) await checkUnusedIds(db, own, allowed, raw);
  const filters: DashboardFilters = {};
  if (own !== undefined) {
    // A company user is kept to its company: another company is, for it, a company that does not exist.
    const asked = wanted('company');
    if (asked !== undefined && Number(asked) !== own) throw new HttpError(404, format(messages.api.companyNotFound, { id: Number(asked) }));
    filters.company_id = own;
  } else if (wanted('company') !== undefined) {
    const id = Number(wanted('company'));
    const [found] = await select<{ id: number }>(db, sql`select id from companies where id = ${id}`);
    if (!found) throw new HttpError(404, format(messages.api.companyNotFound, { id }));
    filters.company_id = id;
  }
  if (wanted('course') !== undefined) {
    if (own !== undefined) throw new HttpError(403, messages.api.courseForStaff);
    const id = Number(wanted('course'));
    const [found] = await select<{ id: number }>(db, sql`select id from courses where id = ${id}`);
    if (!found) throw new HttpError(404, format(messages.api.courseNotFound, { id }));
    filters.course_id = id;
  }
  // Staff pool every client company only when they ask to ('Todas as empresas'); a company or a course chosen wins.
  if (own === undefined && allowed.has('company') && raw.all_companies === true && filters.company_id === undefined && filters.course_id === undefined) filters.all_companies = true;
  const company = filters.company_id;
  if (wanted('sector') !== undefined) {
    const id = Number(wanted('sector'));
    const [found] = await select<{ company_id: number }>(db, sql`select company_id from sectors where id = ${id}`);
    if (!found || (company !== undefined && Number(found.company_id) !== company)) throw new HttpError(404, format(messages.api.sectorNotFound, { id }));
    filters.sector_id = id;
    if (dashboard.sectorOf === 'rated') filters.sector_of = 'rated';
  }
  for (const name of ['colleague', 'evaluated'] as const) {
    if (wanted(name) === undefined) continue;
    const id = Number(wanted(name));
    const [found] = await select<{ company_id: number | null }>(db, sql`select company_id from users where id = ${id}`);
    if (!found || (company !== undefined && Number(found.company_id) !== company)) throw new HttpError(404, format(messages.api.personNotFound, { id }));
    filters[FIELD[name] as 'colleague_id' | 'evaluated_id'] = id;
  }
  if (wanted('version') !== undefined) filters.version = Number(wanted('version'));
  if (raw.editions) {
    // Only the view's own types; the choice is checked against the answers when the data is computed.
    const types = new Set(typesOf(dashboard).map(String));
    const chosen = Object.entries(raw.editions).filter(([type]) => types.has(type));
    if (chosen.length > 0) filters.editions = Object.fromEntries(chosen.map(([type, major]) => [type, Number(major)]));
  }
  if (raw.pages) {
    const paged = Object.entries(raw.pages).filter(([name]) => { const dataset = dashboard.datasets[name]; return dataset !== undefined && !('from' in dataset) && dataset.query === 'scores' && dataset.pageSize !== undefined; });
    if (paged.length > 0) filters.pages = Object.fromEntries(paged.map(([name, page]) => [name, Number(page)]));
  }
  if (wanted('alignment') !== undefined) {
    const id = String(wanted('alignment'));
    const [found] = await select<{ company_id: number | null }>(
      db,
      sql`select company_id from evaluations where id::text = ${id.toLowerCase()} and done = true and type_evaluation in (${sql.join([0, ...Object.values(dashboard.datasets).flatMap((dataset) => ('from' in dataset ? [] : (dataset.alignWith ?? [])))].map((type) => sql`${type}`), sql`, `)})`,
    );
    if (!found || (company !== undefined && Number(found.company_id) !== company)) throw new HttpError(404, format(messages.api.alignmentNotFound, { id }));
    filters.alignment_id = id.toLowerCase();
  }
  return filters;
}

/**
 * Refuses a view-level call (data, report, export) of staff on a view with the company filter that
 * chose neither a company, nor a course, nor every company: a view never mixes client companies
 * unless asked to. Checked filters only (a company user's always carry its company). Calls that pass
 * evaluation or person ids of their own (the result calls, the scanner) do not go through it.
 */
export function requireCompanyChoice(dashboard: DashboardDefinition, filters: DashboardFilters): void {
  if (!dashboard.filters.includes('company')) return;
  if (filters.company_id === undefined && filters.course_id === undefined && filters.all_companies !== true) throw new HttpError(400, messages.api.companyRequired);
}

/** Every dataset of the view under checked filters. */
export async function dashboardData(db: Db, definitions: Definitions, dashboard: DashboardDefinition, filters: DashboardFilters, options: { period?: boolean } = {}): Promise<DashboardData> {
  if (dashboard.requires && filters[FIELD[dashboard.requires.filter]] === undefined) return { respondents: 0, datasets: {} };
  // Every evaluation the view reads, the alignment's side included.
  const types = [...new Set([...typesOf(dashboard), ...Object.values(dashboard.datasets).flatMap((dataset) => ('from' in dataset ? [] : (dataset.alignWith ?? [])))])];
  const editions = await viewEditions(db, definitions, dashboard, filters);
  // The answered evaluations the view's group datasets count (each with its own rules: a round, a
  // person's latest), so the header says who is counted; the filters' evaluations when it has none.
  const scopes = Object.values(dashboard.datasets).flatMap((dataset) => ('from' in dataset || (dataset.scope ?? 'filters') !== 'filters' ? [] : [datasetScope(dataset, editions.filters)!]));
  const counting =
    scopes.length > 0
      ? sql`${sql.join(scopes.map((scope) => sql`(${scope})`), sql` or `)}`
      : sql`evaluations.done = true
      and evaluations.type_evaluation in (${sql.join(types.map((type) => sql`${type}`), sql`, `)})
      ${sql.join(filterConditions(editions.filters, types).map((condition) => sql` and ${condition}`), sql``)}`;
  // A report's first page says when the counted evaluations were answered (their last answer's day).
  const [counted] = await select<{ n: number; people?: number; first?: string | Date | null; last?: string | Date | null }>(
    db,
    options.period
      ? sql`select count(*)::int as n, count(distinct person)::int as people, min(answered) as first, max(answered) as last from (
          select evaluations.user_id as person, (select max(r.created_at) from responses r where r.evaluation_id = evaluations.id) as answered from evaluations where ${counting}) counted`
      : sql`select count(*)::int as n from evaluations where ${counting}`,
  );
  const totals = new Map<string, number>();
  const withheld: WithheldGroup[] = [];
  const computed = await computeDatasets(db, definitions, dashboard, filters, Object.keys(dashboard.datasets), totals, editions, withheld);
  const datasets: DashboardData['datasets'] = {};
  for (const [name, dataset] of Object.entries(dashboard.datasets)) {
    if (dataset.internal) continue;
    const total = totals.get(name);
    datasets[name] = { rows: computed.get(name)!, ...(total === undefined ? {} : { page: Math.max(0, filters.pages?.[name] ?? 0), total }) };
  }
  return {
    respondents: Number(counted?.n ?? 0),
    datasets,
    ...(editions.editions.length > 0 ? { editions: editions.editions } : {}),
    ...(withheld.length > 0 ? { withheld } : {}),
    ...(counted?.first && counted.last ? { period: { first: new Date(counted.first).toISOString(), last: new Date(counted.last).toISOString(), people: Number(counted.people ?? 0) } } : {}),
  };
}

/**
 * Refuses a narrowing filter (the sector of psychological safety) that would single people out: the
 * group it leaves is under the company's minimum, or it differs from the group without the narrowing
 * filters by fewer people than the minimum (the two results could be subtracted to reveal them).
 */
async function refuseNarrowGroups(db: Db, dashboard: DashboardDefinition, filters: DashboardFilters): Promise<void> {
  const narrowing = (dashboard.narrowing ?? []).filter((name) => filters[FIELD[name]] !== undefined);
  if (narrowing.length === 0) return;
  const broader: DashboardFilters = { ...filters };
  for (const name of narrowing) delete broader[FIELD[name]];
  if (narrowing.includes('sector')) delete broader.sector_of;
  let minimum: number | undefined;
  const checked = new Set<string>();
  for (const dataset of Object.values(dashboard.datasets)) {
    if ('from' in dataset || !dataset.anonymous || checked.has(groupKey(dataset))) continue;
    checked.add(groupKey(dataset));
    const narrow = datasetScope(dataset, filters);
    const broad = datasetScope(dataset, broader);
    if (!narrow || !broad) continue;
    const [inside, whole] = [await groupSize(db, narrow, dataset.anonymous), await groupSize(db, broad, dataset.anonymous)];
    if (inside === 0) continue;
    minimum ??= await anonymityMinimum(db, broad);
    const rest = whole - inside;
    if (inside < minimum || (rest > 0 && rest < minimum)) throw new HttpError(403, format(messages.dashboard.anonymityNarrowed, { minimum }));
  }
}

/**
 * Computes some datasets of a view (and the datasets they derive from) under checked filters, in
 * declaration order: a derived dataset starts from the rows of one declared before it.
 */
export async function computeDatasets(
  db: Db,
  definitions: Definitions,
  dashboard: DashboardDefinition,
  filters: DashboardFilters,
  names: string[],
  totals = new Map<string, number>(),
  editions?: ViewEditions,
  withheld: WithheldGroup[] = [],
): Promise<Map<string, Row[]>> {
  // One major questionnaire version per type, scored by its own key.
  const { filters: scoped, questionnaires } = editions ?? (await viewEditions(db, definitions, dashboard, filters));
  await refuseNarrowGroups(db, dashboard, scoped);
  const context = { db, questionnaires, types: definitions.types, filters: scoped, totals, summaries: new Map(), withheld, groups: new Map() };
  const needed = new Set<string>();
  const need = (name: string) => {
    const dataset = dashboard.datasets[name];
    if (!dataset || needed.has(name)) return;
    needed.add(name);
    if ('from' in dataset) need(dataset.from);
  };
  names.forEach(need);
  const computed = new Map<string, Row[]>();
  for (const [name, dataset] of Object.entries(dashboard.datasets)) {
    if (!needed.has(name)) continue;
    computed.set(name, 'from' in dataset ? transformRows(context, datasetTypes(dashboard, dataset), computed.get(dataset.from) ?? [], dataset.transforms) : await runDataset(context, dataset, name));
  }
  return computed;
}

/**
 * The view that shows an evaluation type's results: the dashboard of the same id when it reads the
 * type, else the first (by id) that reads it; undefined when none does.
 */
export function dashboardOfType(definitions: Pick<Definitions, 'dashboards'>, type: number): DashboardDefinition | undefined {
  const reading = [...definitions.dashboards.values()]
    .filter((dashboard) => typesOf(dashboard).includes(type) || Object.values(dashboard.datasets).some((dataset) => !('from' in dataset) && (dataset.alignWith ?? []).includes(type)))
    .sort((a, b) => Number(b.id === type) - Number(a.id === type) || a.id - b.id);
  return reading[0];
}

/** One choice of a filter. */
export interface FilterChoice {
  value: number | string;
  label: string;
}

const dateBR = (value: string | Date) => new Date(value).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The choices of one filter of a view given the higher filters (already checked). */
export async function filterChoices(db: Db, account: Account, dashboard: DashboardDefinition, filter: FilterName | 'course', filters: DashboardFilters): Promise<FilterChoice[]> {
  const own = companyScope(account);
  const company = filters.company_id;
  const types = sql.join(typesOf(dashboard).map((type) => sql`${type}`), sql`, `);
  // Only the higher filters narrow a filter's own choices.
  const higher: DashboardFilters = {};
  for (const name of HIGHER[filter]) if (filters[FIELD[name]] !== undefined) Object.assign(higher, { [FIELD[name]]: filters[FIELD[name]] });
  if (filters.course_id !== undefined && filter !== 'course' && filter !== 'company') higher.course_id = filters.course_id;
  if (filters.sector_of !== undefined) higher.sector_of = filters.sector_of;
  const narrowed = sql.join(filterConditions(higher).map((condition) => sql` and ${condition}`), sql``);
  switch (filter) {
    case 'company': {
      const rows = await select<{ id: number; commercial_name: string }>(
        db,
        own === undefined ? sql`select id, commercial_name from companies order by commercial_name, id` : sql`select id, commercial_name from companies where id = ${own}`,
      );
      const companies = rows.map((row) => ({ value: Number(row.id), label: row.commercial_name }));
      // Staff first choose explicitly whether to pool every client company.
      return own === undefined ? [{ value: ALL_COMPANIES, label: messages.dashboard.allCompanies }, ...companies] : companies;
    }
    case 'course': {
      if (own !== undefined) return [];
      const rows = await select<{ id: number; name: string }>(db, sql`select id, name from courses order by name, id`);
      return rows.map((row) => ({ value: Number(row.id), label: row.name }));
    }
    case 'sector': {
      if (company === undefined) return [];
      const rows = await select<{ id: number; sector_name: string }>(db, sql`select id, sector_name from sectors where company_id = ${company} order by sector_name, id`);
      return rows.map((row) => ({ value: Number(row.id), label: row.sector_name }));
    }
    case 'colleague':
    case 'evaluated': {
      const person = filter === 'colleague' ? sql`evaluations.user_id` : sql`coalesce(evaluations.rated, evaluations.user_id)`;
      const rows = await select<{ id: number; name: string }>(
        db,
        sql`select distinct u.id, u.name from evaluations join users u on u.id = ${person}
          where evaluations.done = true and evaluations.type_evaluation in (${types})${narrowed}
          order by u.name, u.id`,
      );
      return rows.map((row) => ({ value: Number(row.id), label: row.name }));
    }
    case 'version': {
      if (filters.evaluated_id === undefined) return [];
      const rows = await select<{ version: number; created_at: string | Date }>(
        db,
        sql`select evaluations.version, min(evaluations.created_at) as created_at from evaluations
          where evaluations.done = true and evaluations.version is not null and evaluations.type_evaluation in (${types})${narrowed}
          group by evaluations.version order by evaluations.version`,
      );
      return rows.map((row) => ({ value: Number(row.version), label: format(messages.dashboard.versionOption, { date: dateBR(row.created_at), version: Number(row.version) }) }));
    }
    case 'alignment': {
      const alignmentTypes = Object.values(dashboard.datasets)
        .flatMap((dataset: Dataset) => ('from' in dataset || dataset.scope !== 'alignment' ? [] : (dataset.alignWith ?? [])));
      if (alignmentTypes.length === 0) return [];
      const companyCondition = company === undefined ? sql`` : sql` and evaluations.company_id = ${company}`;
      const rows = await select<{ id: string; name: string; created_at: string | Date; type: number }>(
        db,
        sql`select evaluations.id, u.name, evaluations.created_at, evaluations.type_evaluation as type from evaluations join users u on u.id = evaluations.user_id
          where evaluations.done = true and evaluations.type_evaluation in (${sql.join(alignmentTypes.map((type) => sql`${type}`), sql`, `)})${companyCondition}
          ${filters.colleague_id === undefined ? sql`` : sql` and evaluations.user_id <> ${filters.colleague_id}`}
          order by evaluations.created_at desc, evaluations.id`,
      );
      return rows.map((row) => ({ value: String(row.id), label: `${row.name} (${dateBR(row.created_at)})` }));
    }
  }
}

export { datasetScope };
