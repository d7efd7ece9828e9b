import type { Row } from './rows.ts';

/*
 * What the server returns for a dashboard (`dashboard.ts`): each dataset computed and transformed, the
 * editions chosen and the anonymous groups withheld.
 */

/** One computed dataset. */
export interface DatasetResult {
  rows: Row[];
  /** A paged dataset's page (from 0) and its total rows. */
  page?: number;
  total?: number;
}

/** The data of a view under some filters: every dataset, computed and transformed on the server. */
export interface DashboardData {
  /** Evaluations in the view's scope (all types), for the count and the empty state. */
  respondents: number;
  datasets: Record<string, DatasetResult>;
  /** Types whose answers come from versions scored differently (never pooled: the numbers use `chosen`). Absent when none. */
  editions?: EditionChoice[];
  /** Anonymous groups withheld for being under the minimum (the reason, in Portuguese, is `message`). Absent when none. */
  withheld?: WithheldGroup[];
  /**
   * When the counted evaluations were answered, first and last (ISO instants), and by how many people
   * (one person may answer several of the view's questionnaires): only for a report's first page.
   */
  period?: { first: string; last: string; people: number };
}

/** An anonymous dataset whose group was under the minimum: its rows withheld (self-evaluations excepted). */
export interface WithheldGroup {
  /** Dataset name. */
  dataset: string;
  /** People who answered in scope (self-evaluations not counted). */
  respondents: number;
  /** The company's minimum. */
  minimum: number;
  /** Why, for every output: 'As respostas … não são mostradas …'. */
  message: string;
}

/** A type whose answers in a view come from major versions scored differently: which one the numbers use. */
export interface EditionChoice {
  /** Evaluation type. */
  type: number;
  /** Its name ("Escala de Estresse Percebido"). */
  name: string;
  /** The major version the numbers of the view use. */
  chosen: number;
  /** Every major version with answers under the filters, with how many, oldest first. */
  available: { major: number; respondents: number }[];
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
