/**
 * The results grammar: a `/dash/{id}` view is data. A dashboard names its **datasets** (a named
 * server query over the done evaluations of some types, never SQL, followed by pure **transforms**),
 * its **filters**, and a **layout** of tabs, toggles and sections holding **widgets** (a chart or table
 * kind with an encoding of dataset fields). The server runs the queries and transforms
 * (`apps/server/src/results/`); builders in `engine/charts` turn (widget, rows, mode) into an ECharts
 * option, the same in the browser and in the PDFs. `definitions/schema/dashboard.schema.json` is
 * generated from `DashboardDefinition`; `dashboardErrors` (semantics) checks every name it uses.
 */

import type { Condition, Transform } from './transforms.ts';
import type { NumberFormat, Widget } from './widgets.ts';

export type * from './transforms.ts';
export type * from './widgets.ts';

/** A cell of a dataset row. */
export type Cell = string | number | boolean | null;

/** One row of a dataset, by field name. */
export type Row = Record<string, Cell>;

// ---------------------------------------------------------------- filters

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

// ---------------------------------------------------------------- datasets

/** Which done evaluations a dataset reads, on top of the view's filters. */
export type DatasetScope =
  /** Every evaluation the group filters allow (all but the colleague: the consolidated views). */
  | 'filters'
  /** The chosen colleague's latest evaluation of the type (the individual views); empty until one is chosen. */
  | 'colleague'
  /**
   * The colleague's latest evaluation of `types` plus the evaluation chosen in the alignment filter
   * (of `alignWith` types: values and needs, the manager's side); empty until both are chosen.
   */
  | 'alignment';

interface DatasetBase {
  /**
   * Evaluation types read.
   * @minItems 1
   */
  types: number[];
  /** Which evaluations, on top of the filters. Default "filters". */
  scope?: DatasetScope;
  /** With scope "alignment": the types of the evaluation chosen in the alignment filter (the manager's). */
  alignWith?: number[];
  /**
   * Only each person's latest evaluation about the same rated person (done ones; with the `people`
   * query, done or pending), within the chosen round of a view with the `version` filter: a person who
   * took a test twice counts once. The dataset's `types` count as one questionnaire here (the 360's
   * self-evaluation, of type 1 or 2, counts once). Default false: every evaluation.
   */
  latest?: boolean;
  /** Pure transforms applied in order to the query's rows, on the server. Default none. */
  transforms?: Transform[];
  /** Computed only as the `from` of other datasets, never sent to the browser. Default false. */
  internal?: boolean;
  /**
   * The answers of a group no one should be able to single out: when fewer people than the company's
   * minimum (`companies.anonymity_min`, default 3) answered in scope, the rows are withheld and the
   * view says why. Every output inherits it (screen, PDF, Excel, e-mail, the result calls).
   * "evaluators": the people who evaluated someone else (the 360), the self-evaluation shown apart and
   * never counted; "group": everyone who answered (psychological safety). Not with `perPerson` or the
   * `people` query. Default: not anonymous.
   */
  anonymous?: 'evaluators' | 'group';
}

/**
 * Each respondent's scores, one row per evaluation: `evaluation`, `person`, `name`, `type`, `date`,
 * every score of the type's scoring (by id), `band`/`bandColor`/`bandIndex` when classified, and each
 * ranking of the type as `{ranking}.1`, `{ranking}.2`, … (the labels of its top entries).
 */
export interface ScoresDataset extends DatasetBase {
  query: 'scores';
  /**
   * The rows name people: allowed only where the spec lists people (the PSS-14 respondents, the
   * scanner people, the team-performance person, the consolidated profile tables); otherwise a
   * transform must aggregate them before they leave the server. Default false.
   */
  perPerson?: boolean;
  /**
   * Per-person rows come this many at a time, oldest first, with the total (the PSS-14 table of a
   * large company); the data call's `pages` picks the page. Only `filter`, `map`, `band`, `scale` and
   * `greatest` transforms may follow (they keep one row per person). Default: every row.
   * @minimum 1
   * @maximum 500
   */
  pageSize?: number;
}

/**
 * Means over the respondents, one row per score of the type: `score` (id), `label`, `color`, `value`
 * (the mean), `respondents`, and for per-question scores `question` and `questionText` (else null). With `bands`, one row per band of the classification instead:
 * `band` (id), `label`, `color`, `value` (respondents in it), `respondents`.
 */
export interface SummaryDataset extends DatasetBase {
  query: 'summary';
  /** Rows per classification band instead of per score. Default false. */
  bands?: boolean;
}

/**
 * Answer counts per question and option, one row per option of each question (zero counts
 * included): `question`, `questionText`, `questionOrder`, `page` (page index), `pageTitle`, `option`
 * (its value), `optionLabel`, `optionOrder`, `scoreValue` (what the option scores, a reverse item
 * flipped; null for an unscored option or a checkbox), `tag` (the option's first tag, or ""), `type`,
 * `count` (answers choosing it), `respondents` (evaluations of the type in scope) and, with `bySelf`,
 * `self` (the row counts self-evaluations; `respondents` then counts that role only). An answer that
 * holds an `exclusive` option counts as that option alone.
 */
export interface OptionCountsDataset extends DatasetBase {
  query: 'optionCounts';
  /**
   * Questions counted (ids). Default every question with options.
   * @minItems 1
   */
  questions?: string[];
  /**
   * Count self-evaluations (the rated person answering about themselves) apart from everyone else's:
   * two rows per option, `self` true and false, each with its own `respondents` (the 360). Default
   * false: one row per option counting every answer in scope, with no `self` field.
   */
  bySelf?: boolean;
}

/**
 * Free-text answers, one row per answer: `question`, `questionText`, `heading` (a follow-up's
 * statement, then its own text; else its text), `questionOrder`, `type`, `self`, `text`.
 */
export interface TextsDataset extends DatasetBase {
  query: 'texts';
  /**
   * Questions read (ids).
   * @minItems 1
   */
  questions: string[];
  /** Each answer with its author's `name` (only where the spec shows names). Default false. */
  perPerson?: boolean;
}

/**
 * The people in scope with their evaluations of the types: one row per evaluation with `evaluation`,
 * `person`, `name`, `type`, `typeName`, `createdAt`, `expireAt`, `done`, `respondedAt`, and `allDone` (every
 * evaluation of the person among these types is done). Pending evaluations are included. Lists people.
 */
export interface PeopleDataset extends DatasetBase {
  query: 'people';
}

/** A dataset computed from another one's rows (declared before it) by more transforms. */
export interface DerivedDataset {
  /** The dataset whose rows (after its own transforms) this one starts from. */
  from: string;
  transforms: Transform[];
  /** Computed only as the `from` of other datasets, never sent to the browser. Default false. */
  internal?: boolean;
}

/** A dataset read from the database by a named query. */
export type QueryDataset = ScoresDataset | SummaryDataset | OptionCountsDataset | TextsDataset | PeopleDataset;

/** A named server query and its transforms, or a derivation of another dataset. */
export type Dataset = QueryDataset | DerivedDataset;

/** The query names. */
export type QueryName = QueryDataset['query'];

// ---------------------------------------------------------------- transforms: see transforms.ts

// ---------------------------------------------------------------- widgets: see widgets.ts

// ---------------------------------------------------------------- layout

/** Tabs; switching tab resets the toggles inside. */
export interface TabsNode {
  kind: 'tabs';
  tabs: { label: string; content: LayoutNode[] }[];
}

/**
 * Alternative contents: "cycle" is one button that moves to the next ('Mudar Gráfico'); "buttons"
 * shows one pressed button per option (values / needs).
 */
export interface ToggleNode {
  kind: 'toggle';
  style: 'cycle' | 'buttons';
  /** The cycle button's text. */
  label?: string;
  options: { label: string; content: LayoutNode[] }[];
}

/** A titled group laid out in up to `columns` columns on wide screens. */
export interface SectionNode {
  kind: 'section';
  title?: string;
  /**
   * The person filter this section is about: its chosen person is named after the title ('Resultado
   * do colaborador: Ana Souza'), on screen and in the PDF. One of the view's filters. Default none.
   */
  subject?: PersonFilter;
  columns?: number;
  /** In the PDF report, the section starts a new page. Default false (the screen ignores it). */
  pageBreak?: boolean;
  content: LayoutNode[];
}

/**
 * The content repeated once per distinct `key` value of a dataset's rows (a block per person of the
 * consolidated scanner): inside, every widget's rows are narrowed to that value of `key`, and the
 * block is titled by the `title` field of its first row.
 */
export interface RepeatNode {
  kind: 'repeat';
  dataset: string;
  key: string;
  title: string;
  content: LayoutNode[];
}

/** A node of the layout tree. */
export type LayoutNode = TabsNode | ToggleNode | SectionNode | RepeatNode | Widget;

// ---------------------------------------------------------------- the view

/** Where the view sits in the side menu. */
export interface MenuEntry {
  /** The mapping group (a heading of the menu). */
  group: string;
  /** Link text. */
  label: string;
  /** Position in the group. */
  order: number;
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

// ---------------------------------------------------------------- what the server returns

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
