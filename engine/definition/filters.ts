/*
 * The filters of the dashboard grammar (`dashboard.ts`): which a view shows, and the fields of the data
 * call that carry the choices, from the filter vocabulary (`engine/filters.ts`, which imports nothing).
 */

import type { FilterName, FilterValues } from '../filters.ts';

/** The filters a view may show: the filter vocabulary's (`engine/filters.ts`), in the order the 'Filtros' dialog lists them. */
export type { FilterName };

/** The filters that choose a person. */
export type PersonFilter = 'colleague' | 'evaluated';

/** The chosen person of each person filter, by name (what a section's `subject` names). */
export type ChosenPeople = Partial<Record<PersonFilter, string>>;

export { ALL_CHOICE, FILTER_KEYS } from '../filters.ts';

/** The filters the data call accepts (ids as the API gives them). */
export interface DashboardFilters extends FilterValues {
  /** Staff asked explicitly to pool every client company (without it, no company chosen is refused). */
  all_companies?: boolean;
  /** What `sector_id` narrows (the view's `sectorOf`; not a filter of the data call). Default the respondents' sector. */
  sector_of?: 'respondent' | 'rated';
  /** Page (from 0) of each paged dataset, by dataset name. Default the first. */
  pages?: Record<string, number>;
  /** Only these evaluations (the section 7 calls that pass `evaluations`; not a filter of the data call). */
  evaluation_ids?: string[];
  /** Only evaluations of these people (the consolidated scanner's `user_ids`; not a filter of the data call). */
  person_ids?: number[];
  /** Rows of every paged dataset's page instead of its `pageSize` (a PDF report takes them at once; not a filter of the data call). */
  page_size?: number;
  /**
   * The major questionnaire version whose answers a view reads, by evaluation type ("13": 1): the viewer's
   * choice where a type's answers come from versions scored differently. Default the latest present.
   */
  editions?: Record<string, number>;
  /** The editions chosen for this request, applied to every query (set by the server, not a filter of the data call). */
  majors?: Record<string, number>;
}
