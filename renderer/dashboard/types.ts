import type { ChosenPeople, Condition, DashboardData, DashboardFilters } from '../../engine/definition/dashboard';
import type { FilterField } from '../../engine/filters';

/** One choice of a filter. */
export interface FilterOption {
  value: number | string;
  label: string;
}

/**
 * The filters the view's dialog may fill: the grammar's filter names plus "course" (staff may filter
 * by course instead of company), as the vocabulary states them.
 */
export type { FilterField };

/** Where a dashboard gets its data; the app passes its API calls, tests may pass a real server's. */
export interface DashboardSource {
  /**
   * The choices of one filter given the higher ones already chosen (`GET /api/dashboards/{id}/options/{filter}`):
   * companies, courses, sectors of the company, colleagues, evaluated people, versions, alignment evaluations.
   */
  options(dashboardId: number, filter: FilterField, chosen: DashboardFilters): Promise<FilterOption[]>;
  /** Every dataset of the view under the filters, aggregated by the server (`POST /api/dashboards/{id}/data`). */
  data(dashboardId: number, chosen: DashboardFilters): Promise<DashboardData>;
  /** The view's PDF under the filters (`POST /api/dashboards/{id}/report`): its bytes and file name. */
  report(dashboardId: number, chosen: DashboardFilters): Promise<{ blob: Blob; fileName: string }>;
  /** A file of the print dialog (`exports[index]` of the view: PDF or spreadsheet) under the filters. */
  exportFile(dashboardId: number, index: number, chosen: DashboardFilters): Promise<{ blob: Blob; fileName: string }>;
  /** Queues the e-mail of the chosen person's report ('Enviar Relatório', `POST /api/evaluation/report`): the server's message and the sending's id. */
  sendReport(dashboardId: number, userId: number): Promise<{ message: string; jobId: string }>;
  /** Where a queued sending stands (`GET /api/evaluation/report/{jobId}`). */
  sendState(jobId: string): Promise<'queued' | 'sent' | 'failed'>;
  /** Who of a round has evaluations pending, and when reminders would go out (`GET /api/cycles/{id}/pending`). */
  cyclePending(cycleId: number): Promise<CyclePending>;
  /** Queues a reminder to each pending person of a round ('Lembrar pendentes', `POST /api/cycles/{id}/remind`): the server's message. */
  remindCycle(cycleId: number): Promise<{ message: string }>;
}

/** The pending people of a round: how many, their evaluations, and when reminders would go out (an ISO instant). */
export interface CyclePending {
  people: number;
  evaluations: number;
  send_at: string;
}

/** What every node of the layout draws from. */
export interface LayoutContext {
  data: DashboardData;
  /** The chosen people, named in sections' titles. Default none. */
  people?: ChosenPeople;
  /** The view's title (names widgets without one). */
  title: string;
  /** The view's empty text. */
  empty: string;
  /** Conditions every widget's rows meet besides its own `where` (a repeated block's person). */
  narrow: Condition[];
  /** The repeated block the nodes are in (its title completes the widgets' names). Default none. */
  block?: string;
  /** Rows per page of the paged datasets, by name, and how to ask for another page. Default none. */
  paging?: { sizes: Record<string, number>; onPage(dataset: string, page: number): void };
}
