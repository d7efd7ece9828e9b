/*
 * The filters of the dashboard grammar (`dashboard.ts`): which a view shows, and the fields of the data
 * call that carry the choices. A leaf: it imports nothing.
 */

/**
 * The filters a view may show, in the order the 'Filtros' dialog lists them:
 * - "company": the company (staff may switch to a course); company users are locked to theirs;
 * - "sector": the respondent's sector (or the rated sector: the view's `sectorOf`);
 * - "colleague": one respondent (the person whose individual result is shown);
 * - "evaluated": the person evaluated (360), each higher choice clearing the lower ones;
 * - "version": the date/version of the evaluated person's cycle (360);
 * - "alignment": the manager's evaluation compared with the colleague's (values and needs).
 */
export type FilterName = 'company' | 'sector' | 'colleague' | 'evaluated' | 'version' | 'alignment';

/** The filters that choose a person. */
export type PersonFilter = 'colleague' | 'evaluated';

/** The chosen person of each person filter, by name (what a section's `subject` names). */
export type ChosenPeople = Partial<Record<PersonFilter, string>>;

/** The data call's field of each filter ("course": the company filter's course switch). */
export const FILTER_KEYS = {
  company: 'company_id',
  course: 'course_id',
  sector: 'sector_id',
  colleague: 'colleague_id',
  evaluated: 'evaluated_id',
  version: 'version',
  alignment: 'alignment_id',
} as const satisfies Record<FilterName | 'course', keyof DashboardFilters>;

/** The value of the company filter's choice 'Todas as empresas' (staff): the calls then send `all_companies: true`. */
export const ALL_COMPANIES = 'all';

/** The filters the data call accepts (ids as the API gives them). */
export interface DashboardFilters {
  company_id?: number;
  course_id?: number;
  /** Staff asked explicitly to pool every client company (without it, no company chosen is refused). */
  all_companies?: boolean;
  sector_id?: number;
  colleague_id?: number;
  evaluated_id?: number;
  version?: number;
  alignment_id?: string;
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
