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
   * question a follow-up depends on, else null), or a filter's choices (`value`, `label`). Default:
   * the current group's rows.
   */
  dataset?: string | string[] | DatasetQuery;
  questions?: string;
  choices?: FilterField;
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
 * - `const`: a fixed value; `cell`: one field of the row (`or`: another when it is null); `cells`: several, as a list;
 * - `object`: fields each built by a shape;
 * - `list`: one item per row (or group) of `rows` (`orNull`: null instead of an empty list); `first`: the
 *   first row's item (an empty row when there is none); `count`: how many rows;
 * - `every`: whether every row meets a condition; `compare`: two numbers compared; `all`: every shape true;
 * - `cases`: the shape of the first dataset whose declared `questions` list the request's value, else `otherwise`.
 */
export interface Shapes {
  const: { const: Cell | readonly never[] };
  cell: { cell: string; read?: Reader; or?: string };
  cells: { cells: string[]; read?: Reader };
  object: { object: Record<string, Shape> };
  list: { list: Rows; each: Shape; orNull?: boolean };
  first: { first: Rows; each: Shape };
  count: { count: Rows };
  every: { every: Rows; where: Condition };
  compare: { compare: 'lt' | 'gt'; of: [Shape, Shape] };
  all: { all: Shape[] };
  cases: { cases: Record<string, Shape>; listing: Input; otherwise: Shape };
}

/** A shape's kind: the one key of `Shapes` it holds. */
export type ShapeKind = keyof Shapes;

/** Any shape. */
export type Shape = Shapes[ShapeKind];

/** How a request value becomes a list of ids: evaluation UUIDs (malformed ones left out, lower case) or integers, deduplicated. */
export type IdList = 'evaluationIds' | 'ids';

/** A JSON Schema as the routes declare them (`as const`). */
export type Schema = Readonly<Record<string, unknown>>;

/** One call of the specification's section 7. */
export interface CallDeclaration {
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
  /** The dashboard whose datasets it reads: an id, or the request value naming one ('Painel N não encontrado.'). */
  dashboard: number | Input;
  /** A company or a user the request names must be the account's to see (404 otherwise). */
  visible?: { company?: Input; user?: Input };
  /** The view's filters the request sets, checked as the data call checks them (a company user's company forced). */
  filters?: Partial<Record<FilterKey, Input>>;
  /** Only these evaluations or these people's (unknown and foreign ids match nothing). */
  only?: { evaluations?: { input: Input; as: IdList }; people?: { input: Input; as: IdList } };
  /**
   * Filters given as id lists: rows (told apart by `key`) of any id of a list, of every list given; an id
   * of another company matches nothing. Every list empty answers 400 `required`.
   */
  anyOf?: { lists: Partial<Record<FilterKey, Input>>; key: string; required: ApiMessage };
  answer: Shape;
  /** An empty list answers 404 with this message instead. */
  emptyIs?: ApiMessage;
}
