/*
 * The dashboards' filters, stated once: each filter's name, the field the data and options calls carry
 * it in, the filters its choices depend on (results.md 2.2: changing a higher filter clears the lower
 * ones), and the JSON Schema of its value. The grammar's filter names, the 'Filtros' dialog's order and
 * clearing, the calls' fields and the routes' query-string and body schemas are all derived from here;
 * the server adds how each one narrows the evaluations (its SQL scope). Pure: no I/O.
 */

import { UUID_PATTERN } from './rules/uuid.ts';

const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** One filter of the vocabulary. */
interface FilterSpec {
  /** The field of the data and options calls. */
  readonly field: string;
  /** The filters its choices depend on, nearest first (company standing for course in a view). */
  readonly parents: readonly string[];
  /** The JSON Schema of its value in the calls. */
  readonly schema: { readonly type: 'integer' | 'string'; readonly [keyword: string]: unknown };
  /**
   * The view starts on the filter's first choice once its higher filters are chosen (the cycle: the
   * latest round with answers, its choices being newest first); the 'all' choice pools them.
   */
  readonly startsOnFirst?: true;
}

/** A filter the 'Filtros' dialog may fill: the grammar's filter names plus "course" (the company filter's course switch). */
export type FilterField = 'company' | 'course' | 'cycle' | 'compare' | 'sector' | 'colleague' | 'evaluated' | 'evaluator' | 'version' | 'alignment';

/** Every filter, in the order the 'Filtros' dialog lists them (see `FilterName`). */
export const FILTERS = {
  company: { field: 'company_id', parents: [], schema: ID },
  course: { field: 'course_id', parents: [], schema: ID },
  cycle: { field: 'cycle_id', parents: ['company', 'course'], schema: ID, startsOnFirst: true },
  compare: { field: 'compare_cycle_id', parents: ['cycle'], schema: ID },
  sector: { field: 'sector_id', parents: ['company', 'course'], schema: ID },
  colleague: { field: 'colleague_id', parents: ['sector', 'company', 'course'], schema: ID },
  evaluated: { field: 'evaluated_id', parents: ['company', 'course'], schema: ID },
  evaluator: { field: 'evaluator_id', parents: ['evaluated'], schema: ID },
  version: { field: 'version', parents: ['evaluated'], schema: { type: 'integer', minimum: 0, maximum: 2147483647 } },
  alignment: { field: 'alignment_id', parents: ['colleague'], schema: { type: 'string', pattern: UUID_PATTERN } },
} as const satisfies Record<FilterField, FilterSpec & { readonly parents: readonly FilterField[] }>;

/**
 * The filters a view may show, in the order the 'Filtros' dialog lists them:
 * - "company": the company (staff may switch to a course); company users are locked to theirs;
 * - "cycle": the round of assessments (Ciclo) of the company or course; the dialog starts on the latest
 *   round with answers, and 'Todos os ciclos' (no value) pools them;
 * - "compare": an earlier round of the same company or course to compare the chosen one with ('Comparar
 *   com'): the `byCycle` datasets then hold those two rounds alone, the earlier first;
 * - "sector": the respondent's sector (or the rated sector: the view's `sectorOf`);
 * - "colleague": one respondent (the person whose individual result is shown);
 * - "evaluated": the person evaluated (360), each higher choice clearing the lower ones;
 * - "evaluator": one of the evaluated person's evaluators (the 360 by interview's table: scope "evaluator");
 * - "version": the date/version of the evaluated person's cycle (360);
 * - "alignment": the manager's evaluation compared with the colleague's (values and needs).
 */
export type FilterName = Exclude<FilterField, 'course'>;

/** Every filter, in the vocabulary's order. */
export const FILTER_FIELDS = Object.keys(FILTERS) as FilterField[];

/** The call's field of a filter. */
export type FilterKey<F extends FilterField = FilterField> = (typeof FILTERS)[F]['field'];

/** The data call's field of each filter. */
export const FILTER_KEYS = Object.fromEntries(FILTER_FIELDS.map((field) => [field, FILTERS[field].field])) as { readonly [F in FilterField]: FilterKey<F> };

/** The chosen filters' values as the calls carry them (ids as numbers, the alignment's UUID as text). */
export type FilterValues = { [F in FilterField as FilterKey<F>]?: (typeof FILTERS)[F]['schema']['type'] extends 'integer' ? number : string };

/**
 * The value of a choice that pools every value of its filter: the company's 'Todas as empresas' (staff;
 * the calls then send `all_companies: true`), the cycle's 'Todos os ciclos' (the calls send no cycle).
 */
export const ALL_CHOICE = 'all';

/** Whether a view starts on the filter's first choice (see `FilterSpec.startsOnFirst`). */
export function startsOnFirst(field: FilterField): boolean {
  return 'startsOnFirst' in FILTERS[field] && FILTERS[field].startsOnFirst === true;
}

/** The direct parents of a filter. */
export function parentsOf(field: FilterField): readonly FilterField[] {
  return FILTERS[field].parents;
}

/** The filters this one's choices depend on, directly or not, in the vocabulary's order. */
export function higherFilters(field: FilterField): FilterField[] {
  const found = new Set<FilterField>();
  const visit = (current: FilterField) => {
    for (const parent of parentsOf(current)) {
      if (found.has(parent)) continue;
      found.add(parent);
      visit(parent);
    }
  };
  visit(field);
  return FILTER_FIELDS.filter((candidate) => found.has(candidate));
}

/** The filters whose choices depend, directly or not, on this one. */
export function lowerFilters(field: FilterField): FilterField[] {
  return FILTER_FIELDS.filter((candidate) => candidate !== field && higherFilters(candidate).includes(field));
}

/** The filters some other filter's choices depend on: what the options call takes in its query string. */
export const HIGHER_FIELDS = FILTER_FIELDS.filter((field) => FILTER_FIELDS.some((other) => parentsOf(other).includes(field)));

const ALL_COMPANIES_SCHEMA = {
  type: 'boolean',
  description: "Todas as empresas clientes juntas, pedido explícito da equipe ('Todas as empresas'); sem empresa, curso ou isto, os dados de um painel com o filtro de empresa respondem 400",
} as const;

/**
 * The JSON Schema properties of the filters in the calls, by field (the company's 'Todas as empresas'
 * switch after the course), for the routes' query-string and body schemas.
 */
export const filterProperties = {
  ...(Object.fromEntries(FILTER_FIELDS.map((field) => [FILTERS[field].field, FILTERS[field].schema])) as { readonly [F in FilterField as FilterKey<F>]: (typeof FILTERS)[F]['schema'] }),
  all_companies: ALL_COMPANIES_SCHEMA,
};
