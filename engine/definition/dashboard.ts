/**
 * The results grammar: a `/dash/{id}` view is data. A dashboard names its **datasets** (a named
 * server query over the done evaluations of some types, never SQL, followed by pure **transforms**),
 * its **filters**, and a **layout** of tabs, toggles and sections holding **widgets** (a chart or table
 * kind with an encoding of dataset fields). The server runs the queries and transforms
 * (`apps/server/src/results/`); builders in `engine/charts` turn (widget, rows, mode) into an ECharts
 * option, the same in the browser and in the PDFs. `definitions/schema/dashboard.schema.json` is
 * generated from `DashboardDefinition`; `dashboardErrors` (semantics) checks every name it uses.
 */

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
   * Only each person's latest evaluation of each type (done ones; with the `people` query, done or
   * pending): a person who took a test twice counts once. Default false: every evaluation.
   */
  latest?: boolean;
  /** Pure transforms applied in order to the query's rows, on the server. Default none. */
  transforms?: Transform[];
  /** Computed only as the `from` of other datasets, never sent to the browser. Default false. */
  internal?: boolean;
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
 * `self` (a self-evaluation), `count` (answers choosing it) and `respondents` (evaluations of the type
 * and role in scope).
 */
export interface OptionCountsDataset extends DatasetBase {
  query: 'optionCounts';
  /**
   * Questions counted (ids). Default every question with options.
   * @minItems 1
   */
  questions?: string[];
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

// ---------------------------------------------------------------- transforms

/** A condition on one field of a row: equal to one of `in`, or within [gte, lt). */
export interface Condition {
  field: string;
  in?: Cell[];
  notIn?: Cell[];
  gte?: number;
  lt?: number;
}

/** How a `percent` rule computes a row's denominator. */
export interface PercentBase {
  /** "sum": the sum of the transform's field over the row's group; or the row's own field of that name. */
  of: 'sum' | { field: string };
  /** Subtract the sum of the transform's field over the group's rows matching this condition. */
  minus?: Condition;
  /** Multiply the denominator by this. Default 1. */
  times?: number;
  /** The denominator is at least this. Default none (0 over 0 gives 0). */
  atLeast?: number;
}

/** Rows keep only the fields listed / keep the rows matching. */
export interface FilterTransform {
  op: 'filter';
  where: Condition[];
}

/** Replaces a field's value by a mapped one (labels, colours), into `as`. */
export interface MapTransform {
  op: 'map';
  field: string;
  as: string;
  values: Record<string, Cell>;
  /** Value when the field's value is not listed. Default: the value itself. */
  otherwise?: Cell;
}

/** A percentage of `field` into `as`, within groups, by the first rule whose condition the row meets. */
export interface PercentTransform {
  op: 'percent';
  field: string;
  as: string;
  /** Fields whose values make a group. Default: all rows form one group. */
  groupBy?: string[];
  /** Denominator rules, first match wins; the last should have no `where`. */
  rules: { where?: Condition; base: PercentBase }[];
  /** "trunc" to whole numbers toward zero (the 360 charts), "round" to whole numbers, "none". Default "none". */
  round?: 'trunc' | 'round' | 'none';
}

/** Sums `field` over groups: one row per group (the group fields and `as`), first-seen order. */
export interface TotalTransform {
  op: 'total';
  field: string;
  as: string;
  groupBy: string[];
  /** Fields copied from the first row of each group. Default none. */
  keep?: string[];
}

/** Counts rows per group: one row per group (the group fields and `as`); `values` lists groups to keep even at 0. */
export interface CountTransform {
  op: 'count';
  groupBy: string;
  as: string;
  /** Every value to report, in this order, with 0 when absent; others are dropped. Default: values seen. */
  values?: Cell[];
}

/** Sorts rows by fields (stable). */
export interface SortTransform {
  op: 'sort';
  by: { field: string; order?: 'asc' | 'desc' }[];
}

/** Keeps the first `n` rows of each group (after a sort), numbering them in `rank` when given. */
export interface TopTransform {
  op: 'top';
  n: number;
  groupBy?: string[];
  /** Field receiving 1, 2, … within the group. Default none. */
  rank?: string;
  /** Keep the last `n` instead. Default false. */
  last?: boolean;
}

/** Numbers rows within groups in their current order (1 = first), into `as`. */
export interface RankTransform {
  op: 'rank';
  as: string;
  groupBy?: string[];
}

/**
 * Score columns turned into rows: for each input row and each listed field (or every score of the
 * dataset's first type), a row with the `keep` fields, `score`, `label`, `color` (from the scoring)
 * and `value`.
 */
export interface UnpivotTransform {
  op: 'unpivot';
  /** Score ids, or "scores" for every score of the first type in definition order. */
  fields: string[] | 'scores';
  keep?: string[];
}

/** Splits a field on a separator into named fields ("comandante.forca" → style, measure). */
export interface SplitTransform {
  op: 'split';
  field: string;
  separator: string;
  into: string[];
}

/** Rows whose `field` falls in a band get `{as}` (label), `{as}Color`, `{as}Index`. */
export interface BandTransform {
  op: 'band';
  field: string;
  as: string;
  /** "classification": the bands of the type's scoring; or bands given here (checked in order). */
  bands: 'classification' | { label: string; below?: number; color: string }[];
}

/**
 * Set difference of two groups of rows: each distinct `item` value gets one row with `side` =
 * "left" (only in rows where `by` is `left`), "both", or "right", keeping `keep` fields.
 */
export interface CompareTransform {
  op: 'compare';
  /** Compare within groups (values, then needs). Default: all rows form one group. */
  groupBy?: string[];
  item: string;
  by: string;
  left: Cell;
  right: Cell;
  as: string;
  keep?: string[];
}

/**
 * Within each group, when the sum of `field` over the rows matching `when` reaches `atLeast`, only the
 * rows matching `keep` stay (the consolidated gap charts: only disagreeing or neutral answers once
 * the negative sum is 50% or more).
 */
export interface KeepWhenTransform {
  op: 'keepWhen';
  groupBy: string[];
  field: string;
  when: Condition;
  atLeast: number;
  keep: Condition;
}

/**
 * Turns rows into one row per `key` group with a column per distinct `column` value holding `value`
 * (the team-versus-leader table: one row per theme, a column per side).
 */
export interface PivotTransform {
  op: 'pivot';
  key: string[];
  column: string;
  value: string;
}

/** Multiplies a numeric field by a factor into `as` (0–10 notes on a 0–100 axis). */
export interface ScaleTransform {
  op: 'scale';
  field: string;
  as: string;
  factor: number;
}

/** The greatest of some numeric fields into `as` (the alpha flag: force or risk). */
export interface GreatestTransform {
  op: 'greatest';
  fields: string[];
  as: string;
}

/** Every transform, discriminated on `op`. */
export type Transform =
  | FilterTransform
  | MapTransform
  | PercentTransform
  | TotalTransform
  | CountTransform
  | SortTransform
  | TopTransform
  | RankTransform
  | UnpivotTransform
  | SplitTransform
  | BandTransform
  | CompareTransform
  | KeepWhenTransform
  | PivotTransform
  | ScaleTransform
  | GreatestTransform;

/** The transform names. */
export type TransformOp = Transform['op'];

// ---------------------------------------------------------------- widgets

/** How a field's numbers are written: plain, with a percent sign, or with one decimal (pt-BR comma). */
export type NumberFormat = 'integer' | 'percent' | 'decimal';

/** A band drawn behind a chart (an area of the value axis) or listed in a legend. */
export interface AxisBand {
  label: string;
  from: number;
  to: number;
  color: string;
}

/** Fields every widget shares. */
interface WidgetBase {
  /** Heading shown above the widget. Default none. */
  title?: string;
  /** The dataset drawn. */
  dataset: string;
  /** Keep only the dataset's rows matching these conditions (a tab's questions). Default all rows. */
  where?: Condition[];
  /** Text shown when no row remains. Default the view's `empty`. */
  empty?: string;
  /** Height in pixels of a chart. Default 320. */
  height?: number;
}

/** Bars: one bar per `category` value, one series per `series` value (or one series), optionally stacked. */
export interface BarWidget extends WidgetBase {
  kind: 'bar';
  category: string;
  value: string;
  /** Field naming each row's series (team versus leadership); its values in first-seen order. */
  series?: string;
  /** Field holding a row's bar colour (a band colour). Default the palette. */
  color?: string;
  /** Colours per series value. Default the palette. */
  seriesColors?: Record<string, string>;
  stack?: boolean;
  /** Categories on the vertical axis (long statements). Default false. */
  horizontal?: boolean;
  format?: NumberFormat;
  /** Value labels below this are not drawn (still in the table). Default 0. */
  labelMin?: number;
  /** Value axis range. Default from the data. */
  min?: number;
  max?: number;
}

/** Lines over `category`, one per `series` value, with optional bands behind (Insuficiente … Excelente). */
export interface LineWidget extends WidgetBase {
  kind: 'line';
  category: string;
  value: string;
  series?: string;
  seriesColors?: Record<string, string>;
  bands?: AxisBand[];
  format?: NumberFormat;
  min?: number;
  max?: number;
}

/** Points at (`x`, `y`) named by `label`, split in four lettered quadrants at `split`. */
export interface ScatterWidget extends WidgetBase {
  kind: 'scatter';
  x: string;
  y: string;
  label: string;
  xName: string;
  yName: string;
  min: number;
  max: number;
  /** Where the quadrants split, on both axes. */
  split: number;
  /** Quadrant letters: top-left, top-right, bottom-left, bottom-right. */
  quadrants: [string, string, string, string];
}

/** A pie of `value` per `category`. */
export interface PieWidget extends WidgetBase {
  kind: 'pie';
  category: string;
  value: string;
  color?: string;
  format?: NumberFormat;
}

/** A speedometer of the first row's `value`, over the range, coloured by bands. */
export interface GaugeWidget extends WidgetBase {
  kind: 'gauge';
  value: string;
  /** The row's band label shown under the value. Default none. */
  label?: string;
  min: number;
  max: number;
  bands: AxisBand[];
  format?: NumberFormat;
}

/** One ring (circular percentage) per row: `value` of 0–100, `category` under it, `color` from a field. */
export interface RingWidget extends WidgetBase {
  kind: 'ring';
  category: string;
  value: string;
  color?: string;
}

/** Words placed once by the server (a seeded spiral), sized by `value` between the font sizes. */
export interface WordCloudWidget extends WidgetBase {
  kind: 'wordCloud';
  word: string;
  value: string;
  minFont: number;
  maxFont: number;
}

/** One table column: a field, its header, and how numbers are written. */
export interface TableColumn {
  field: string;
  label: string;
  format?: NumberFormat;
  /** Field holding this cell's background colour (band colours). */
  color?: string;
}

/** A table with one row per dataset row. */
export interface TableWidget extends WidgetBase {
  kind: 'table';
  columns: TableColumn[];
  /** Field holding each row's colour (the scanner's green and yellow). Default none. */
  rowColor?: string;
}

/**
 * Items in columns by a field's value (values and needs: only the participant, shared, only the
 * company): one column per entry of `columns`, listing the `item` of rows whose `by` equals its value.
 */
export interface ColumnsWidget extends WidgetBase {
  kind: 'columns';
  item: string;
  by: string;
  columns: { value: Cell; label: string }[];
}

/** Free-text answers grouped under their question (suggestions, considerations, 360 open questions). */
export interface TextsWidget extends WidgetBase {
  kind: 'texts';
  text: string;
  group: string;
  /** Field telling who wrote it, shown as a sub-heading per value (self, evaluators). Default none. */
  by?: string;
  byLabels?: Record<string, string>;
}

/**
 * Four styles in a 2 × 2 grid (the objections' quadrants), each cell with its value; `best` is
 * highlighted (convergente). `cells` gives the categories top-left, top-right, bottom-left, bottom-right.
 */
export interface QuadrantsWidget extends WidgetBase {
  kind: 'quadrants';
  category: string;
  value: string;
  color?: string;
  cells: [string, string, string, string];
  best?: string;
  format?: NumberFormat;
}

/** One number from the first row (the count of answers). */
export interface StatWidget extends WidgetBase {
  kind: 'stat';
  value: string;
  label: string;
  format?: NumberFormat;
}

/**
 * The 'N respostas' of the area maps: the number of rows as a button that lists the `name` of each
 * (the respondents); `label` holds "{n}".
 */
export interface NamesWidget extends WidgetBase {
  kind: 'names';
  name: string;
  label: string;
}

/** A fixed legend of bands (the reading criteria, the analysis criteria). */
export interface LegendWidget {
  kind: 'legend';
  title?: string;
  items: { label: string; text: string; color: string }[];
}

/** Every widget kind, discriminated on `kind`. */
export type Widget =
  | BarWidget
  | LineWidget
  | ScatterWidget
  | PieWidget
  | GaugeWidget
  | RingWidget
  | WordCloudWidget
  | TableWidget
  | ColumnsWidget
  | QuadrantsWidget
  | TextsWidget
  | StatWidget
  | NamesWidget
  | LegendWidget;

/** The widget kinds. */
export type WidgetKind = Widget['kind'];

/** Widgets that draw a dataset (all but the legend). */
export type DataWidget = Exclude<Widget, LegendWidget>;

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
  columns?: number;
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
  /** The view has 'Enviar Relatório' (dashboard 7 and the scanner; the sending itself is the next issue's). Default false. */
  sendReport?: boolean;
  /** The view's content. */
  layout: LayoutNode[];
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
}

/** The filters the data call accepts (ids as the API gives them). */
export interface DashboardFilters {
  company_id?: number;
  course_id?: number;
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
