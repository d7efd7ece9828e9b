/**
 * The results grammar: a `/dash/{id}` view is data. A dashboard names its **datasets** (a named
 * server query over the done evaluations of some types, never SQL, followed by pure **transforms**),
 * its **filters**, and a **layout** of tabs, toggles and sections holding **widgets** (a chart or table
 * kind with an encoding of dataset fields). The server runs the queries and transforms
 * (`apps/server/src/results/`); builders in `engine/charts` turn (widget, rows, mode) into an ECharts
 * option, the same in the browser and in the PDFs. `definitions/schema/dashboard.schema.json` is
 * generated from `DashboardDefinition`; `dashboardErrors` (semantics) checks every name it uses.
 */

import type { Dataset } from './datasets.ts';
import type { FilterName } from './filters.ts';
import type { LayoutNode } from './layout.ts';
import type { Condition } from './transforms.ts';
import type { NumberFormat } from './widgets.ts';

export type * from './datasets.ts';
export type * from './layout.ts';
export type * from './results.ts';
export type * from './rows.ts';
export type * from './transforms.ts';
export type * from './widgets.ts';
export * from './filters.ts';

/** Where the view sits in the side menu. */
export interface MenuEntry {
  /** The mapping group (a heading of the menu). */
  group: string;
  /** Link text. */
  label: string;
  /** Position in the group. */
  order: number;
  /** The app's route the link opens ('/entrevista360', the spec's `/{hash}`). Default `/dash/{id}`. */
  path?: string;
}

/** A dashboard view as consultants configure it. */
export interface DashboardDefinition {
  /** Path of the JSON Schema, for editors. */
  $schema?: string;
  /** Id in the route `/dash/{id}`. */
  id: number;
  /** Title of the view. */
  title: string;
  /** The side menu's entry. */
  menu: MenuEntry;
  /** Filters shown, in order. */
  filters: FilterName[];
  /**
   * What the sector filter narrows: the respondents' sector, or the sector the evaluations are about
   * (the area maps rate a sector). Default "respondent".
   */
  sectorOf?: 'respondent' | 'rated';
  /**
   * A filter that must be chosen before anything is computed, with the hint shown until then
   * ("Selecione um avaliado"). Default none: the view opens on everything the account may see.
   */
  requires?: { filter: FilterName; hint: string };
  /**
   * Filters that narrow an anonymous group (the sector of psychological safety): a choice is refused
   * when the narrowed group is under the company's minimum, or when it differs from the group without
   * these filters by fewer people than the minimum (the two could be subtracted). Default none.
   */
  narrowing?: FilterName[];
  /** Named datasets. */
  datasets: Record<string, Dataset>;
  /**
   * The dataset whose emptiness means the whole view is empty (then only `empty` is shown). Default:
   * none, each widget shows its own empty text.
   */
  emptyWhen?: string;
  /** Text shown when no respondent matches the filters (section 8's empty states). */
  empty: string;
  /**
   * The view is about evaluations not answered yet too (the interview's table of evaluators, from which
   * the pending interviews are opened): the person filters offer the people of pending evaluations, and
   * the layout is drawn before any answer, each widget with its own empty text; printing still waits
   * for answers. Default false: people of answered evaluations, and only `empty` without answers.
   */
  pending?: boolean;
  /**
   * An answered evaluation of the view's types has a report of its own for its respondent (the personal
   * page's 'Relatório', `GET /tableresponse/report/{id}/{type}`). False for forms staff fill about a
   * person (the 360 by interview), read only by staff. Default true.
   */
  evaluationReport?: boolean;
  /**
   * A person may download this view's report about themselves from their personal page, by their key
   * (the scanner and the team performance: respondent.md 2.2). `"ownAnswers"`: and that report reads
   * only the evaluations the person answered (the scanner, whose view otherwise lists the people of a
   * sector). Default false.
   */
  publicReport?: boolean | 'ownAnswers';
  /**
   * The line above the view saying how many answered evaluations it counts ({n}), when the catalogue's
   * '{n} avaliações respondidas' would not say who they are (the 360: evaluators and the self-evaluation
   * of the round). Default: the catalogue's.
   */
  respondentsLabel?: string;
  /**
   * 'Imprimir' stays disabled until one of these filters is chosen ("course" counts for the company
   * filter's course switch), with the hint beside it: the scanner needs a sector or a course. Default:
   * enabled whenever there is data.
   */
  printRequires?: { anyOf: (FilterName | 'course')[]; hint: string };
  /**
   * The toast when the data cannot be loaded (results.md 8: the area maps add the error, the
   * objections and temperaments views have their own texts). Default 'Erro ao buscar dados'.
   */
  loadFailed?: { text: string; withError?: boolean };
  /**
   * The view asks for its data again every this many seconds while it is open and in sight (an open
   * round's participation moving as answers arrive), and has an 'Atualizar' button that does it at once.
   * Default none: the data loads when the filters change.
   * @minimum 15
   * @maximum 3600
   */
  refresh?: number;
  /**
   * The view has 'Lembrar pendentes' (the participation): once a round is chosen in the `cycle` filter,
   * it says how many people of the round have evaluations pending and, confirmed, queues one reminder
   * e-mail to each (`POST /cycles/{id}/remind`, on a business day). Needs the `cycle` filter. Default false.
   */
  remindPending?: boolean;
  /** The view has 'Enviar Relatório' (dashboard 7 and the scanner): the report of the chosen person, e-mailed. Default false. */
  sendReport?: boolean;
  /** The view's content. */
  layout: LayoutNode[];
  /** The view's PDF report ('Download Relatório'). Default: the view's layout, as `ReportSpec` says. */
  report?: ReportSpec;
  /**
   * More files in the print dialog, each a part of the view as a PDF or a spreadsheet (the scanner's
   * 'Respondentes PDF' and 'Respondentes Excel'). Default none.
   */
  exports?: ExportSpec[];
}

/** A file of the print dialog made from some widgets of the view, under the view's filters. */
export interface ExportSpec {
  /** The button's text. */
  label: string;
  /** "pdf": drawn as the report draws it; "xlsx": a sheet per table (a chart gives its table of numbers). */
  format: 'pdf' | 'xlsx';
  /** The file's title (the PDF's first line, the sheets' title row). */
  title: string;
  /** The file's name, with the placeholders of `ReportSpec.fileName`. Default '{title} - {name}.{pdf|xlsx}'. */
  fileName?: string;
  /** What the file holds. */
  layout: LayoutNode[];
}

/**
 * The PDF report of a view. It draws the same datasets with the same chart builders as the screen
 * (in print mode), so a PDF cannot disagree with the dashboard.
 */
export interface ReportSpec {
  /** Title on the first page and in the PDF's metadata. Default: the view's title. */
  title?: string;
  /**
   * The PDF's file name, with `{title}`, `{name}` (the person chosen, else the company, else all
   * companies), `{company}` and `{evaluation}` (the evaluation type's name). Default '{title} - {name}.pdf'.
   */
  fileName?: string;
  /** Page orientation of the A4 pages. Default "portrait". */
  orientation?: 'portrait' | 'landscape';
  /** A button beside 'Imprimir' that downloads the report at once ('Relatório Avaliação 360'). Default none. */
  downloadButton?: string;
  /** A button that opens the report in a full-screen panel, to read and print it ('Imprimir Relatório'). Default none. */
  previewButton?: string;
  /**
   * The first page's summary of the main results, a line each ('Fator mais forte: Clareza (4,2)').
   * Default none (the first page still names the period and the respondents).
   */
  summary?: SummaryLine[];
  /**
   * The report's content. Default: the view's layout, where every tab and every toggle option is
   * drawn in turn, each starting a new page (the 360's page per question).
   */
  layout?: LayoutNode[];
}

/**
 * A line of a report's summary: a sentence filled from the row of a dataset with the highest (or the
 * lowest) value, or its first row. Rows tied on the value are all named ('Clareza e Conflitos').
 */
export interface SummaryLine {
  /** The sentence, with `{name}` (the picked row's name) and `{value}` (its value, formatted). */
  text: string;
  /** The dataset read. */
  dataset: string;
  /** Keep only the dataset's rows matching these conditions. Default all rows. */
  where?: Condition[];
  /** Field naming a row. */
  name: string;
  /** Field of the value compared and written. */
  value: string;
  format?: NumberFormat;
  /** Which row: the highest value, the lowest, or the first. Default "highest". */
  pick?: 'highest' | 'lowest' | 'first';
}
