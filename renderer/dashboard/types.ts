import type { ScoredRow } from '../../engine/definition/dashboard';
import type { Classification } from '../../engine/charts/types';

/** A company offered by the company filter. */
export interface CompanyOption {
  id: number | string;
  commercial_name: string;
}

/** A sector offered by the sector filter. */
export interface SectorOption {
  id: number | string;
  sector_name: string;
}

/** The filters sent with the results query. */
export interface ResultsFilter {
  type_evaluation: number;
  company_id?: number | string;
  sector_id?: number | string;
}

/** Where the dashboard gets its data; the app passes its API calls, tests pass stubs. */
export interface DashboardSource {
  companies(): Promise<CompanyOption[]>;
  sectors(companyId: number | string): Promise<SectorOption[]>;
  rows(filter: ResultsFilter): Promise<ScoredRow[]>;
}

/** What every dashboard widget component receives besides its spec. */
export interface WidgetData {
  /** Scored respondents matching the filters (never empty: the view shows its empty text instead). */
  rows: ScoredRow[];
  /** Range and bands of the questionnaire's classification, when it has one. */
  classification?: Classification;
}
