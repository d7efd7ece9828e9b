import type { DashboardDefinition, DashboardFilters } from '../../../../engine/definition/dashboard.ts';
import { FILTER_FIELDS, FILTER_KEYS, FILTERS, higherFilters, type FilterField } from '../../../../engine/filters.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { companyScope } from '../access.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { FILTER_SCOPE, type FilterChoice } from '../repositories/results/filterScope.ts';
import type { Account } from '../types.ts';
import { typesOf } from './views.ts';

/*
 * A view's filters as a request sends them, checked against the account (a company user is kept to its
 * company whatever it sends), and each filter's choices. Generic over the vocabulary
 * (`engine/filters.ts`); what a filter asks the database is its entry in `FILTER_SCOPE`.
 */

export type { FilterChoice };

/** The types of the evaluations a view's alignment compares with (`alignWith`), of datasets of some scopes (all when none). */
function alignWithOf(dashboard: DashboardDefinition, scope?: 'alignment'): number[] {
  return Object.values(dashboard.datasets).flatMap((dataset) => ('from' in dataset || (scope !== undefined && dataset.scope !== scope) ? [] : (dataset.alignWith ?? [])));
}

/** A filter's value as the checks read it: an id, or the alignment's UUID in lower case. */
const valueOf = (field: FilterField, raw: unknown): number | string => (FILTERS[field].schema.type === 'string' ? String(raw).toLowerCase() : Number(raw));

/** The 404 of a filter's id that is unknown or of another company. */
function notFound(field: FilterField, id: number | string): HttpError {
  return new HttpError(404, format(messages.api[FILTER_SCOPE[field].notFound ?? 'notFound'], { id }));
}

/**
 * A company user's ids of filters the view does not have (ignored by the view) are still its company's:
 * another company's answers 404 as it would on a view that has the filter.
 */
async function checkUnusedIds(db: Db, own: number, allowed: Set<string>, raw: DashboardFilters): Promise<void> {
  for (const field of FILTER_FIELDS) {
    const sent = raw[FILTER_KEYS[field]];
    // The course is staff's alone, and a round is no one's.
    if (allowed.has(field) || sent === undefined || sent === null || field === 'course') continue;
    const owner = FILTER_SCOPE[field].owner;
    if (!owner) continue;
    const id = valueOf(field, sent);
    if (field === 'company') {
      if (id !== own) throw notFound(field, id);
      continue;
    }
    const found = await owner(db, id);
    if (!found || Number(found.company) !== own) throw notFound(field, id);
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
  if (own !== undefined) await checkUnusedIds(db, own, allowed, raw);
  const filters: DashboardFilters = {};
  if (own !== undefined) filters.company_id = own;
  for (const field of FILTER_FIELDS) {
    const sent = allowed.has(field) ? raw[FILTER_KEYS[field]] : undefined;
    if (sent === undefined) continue;
    const id = valueOf(field, sent);
    const scope = FILTER_SCOPE[field];
    if (field === 'company' && own !== undefined) {
      // A company user is kept to its company: another company is, for it, a company that does not exist.
      if (id !== own) throw notFound(field, id);
      continue;
    }
    if (field === 'course' && own !== undefined) throw new HttpError(403, messages.api.courseForStaff);
    if (scope.owner) {
      // An id of another company than the chosen one is, here, one that does not exist (a course belongs to none).
      const found = await scope.owner(db, id, field === 'alignment' ? [0, ...alignWithOf(dashboard)] : undefined);
      const company = filters.company_id;
      // The message repeats the id as sent (the alignment's UUID in its own case).
      if (!found || (field !== 'company' && field !== 'course' && company !== undefined && Number(found.company) !== company)) throw notFound(field, typeof id === 'string' ? String(sent) : id);
    }
    Object.assign(filters, { [FILTER_KEYS[field]]: id });
  }
  // Staff pool every client company only when they ask to ('Todas as empresas'); a company or a course chosen wins.
  if (own === undefined && allowed.has('company') && raw.all_companies === true && filters.company_id === undefined && filters.course_id === undefined) filters.all_companies = true;
  // A view whose sector is the one rated (the area maps) reads it so everywhere: its filter and its groups by sector.
  if (dashboard.sectorOf === 'rated') filters.sector_of = 'rated';
  if (raw.editions) {
    // Only the view's own types; the choice is checked against the answers when the data is computed.
    const types = new Set(typesOf(dashboard).map(String));
    const chosen = Object.entries(raw.editions).filter(([type]) => types.has(type));
    if (chosen.length > 0) filters.editions = Object.fromEntries(chosen.map(([type, major]) => [type, Number(major)]));
  }
  if (raw.pages) {
    const paged = Object.entries(raw.pages).filter(([name]) => {
      const dataset = dashboard.datasets[name];
      return dataset !== undefined && !('from' in dataset) && dataset.query === 'scores' && dataset.pageSize !== undefined;
    });
    if (paged.length > 0) filters.pages = Object.fromEntries(paged.map(([name, page]) => [name, Number(page)]));
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

/** Whether a view offers a filter (the course comes with the company). */
export function offersFilter(dashboard: DashboardDefinition, field: FilterField): boolean {
  return field === 'course' ? dashboard.filters.includes('company') : dashboard.filters.includes(field);
}

/** The choices of one filter of a view given the higher filters (already checked). */
export async function filterChoices(
  db: Db,
  timeZone: string,
  account: Account,
  dashboard: DashboardDefinition,
  filter: FilterField,
  filters: DashboardFilters,
): Promise<FilterChoice[]> {
  // Only the higher filters narrow a filter's own choices (what the sector narrows, whichever).
  const higher: DashboardFilters = {};
  for (const name of higherFilters(filter)) if (filters[FILTER_KEYS[name]] !== undefined) Object.assign(higher, { [FILTER_KEYS[name]]: filters[FILTER_KEYS[name]] });
  if (filters.sector_of !== undefined) higher.sector_of = filters.sector_of;
  return FILTER_SCOPE[filter].choices(db, { own: companyScope(account), filters, higher, types: typesOf(dashboard), alignWith: alignWithOf(dashboard, 'alignment'), timeZone, pending: dashboard.pending === true });
}
