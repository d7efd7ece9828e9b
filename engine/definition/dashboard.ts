/**
 * Dashboard definition types: a `/dash/{id}` view is data (filters and widgets), drawn by the one
 * dashboard renderer. `definitions/schema/dashboard.schema.json` is generated from `DashboardDefinition`.
 */

/** Filters a dashboard may show. Company users always get their own company, locked. */
export type DashboardFilter = 'company' | 'sector';

/** Fields every widget shares. */
export interface WidgetBase {
  /** Heading shown above the widget. */
  title: string;
}

/** A gauge (speedometer) of one score, with the range and bands of the questionnaire's classification. */
export interface GaugeWidget extends WidgetBase {
  kind: 'gauge';
  /** Id of the score shown (a `ScoreDefinition.id` of the questionnaire). */
  score: string;
  /** How respondents' scores combine into the needle's value. */
  statistic: 'mean';
}

/** One column of a respondent table. */
export interface TableColumn {
  /** Field of the scored row: "name", "band" or a score id. */
  field: string;
  /** Column header. */
  label: string;
}

/** A table with one row per respondent. */
export interface RespondentTableWidget extends WidgetBase {
  kind: 'respondentTable';
  /** Columns in order. */
  columns: TableColumn[];
}

/** Every widget kind, discriminated on `kind`. */
export type DashboardWidget = GaugeWidget | RespondentTableWidget;

/** The kinds of widget a dashboard may use. */
export type WidgetKind = DashboardWidget['kind'];

/** A dashboard view as consultants configure it. */
export interface DashboardDefinition {
  /** Path of the JSON Schema, for editors. */
  $schema?: string;
  /** Id in the route `/dash/{id}`. */
  id: number;
  /** Title of the view. */
  title: string;
  /** Evaluation type whose results feed the view; its questionnaire gives scores and bands. */
  evaluationType: number;
  /** Filters shown, in order. */
  filters: DashboardFilter[];
  /** Text shown when no respondent matches the filters. */
  empty: string;
  /** Widgets, in order. */
  widgets: DashboardWidget[];
}

/** One scored respondent as `POST /tableresponse/evaluations` returns it: scores flattened by id. */
export interface ScoredRow {
  /** Evaluation id. */
  evaluation_id: string;
  /** Respondent's name. */
  name: string;
  /** Label of the classification band, when the questionnaire has one. */
  band?: string;
  /** Score values keyed by score id ("total"). */
  [score: string]: string | number | undefined;
}
