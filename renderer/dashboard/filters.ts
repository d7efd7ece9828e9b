import type { DashboardFilters } from '../../engine/definition/dashboard';
import { ALL_CHOICE, FILTER_FIELDS, FILTER_KEYS, FILTERS, lowerFilters, parentsOf, type FilterName } from '../../engine/filters';
import type { FilterField, FilterOption } from './types';

export { higherFilters, lowerFilters } from '../../engine/filters';

/** The filters chosen in the dialog, with their labels for the chips. */
export type ChosenFilters = Partial<Record<FilterField, FilterOption>>;

/*
 * The filters' hierarchy (results.md 2.2: changing a higher filter clears the lower ones) is the
 * vocabulary's (`engine/filters.ts`): company or course → sector → colleague → alignment; company or
 * course → evaluated → version.
 */

/** The direct parents of a filter that the view shows (company standing for course too). */
export function shownParents(field: FilterField, shown: FilterName[]): FilterField[] {
  return parentsOf(field).filter((parent) => shown.includes(parent === 'course' ? 'company' : parent));
}

/**
 * A new choice: single-pick, so only the new value is kept (results.md 5), and every lower filter is
 * cleared. Choosing a company clears the course and the other way round.
 */
export function choose(chosen: ChosenFilters, field: FilterField, option: FilterOption | null): ChosenFilters {
  const next: ChosenFilters = { ...chosen };
  const cleared = field === 'company' || field === 'course' ? (['company', 'course'] as FilterField[]) : [field];
  for (const name of cleared.flatMap((name) => [name, ...lowerFilters(name)])) delete next[name];
  if (option) next[field] = option;
  return next;
}

/** Keeps only the chosen filters among some fields. */
export function pick(chosen: ChosenFilters, fields: FilterField[]): ChosenFilters {
  return Object.fromEntries(fields.flatMap((field) => (chosen[field] ? [[field, chosen[field]]] : []))) as ChosenFilters;
}

/**
 * The chosen filters as the data and options calls take them (ids as numbers, the alignment id as text;
 * the company choice 'Todas as empresas' as `all_companies: true`).
 */
export function toDashboardFilters(chosen: ChosenFilters): DashboardFilters {
  const filters: Record<string, number | string | boolean> = {};
  for (const field of FILTER_FIELDS) {
    const option = chosen[field];
    if (!option) continue;
    // A choice pooling every value: the company's asks for it, any other's sends nothing.
    if (option.value === ALL_CHOICE) {
      if (field === 'company') filters.all_companies = true;
      continue;
    }
    const key = FILTER_KEYS[field];
    filters[key] = FILTERS[field].schema.type === 'string' ? String(option.value) : Number(option.value);
  }
  return filters as DashboardFilters;
}

/** Whether the filter a view requires is chosen (a course stands in for the company). */
export function isChosen(chosen: ChosenFilters, field: FilterName): boolean {
  return chosen[field] !== undefined || (field === 'company' && chosen.course !== undefined);
}
