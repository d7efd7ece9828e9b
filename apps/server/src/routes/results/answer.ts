import { groupBy } from '../../../../../engine/collections.ts';
import type { Cell, DashboardDefinition, Row } from '../../../../../engine/definition/dashboard.ts';
import { allQuestions } from '../../../../../engine/definition/questions.ts';
import { format, messages } from '../../../../../engine/messages.ts';
import { applyTransforms, matches, matchesAll } from '../../../../../engine/scoring/transforms.ts';
import { isStaffForm, staffFormModel } from '../../../../../engine/staffForm/model.ts';
import type { Definitions } from '../../definitions.ts';
import { HttpError } from '../../errors.ts';
import { datasetTypes } from '../../results/views.ts';
import type { Account } from '../../types.ts';
import type { CallDeclaration, CallStep, DatasetQuery, FileAnswer, Input, Reader, Rows, Shape, ShapeKind, Shapes, Step } from './language.ts';

/*
 * The one interpreter of the section 7 calls' declarations (`language.ts`), pure: what datasets a
 * declaration reads (`needsOf`, and the startup check `missingDatasets`), and how the finished rows of
 * those datasets become its answer (`shapeAnswer`). No score, mean or percentage is computed here;
 * `run.ts` checks the request and computes the datasets.
 */

/** The request as the interpreter reads it. */
export interface CallRequest {
  account: Account;
  params: unknown;
  query: unknown;
  body: unknown;
}

/** A cell as text ('' when empty). */
export const text = (value: Cell | undefined): string => (value === null || value === undefined ? '' : String(value));
const number = (value: Cell | undefined): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);

const READERS: Record<Reader, (value: Cell | undefined) => unknown> = {
  text,
  number,
  nullableText: (value) => (value === null || value === undefined ? null : String(value)),
  nullableNumber: (value) => (value === null || value === undefined ? null : number(value)),
  flag: (value) => value === true,
};

const read = (value: Cell | undefined, reader: Reader | undefined): unknown => (reader ? READERS[reader](value) : (value ?? null));

/** A request value. */
export function inputValue(request: Pick<CallRequest, 'params' | 'query' | 'body'>, input: Input): unknown {
  const [place, name] = 'param' in input ? [request.params, input.param] : 'query' in input ? [request.query, input.query] : [request.body, input.body];
  return (place as Record<string, unknown> | undefined)?.[name];
}

/** The datasets a call reads: those whose rows it reads, those whose declared questions or staff blocks it reads, the filters whose choices it lists, the users it names. */
export interface Needs {
  rows: Set<string>;
  declared: Set<string>;
  choices: Set<NonNullable<Rows['choices']>>;
  users: Input[];
}

/** The view's dataset a source names: a name, or the view's first non-internal dataset of a query (404 without one). */
export function datasetNamed(dashboard: DashboardDefinition, source: string | DatasetQuery): string {
  if (typeof source === 'string') return source;
  const found = Object.entries(dashboard.datasets).find(([, dataset]) => !('from' in dataset) && dataset.query === source.query && !dataset.internal);
  if (!found) throw new HttpError(404, format(messages.api[source.missing], { id: dashboard.id }));
  return found[0];
}

/** The kinds of shapes, each the one key that tells it. */
const SHAPE_KINDS = Object.keys({ const: 1, cell: 1, cells: 1, object: 1, list: 1, first: 1, count: 1, every: 1, compare: 1, all: 1, cases: 1, viewTitle: 1 } satisfies Record<ShapeKind, 1>) as ShapeKind[];
const kindOf = (shape: Shape): ShapeKind => SHAPE_KINDS.find((kind) => kind in shape)!;

const sourcesOf = (rows: Rows): (string | DatasetQuery)[] => (rows.dataset === undefined ? [] : Array.isArray(rows.dataset) ? rows.dataset : [rows.dataset]);

/** The case of a `cases` shape the request chooses: the first dataset whose declared questions list its value. */
function chosenCase(dashboard: DashboardDefinition, shape: Shapes['cases'], request: ShapeInput['request']): string | undefined {
  const value = text(inputValue(request, shape.listing) as Cell);
  return Object.keys(shape.cases).find((name) => {
    const dataset = dashboard.datasets[name];
    return dataset !== undefined && !('from' in dataset) && 'questions' in dataset && (dataset.questions ?? []).includes(value);
  });
}

/**
 * Walks a declaration's answer for the datasets it needs; with a request, only the case it chooses
 * (without, every case: the startup check).
 */
export function needsOf(dashboard: DashboardDefinition, answer: Shape, request?: ShapeInput['request']): Needs {
  const needs: Needs = { rows: new Set(), declared: new Set(), choices: new Set(), users: [] };
  const walkRows = (rows: Rows) => {
    for (const source of sourcesOf(rows)) needs.rows.add(datasetNamed(dashboard, source));
    if (rows.questions !== undefined) needs.declared.add(rows.questions);
    if (rows.blocks !== undefined) needs.declared.add(rows.blocks);
    if (rows.user !== undefined) needs.users.push(rows.user);
    if (rows.whenAny !== undefined) needs.rows.add(rows.whenAny);
    if (rows.choices !== undefined) needs.choices.add(rows.choices);
    for (const step of [...(rows.steps ?? []), ...(rows.then ?? [])]) {
      if (step.op === 'listed') step.in.forEach((name) => needs.declared.add(name));
      if (step.op === 'lookup') walkRows(step.source);
    }
  };
  const walkers: { [K in ShapeKind]: (shape: Shapes[K]) => void } = {
    const: () => undefined,
    cell: () => undefined,
    cells: () => undefined,
    object: (shape) => Object.values(shape.object).forEach(walk),
    list: (shape) => {
      walkRows(shape.list);
      walk(shape.each);
    },
    first: (shape) => {
      walkRows(shape.first);
      walk(shape.each);
    },
    count: (shape) => walkRows(shape.count),
    every: (shape) => walkRows(shape.every),
    compare: (shape) => shape.of.forEach(walk),
    all: (shape) => shape.all.forEach(walk),
    cases: (shape) => {
      const chosen = request ? chosenCase(dashboard, shape, request) : undefined;
      const cases = request ? (chosen === undefined ? [] : [chosen]) : Object.keys(shape.cases);
      for (const name of cases) {
        needs.rows.add(name);
        walk(shape.cases[name]!);
      }
      if (!request || chosen === undefined) walk(shape.otherwise);
    },
    viewTitle: () => undefined,
  };
  const walk = (shape: Shape): void => (walkers[kindOf(shape)] as (shape: Shape) => void)(shape);
  walk(answer);
  return needs;
}

/** What a file answer needs of its dashboard: for 'viewReport', a report (named 'report' when missing). */
const FILE_NEEDS: Record<FileAnswer, (dashboard: DashboardDefinition) => string[]> = {
  viewReport: (dashboard) => (dashboard.report ? [] : ['report']),
};

/** The datasets a declaration names that its dashboard lacks, or what else a file answer needs of it (the startup check). */
export function missingDatasets(dashboard: DashboardDefinition, declaration: CallDeclaration): string[] {
  if (declaration.file !== undefined) return FILE_NEEDS[declaration.file](dashboard);
  const needs = needsOf(dashboard, declaration.answer);
  return [...new Set([...needs.rows, ...needs.declared])].filter((name) => !dashboard.datasets[name]);
}

/** One item of a list: a row, or a group read from its first row. */
interface Scope {
  row: Row;
  group: Row[];
}

/** What an answer is built from: the view, the request's values, the computed datasets, the filters' choices and the users named (as rows, by id). */
export interface ShapeInput {
  definitions: Pick<Definitions, 'questionnaires'>;
  dashboard: DashboardDefinition;
  request: Pick<CallRequest, 'params' | 'query' | 'body'>;
  computed: Map<string, Row[]>;
  choices?: Map<string, Row[]>;
  users?: Map<number, Row>;
}

/** The blocks of a staff form's questionnaire as rows (none when it is no staff form). */
function blockRows(definition: Parameters<typeof staffFormModel>[0] | undefined): Row[] {
  if (!definition || !isStaffForm(definition)) return [];
  const model = staffFormModel(definition);
  return [
    ...model.competencies.map(({ block, name, questions }): Row => ({ kind: 'competency', block, name, question: questions.grade, positive: questions.positive, better: questions.better })),
    ...model.openBlocks.map(({ block, name, key, question }): Row => ({ kind: 'open', block, name, key, question })),
  ];
}

/** A number rounded to some decimals (other values as they are). */
const rounded = (value: unknown, decimals: number | undefined): unknown =>
  decimals === undefined || typeof value !== 'number' ? value : Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Builds an answer from computed datasets (pure). */
export function shapeAnswer({ definitions, dashboard, request, computed, choices = new Map(), users = new Map() }: ShapeInput, answer: Shape): unknown {
  const questionnaireOf = (name: string | undefined) => {
    const dataset = name === undefined ? undefined : dashboard.datasets[name];
    return dataset ? definitions.questionnaires.get(datasetTypes(dashboard, dataset)[0]!) : undefined;
  };

  /** The questions of a dataset's questionnaire, in order, as rows. */
  function questionRows(name: string): Row[] {
    const definition = questionnaireOf(name);
    if (!definition) return [];
    return allQuestions(definition).map(({ question, pageIndex }) => ({
      question: question.id,
      text: question.text,
      page: pageIndex,
      pageTitle: definition.pages[pageIndex]!.title ?? '',
      parent: question.when?.question ?? null,
    }));
  }

  const declaredQuestions = (names: string[]) =>
    new Set(names.flatMap((name) => { const dataset = dashboard.datasets[name]; return !dataset || 'from' in dataset || !('questions' in dataset) ? [] : (dataset.questions ?? []); }));

  const callSteps: { [K in CallStep['op']]: (rows: Row[], step: Extract<CallStep, { op: K }>, source: string | undefined) => Row[] } = {
    scoreOrder: (rows, step, source) => {
      const order = new Map((questionnaireOf(source)?.scoring?.scores ?? []).map((score, index) => [score.id, index]));
      const at = (row: Row) => order.get(text(row[step.field])) ?? order.size;
      return [...rows].sort((a, b) => at(a) - at(b));
    },
    equalsInput: (rows, step) => rows.filter((row) => text(row[step.field]) === text(inputValue(request, step.input) as Cell)),
    listed: (rows, step) => {
      const listed = declaredQuestions(step.in);
      return rows.map((row) => ({ ...row, [step.as]: listed.has(text(row[step.field])) }));
    },
    anyOf: (rows, step) => rows.filter((row) => step.where.some((conditions) => matchesAll(row, conditions))),
    lookup: (rows, step) => {
      const found = groupBy(sourceRows(step.source, { row: {}, group: [] }), (row) => text(row[step.on]));
      return rows.map((row) => ({ ...row, ...Object.fromEntries(step.take.map((field) => [field, found.get(text(row[step.on]))?.[0]?.[field] ?? null])) }));
    },
  };

  function applySteps(rows: Row[], steps: Step[] | undefined, source: string | undefined): Row[] {
    let current = rows;
    for (const step of steps ?? []) {
      if (step.op in callSteps) {
        const run = callSteps[step.op as CallStep['op']] as (rows: Row[], step: CallStep, source: string | undefined) => Row[];
        current = run(current, step as CallStep, source);
      } else {
        const definition = questionnaireOf(source);
        current = applyTransforms(current, [step as Exclude<Step, CallStep>], { scores: definition?.scoring?.scores ?? [], bands: definition?.scoring?.classification?.bands ?? [] });
      }
    }
    return current;
  }

  // A declared source's rows after its steps are the same for every item: computed once.
  const sourceCache = new Map<Rows, Row[]>();
  const firstSource = (rows: Rows) => {
    const [source] = sourcesOf(rows);
    return source === undefined ? (rows.questions ?? rows.blocks) : datasetNamed(dashboard, source);
  };

  function sourceRows(rows: Rows, scope: Scope): Row[] {
    const declared = rows.dataset !== undefined || rows.questions !== undefined || rows.blocks !== undefined || rows.choices !== undefined || rows.user !== undefined;
    if (declared && sourceCache.has(rows)) return sourceCache.get(rows)!;
    let found: Row[];
    if (rows.whenAny !== undefined && (computed.get(rows.whenAny) ?? []).length === 0) found = [];
    else if (rows.dataset !== undefined) found = sourcesOf(rows).flatMap((source) => computed.get(datasetNamed(dashboard, source)) ?? []);
    else if (rows.questions !== undefined) found = questionRows(rows.questions);
    else if (rows.blocks !== undefined) found = blockRows(questionnaireOf(rows.blocks));
    else if (rows.choices !== undefined) found = choices.get(rows.choices) ?? [];
    else if (rows.user !== undefined) found = [users.get(Number(inputValue(request, rows.user)))].filter((row): row is Row => row !== undefined);
    else found = scope.group;
    found = applySteps(found, rows.steps, firstSource(rows));
    if (declared) sourceCache.set(rows, found);
    return found;
  }

  // A declared source's rows by the fields each of its matches reads, indexed once.
  const indexes = new Map<Rows, Map<number, Map<string, Row[]>>>();
  const keyOf = (row: Row, fields: string[]) => JSON.stringify(fields.map((field) => text(row[field])));

  function matched(rows: Rows, source: Row[], scope: Scope): Row[] {
    if (!rows.match) return source;
    const maps = Array.isArray(rows.match) ? rows.match : [rows.match];
    const cached = indexes.get(rows) ?? new Map<number, Map<string, Row[]>>();
    if (sourceCache.has(rows)) indexes.set(rows, cached);
    const found = new Set<Row>();
    maps.forEach((map, position) => {
      const index = cached.get(position) ?? groupBy(source, (row) => keyOf(row, Object.keys(map)));
      cached.set(position, index);
      for (const row of index.get(keyOf(scope.row, Object.values(map))) ?? []) found.add(row);
    });
    return maps.length === 1 ? [...found] : source.filter((row) => found.has(row));
  }

  /** The rows of a `Rows`, before grouping. */
  const rowsOf = (rows: Rows, scope: Scope): Row[] => applySteps(matched(rows, sourceRows(rows, scope), scope), rows.then, firstSource(rows));

  /** The items of a `Rows`: one per row, or per group. */
  function itemsOf(rows: Rows, scope: Scope): Scope[] {
    const found = rowsOf(rows, scope);
    if (!rows.groupBy) return found.map((row) => ({ row, group: [row] }));
    const fields = rows.groupBy;
    return [...groupBy(found, (row) => keyOf(row, fields)).values()].map((group) => ({ row: group[0]!, group }));
  }

  const builders: { [K in ShapeKind]: (shape: Shapes[K], scope: Scope) => unknown } = {
    const: (shape) => shape.const,
    cell: (shape, { row }) => {
      const absent = (value: Cell | undefined) => value === null || value === undefined;
      const value = shape.or !== undefined && absent(row[shape.cell]) ? row[shape.or] : row[shape.cell];
      return rounded(read(shape.else !== undefined && absent(value) ? shape.else : value, shape.read), shape.decimals);
    },
    cells: (shape, { row }) => shape.cells.map((cell) => read(row[cell], shape.read)),
    object: (shape, scope) => Object.fromEntries(Object.entries(shape.object).map(([field, part]) => [field, build(part, scope)])),
    list: (shape, scope) => {
      const items = itemsOf(shape.list, scope);
      return items.length === 0 && shape.orNull ? null : items.map((item) => build(shape.each, item));
    },
    first: (shape, scope) => build(shape.each, itemsOf(shape.first, scope)[0] ?? { row: {}, group: [] }),
    count: (shape, scope) => itemsOf(shape.count, scope).length,
    every: (shape, scope) => rowsOf(shape.every, scope).every((row) => matches(row, shape.where)),
    compare: (shape, scope) => {
      const [left, right] = shape.of.map((part) => Number(build(part, scope))) as [number, number];
      return shape.compare === 'lt' ? left < right : left > right;
    },
    all: (shape, scope) => shape.all.every((part) => build(part, scope) === true),
    cases: (shape, scope) => {
      const chosen = chosenCase(dashboard, shape, request);
      return build(chosen === undefined ? shape.otherwise : shape.cases[chosen]!, scope);
    },
    viewTitle: (shape) => (shape.viewTitle === 'report' ? (dashboard.report?.title ?? dashboard.title) : dashboard.title),
  };
  const build = (shape: Shape, scope: Scope): unknown => (builders[kindOf(shape)] as (shape: Shape, scope: Scope) => unknown)(shape, scope);

  return build(answer, { row: {}, group: [] });
}
