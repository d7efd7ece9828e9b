import type { SQL } from 'drizzle-orm';
import type { CatalogEntry } from '../../../../../engine/definition/catalog.ts';
import type { DashboardFilters, QueryDataset, QueryName, Row } from '../../../../../engine/definition/dashboard.ts';
import type { RiskMatrix } from '../../../../../engine/definition/risk.ts';
import type { QuestionnaireDefinition } from '../../../../../engine/definition/types.ts';
import type { Db } from '../../db/client.ts';
import type { CycleRow } from '../../repositories/cycles.ts';
import type { GroupSummary, ScoreSummary } from '../../repositories/results/scoreSql.ts';
import type { GroupingKind } from '../../../../../engine/definition/datasets.ts';
import type { AnonymityState } from '../anonymity.ts';

/** What the queries need besides the dataset. */
export interface QueryContext {
  db: Db;
  questionnaires: Map<number, QuestionnaireDefinition>;
  types: Map<number, CatalogEntry>;
  /** The filters, already checked against the account (a company user's company forced). */
  filters: DashboardFilters;
  /** Filled with the total rows of each paged dataset, by dataset name. */
  totals?: Map<string, number>;
  /** The app's time zone (APP_TIMEZONE): the days of a daily count are its days. */
  timeZone: string;
  /** The request's clock (a daily count runs up to its day). */
  now: Date;
  /** Scans of a type's scores made in this request, by their scope (`statementKey`): a view's means, bands and groups in one. */
  summaries?: Map<string, Promise<Scan>>;
  /** The company's risk matrix and severities read in this request (by `company/type`; 'matrix/company' for the matrix): every risk dataset of a view rates by the same settings. */
  riskSettings?: Map<string, Promise<unknown>>;
  /** The view's datasets this request computes (a scan serves the groupings the others ask of it too). */
  planned?: QueryDataset[];
  /** The request's anonymous groups: their sizes, the rounds hidden (each asked once), those withheld. */
  anonymity: AnonymityState;
  /** The chosen round, read once per request (the participation's datasets each need its dates and target). */
  round?: Promise<CycleRow | null>;
  /** The default risk matrix (`definitions/riskMatrix.json`), for a company without its own. */
  riskMatrix: RiskMatrix;
  /** Per type, the groupings its answers are shown by (`groupingsByType`): a split's groups are hidden over all of them at once. Absent: each split alone. */
  groupings?: ReadonlyMap<number, readonly GroupingKind[]>;
}

/** A named query: the rows of a dataset of its kind, read under the dataset's scope (`name`: the dataset's, for its page). */
export type Query<N extends QueryName = QueryName> = (context: QueryContext, dataset: Extract<QueryDataset, { query: N }>, scope: SQL, name: string) => Promise<Row[]>;

/** A request's scan of one type under one scope: the whole's summary and the groups of each grouping made with it. */
export interface Scan {
  /** Absent when the scan was made for groups only. */
  whole?: ScoreSummary;
  groups: Map<GroupingKind, GroupSummary[]>;
}
