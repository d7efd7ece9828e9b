import type { Cell, Condition, QueryName, Transform } from '../../../../../engine/definition/dashboard.ts';
import type { FilterField, FilterKey } from '../../../../../engine/filters.ts';
import type { messages } from '../../../../../engine/messages.ts';

/*
 * The language the section 7 calls are declared in (`calls.ts`): where a call's inputs go (filters,
 * id lists, checks), which datasets of which dashboard it reads, and how their rows become its answer,
 * all as data. One interpreter (`answer.ts`) runs every declaration; nothing here is code.
 */

/** A value of the request: a path parameter, a query-string field or a body field. */
export type Input = { param: string } | { query: string } | { body: string };

/** A message of the API catalogue (`definitions/messages/api.json`). */
export type ApiMessage = keyof typeof messages.api;

/** A message of any group of the catalogue (`definitions/messages/{group}.json`). */
export type CatalogueMessage = { [G in keyof typeof messages]: { group: G; key: keyof (typeof messages)[G] } }[keyof typeof messages];

/**
 * Steps over rows beyond the dashboard transforms:
 * - `scoreOrder`: rows sorted by where `field`'s value stands among the scores of the source dataset's
 *   first type (its scoring's order);
 * - `equalsInput`: only rows whose `field` equals the request's value;
 * - `listed`: `as` is true where `field`'s value is a question some datasets declare (their `questions`);
 * - `anyOf`: only rows meeting every condition of one of the lists;
 * - `lookup`: the `take` fields copied from the first row of `source` with the same `on` value.
 */
export type CallStep =
  | { op: 'scoreOrder'; field: string }
  | { op: 'equalsInput'; field: string; input: Input }
  | { op: 'listed'; field: string; in: string[]; as: string }
  | { op: 'anyOf'; where: Condition[][] }
  | { op: 'lookup'; source: Rows; on: string; take: string[] };

/** A step: a dashboard transform (`engine/scoring/transforms.ts`) or one of the calls' own. */
export type Step = Transform | CallStep;

/** The view's first non-internal dataset of a query (a view's own list of people); none answers 404 `missing` ({id}: the view). */
export interface DatasetQuery {
  query: QueryName;
  missing: ApiMessage;
}

/**
 * Rows for a list, a count or a first row, in this order: the source; `steps`; `match` (only rows
 * whose fields equal the current row's: `{ theirs: 'ours' }`, or any of several such maps); `then`;
 * `groupBy` (each group is then one item, read from its first row, its rows the current group).
 */
export interface Rows {
  /**
   * The source: computed datasets (several are concatenated in order), the view's dataset of a query,
   * the questions of a dataset's questionnaire (`question`, `text`, `page`, `pageTitle`, `parent`: the
   * question a follow-up depends on, else null), the blocks of a staff form (`staff.blocks` of a
   * dataset's questionnaire, in order: a competency's `kind` 'competency', `block`, `name`,
   * `question` (its grade), `positive`, `better`; an open block's `kind` 'open', `block`, `name`,
   * `key`, `question`), a filter's choices (`value`, `label`), or the user a request value names (`id`,
   * `name`, `companyId`; 404 when the account cannot see them). Default: the current group's rows.
   */
  dataset?: string | string[] | DatasetQuery;
  questions?: string;
  blocks?: string;
  choices?: FilterField;
  user?: Input;
  /** No rows while this dataset has none. */
  whenAny?: string;
  steps?: Step[];
  match?: Record<string, string> | Record<string, string>[];
  then?: Step[];
  groupBy?: string[];
}

/** How a cell is read: text ('' when empty), number (0), text or null, number or null, true only when true. */
export type Reader = 'text' | 'number' | 'nullableText' | 'nullableNumber' | 'flag';

/**
 * The answer, built from the current row (at the top, an empty one) and group:
 * - `const`: a fixed value; `cell`: one field of the row (`or`: another when it is null; `else`: this
 *   value when both are; `decimals`: a number rounded to so many); `cells`: several, as a list;
 * - `object`: fields each built by a shape;
 * - `list`: one item per row (or group) of `rows` (`orNull`: null instead of an empty list); `first`: the
 *   first row's item (an empty row when there is none); `count`: how many rows;
 * - `every`: whether every row meets a condition; `compare`: two numbers compared; `all`: every shape true;
 * - `cases`: the shape of the first dataset whose declared `questions` list the request's value, else `otherwise`;
 * - `viewTitle`: the dashboard's title ('view'), or its report's title ('report', the dashboard's without one).
 */
export interface Shapes {
  const: { const: Cell | readonly never[] };
  cell: { cell: string; read?: Reader; or?: string; else?: Cell; decimals?: number };
  cells: { cells: string[]; read?: Reader };
  object: { object: Record<string, Shape> };
  list: { list: Rows; each: Shape; orNull?: boolean };
  first: { first: Rows; each: Shape };
  count: { count: Rows };
  every: { every: Rows; where: Condition };
  compare: { compare: 'lt' | 'gt'; of: [Shape, Shape] };
  all: { all: Shape[] };
  cases: { cases: Record<string, Shape>; listing: Input; otherwise: Shape };
  viewTitle: { viewTitle: 'view' | 'report' };
}

/** A shape's kind: the one key of `Shapes` it holds. */
export type ShapeKind = keyof Shapes;

/** Any shape. */
export type Shape = Shapes[ShapeKind];

/**
 * How a request value becomes a list of ids, deduplicated: evaluation UUIDs (malformed ones left out,
 * lower case), integers, or integer texts ('idTexts': 1 to 2147483647, as values or comma lists
 * '1,2', at most 500; anything else answers 400 with the list's `invalid` message, {value}: the bad one).
 */
export type IdList = 'evaluationIds' | 'ids' | 'idTexts';

/** A list of ids a request value gives (absent: no restriction). */
export interface IdInput {
  input: Input;
  as: IdList;
  /** The 400 of a malformed list ('idTexts'). Default the API's invalid request. */
  invalid?: CatalogueMessage;
}

/** The dashboard of the one staff form of the definitions (its type's view); several forms or none stop the start, naming the calls' paths. */
export interface OneStaffForm {
  oneStaffForm: true;
}

/** How a call answers with a file instead of JSON: 'viewReport', the dashboard's report (its `report` layout) as a PDF under the call's filters. */
export type FileAnswer = 'viewReport';

/** A JSON Schema as the routes declare them (`as const`). */
export type Schema = Readonly<Record<string, unknown>>;

/** What every call declares, whatever its answer. */
export interface CallBase {
  method: 'GET' | 'POST';
  /** The path under /api, in Fastify's syntax (the spec's route, never changed). */
  url: string;
  /** What the OpenAPI document says of it, in Portuguese. */
  summary: string;
  params?: Schema;
  querystring?: Schema;
  body?: Schema;
  /** The success answer's schema (200). */
  response: Schema;
  /** The error statuses it may answer. */
  errors: readonly number[];
  /** The dashboard whose datasets it reads: an id, the request value naming one ('Painel N não encontrado.'), or the one staff form's. */
  dashboard: number | Input | OneStaffForm;
  /**
   * A company or a user the request names must be the account's to see (404 otherwise);
   * `userCompany`: the view's company filter is that user's company (none for a user of none).
   */
  visible?: { company?: Input; user?: Input; userCompany?: boolean };
  /** The view's filters the request sets, checked as the data call checks them (a company user's company forced). */
  filters?: Partial<Record<FilterKey, Input>>;
  /** Only these evaluations or these people's (unknown and foreign ids match nothing). */
  only?: { evaluations?: IdInput; people?: IdInput };
  /**
   * Filters given as id lists: rows (told apart by `key`) of any id of a list, of every list given; an id
   * of another company matches nothing. Every list empty answers 400 `required`.
   */
  anyOf?: { lists: Partial<Record<FilterKey, Input>>; key: string; required: ApiMessage };
}

/** A call answering JSON built by a shape. */
export interface DataCall extends CallBase {
  answer: Shape;
  /** An empty list answers 404 with this message instead. */
  emptyIs?: ApiMessage;
  file?: never;
}

/** A call answering a file. */
export interface FileCall extends CallBase {
  file: FileAnswer;
  answer?: never;
  emptyIs?: never;
}

/** One call of the specification's section 7. */
export type CallDeclaration = DataCall | FileCall;
