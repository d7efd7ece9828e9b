import type {
  BandTransform,
  ChangeTransform,
  Cell,
  CompareTransform,
  Condition,
  CountTransform,
  KeepWhenTransform,
  MapTransform,
  PercentBase,
  PercentTransform,
  PivotTransform,
  Row,
  SortTransform,
  SplitTransform,
  TopTransform,
  TotalTransform,
  Transform,
  TransformOp,
  UnpivotTransform,
} from '../definition/dashboard.ts';
import type { Band, ScoreDefinition } from '../definition/types.ts';
import { settle } from './score.ts';
import { groupBy } from '../collections.ts';

/*
 * The dashboards' pure transforms: each takes a dataset's rows (already aggregated by the database,
 * tens of rows) and returns new rows. They run on the server after the query, so the browser and the
 * PDFs receive the same finished tables. Nothing here reads a database or a clock.
 */

/** What some transforms need from the dataset's questionnaire. */
export interface TransformContext {
  /** Scores of the dataset's first type, in definition order (labels and colours for `unpivot`). */
  scores: ScoreDefinition[];
  /** Bands of its classification (for `band` with "classification"). */
  bands: Band[];
}

const EMPTY_CONTEXT: TransformContext = { scores: [], bands: [] };

/** Whether a row meets a condition. */
export function matches(row: Row, condition: Condition): boolean {
  const value = row[condition.field] ?? null;
  if (condition.in && !condition.in.some((candidate) => same(candidate, value))) return false;
  if (condition.notIn && condition.notIn.some((candidate) => same(candidate, value))) return false;
  if (condition.gte !== undefined || condition.lt !== undefined) {
    const number = typeof value === 'number' ? value : Number(value);
    if (value === null || value === '' || !Number.isFinite(number)) return false;
    if (condition.gte !== undefined && number < condition.gte) return false;
    if (condition.lt !== undefined && number >= condition.lt) return false;
  }
  return true;
}

/** Whether a row meets every condition. */
export function matchesAll(row: Row, conditions: Condition[] | undefined): boolean {
  return (conditions ?? []).every((condition) => matches(row, condition));
}

/** Cells compare by value; a number and its decimal text are the same ("3" and 3: option values). */
function same(a: Cell, b: Cell): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return String(a) === String(b);
}

const numeric = (value: Cell | undefined): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);

/** The key of a row's group. */
function groupKey(row: Row, fields: string[] | undefined): string {
  return JSON.stringify((fields ?? []).map((field) => row[field] ?? null));
}

/** Each row's `field` minus the previous row's of its group (null first, or without two numbers). */
function change(rows: Row[], transform: ChangeTransform): Row[] {
  const previous = new Map<string, Row>();
  const few = transform.few;
  const finite = (value: Cell | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return rows.map((row) => {
    const group = groupKey(row, transform.groupBy);
    const number = finite(row[transform.field]);
    const earlier = previous.get(group);
    const before = earlier ? finite(earlier[transform.field]) : null;
    previous.set(group, row);
    const changed = { ...row, [transform.as]: number === null || before === null ? null : number - before };
    if (!few) return changed;
    // Either side counted under the threshold (or not counted at all) makes the change a weak one.
    const weak = earlier !== undefined && [row, earlier].some((side) => (finite(side[few.count]) ?? 0) < few.below);
    return { ...changed, [few.as]: weak ? few.text : null };
  });
}

/** Rows grouped by fields, groups in first-seen order. */
function groups(rows: Row[], fields: string[] | undefined): Row[][] {
  return [...groupBy(rows, (row) => groupKey(row, fields)).values()];
}

const sum = (rows: Row[], field: string) => rows.reduce((total, row) => total + numeric(row[field]), 0);

function denominator(base: PercentBase, field: string, row: Row, group: Row[]): number {
  let value = base.of === 'sum' ? sum(group, field) : numeric(row[base.of.field]);
  if (base.minus) value -= sum(group.filter((candidate) => matches(candidate, base.minus!)), field);
  value *= base.times ?? 1;
  if (base.atLeast !== undefined) value = Math.max(value, base.atLeast);
  return value;
}

function percent(rows: Row[], transform: PercentTransform): Row[] {
  const output = new Map<Row, Row>();
  for (const group of groups(rows, transform.groupBy)) {
    for (const row of group) {
      // A hidden value (null: a group withheld by the anonymity rules) has no percent either.
      if (row[transform.field] === null) {
        output.set(row, { ...row, [transform.as]: null });
        continue;
      }
      const rule = transform.rules.find((candidate) => !candidate.where || matches(row, candidate.where));
      const base = rule ? denominator(rule.base, transform.field, row, group) : 0;
      const raw = base === 0 ? 0 : settle((numeric(row[transform.field]) / base) * 100);
      const value = transform.round === 'trunc' ? Math.trunc(raw) : transform.round === 'round' ? Math.round(raw) : raw;
      output.set(row, { ...row, [transform.as]: value });
    }
  }
  return rows.map((row) => output.get(row)!);
}

function total(rows: Row[], transform: TotalTransform): Row[] {
  return groups(rows, transform.groupBy).map((group) => {
    const first = group[0]!;
    const row: Row = {};
    for (const field of [...transform.groupBy, ...(transform.keep ?? [])]) row[field] = first[field] ?? null;
    // A hidden group's values (null) have no sum either: it stays hidden.
    row[transform.as] = group.every((member) => member[transform.field] === null) ? null : sum(group, transform.field);
    return row;
  });
}

function count(rows: Row[], transform: CountTransform): Row[] {
  const [field, ...more] = transform.groupBy;
  if (field === undefined || more.length > 0) {
    return groups(rows, transform.groupBy).map((group) => {
      const row: Row = Object.fromEntries(transform.groupBy.map((name) => [name, group[0]![name] ?? null]));
      row[transform.as] = group.length;
      return row;
    });
  }
  const counts = new Map<string, { value: Cell; n: number }>();
  const keyOf = (value: Cell) => JSON.stringify(value === null ? null : String(value));
  for (const row of rows) {
    // A shared place of a ranking counts under the ties category, whatever profiles share it.
    const tied = transform.ties !== undefined && row[`${field}.tie`] === true;
    const value = tied ? transform.ties! : (row[field] ?? null);
    const key = keyOf(value);
    const entry = counts.get(key);
    if (entry) entry.n += 1;
    else counts.set(key, { value, n: 1 });
  }
  const wanted = transform.values && transform.ties !== undefined && !transform.values.some((value) => same(value, transform.ties!)) ? [...transform.values, transform.ties] : transform.values;
  const listed = wanted ? wanted.map((value) => ({ value, n: counts.get(keyOf(value))?.n ?? 0 })) : [...counts.values()];
  return listed.map(({ value, n }) => ({ [field]: value, [transform.as]: n }));
}

function compareCells(a: Cell | undefined, b: Cell | undefined): number {
  const left = a ?? null;
  const right = b ?? null;
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right), 'pt-BR', { numeric: true });
}

function sort(rows: Row[], transform: SortTransform): Row[] {
  return [...rows].sort((a, b) => {
    for (const { field, order } of transform.by) {
      const difference = compareCells(a[field], b[field]);
      if (difference !== 0) return order === 'desc' ? -difference : difference;
    }
    return 0;
  });
}

function top(rows: Row[], transform: TopTransform): Row[] {
  const kept = new Set<Row>();
  const ranks = new Map<Row, number>();
  for (const group of groups(rows, transform.groupBy)) {
    const chosen = transform.last ? group.slice(Math.max(0, group.length - transform.n)) : group.slice(0, transform.n);
    chosen.forEach((row, index) => {
      kept.add(row);
      ranks.set(row, index + 1);
    });
  }
  return rows.filter((row) => kept.has(row)).map((row) => (transform.rank ? { ...row, [transform.rank]: ranks.get(row)! } : row));
}

function rank(rows: Row[], as: string, groupBy: string[] | undefined): Row[] {
  const ranks = new Map<Row, number>();
  for (const group of groups(rows, groupBy)) group.forEach((row, index) => ranks.set(row, index + 1));
  return rows.map((row) => ({ ...row, [as]: ranks.get(row)! }));
}

function unpivot(rows: Row[], transform: UnpivotTransform, context: TransformContext): Row[] {
  const byId = new Map(context.scores.map((score) => [score.id, score]));
  const fields = transform.fields === 'scores' ? context.scores.filter((score) => !score.perQuestion).map((score) => score.id) : transform.fields;
  return rows.flatMap((row) =>
    fields.map((field) => {
      const kept: Row = {};
      for (const name of transform.keep ?? []) kept[name] = row[name] ?? null;
      const score = byId.get(field) ?? context.scores.find((candidate) => candidate.perQuestion && field.startsWith(`${candidate.id}.`));
      return { ...kept, score: field, label: score?.label ?? field, color: score?.color ?? null, value: row[field] ?? null };
    }),
  );
}

function split(rows: Row[], transform: SplitTransform): Row[] {
  return rows.map((row) => {
    const parts = String(row[transform.field] ?? '').split(transform.separator);
    const added: Row = {};
    transform.into.forEach((name, index) => {
      added[name] = parts[index] ?? null;
    });
    return { ...row, ...added };
  });
}

function band(rows: Row[], transform: BandTransform, context: TransformContext): Row[] {
  const bands = transform.bands === 'classification' ? context.bands : transform.bands;
  return rows.map((row) => {
    const raw = row[transform.field];
    if (raw === null || raw === undefined || raw === '') return { ...row, [transform.as]: null, [`${transform.as}Color`]: null, [`${transform.as}Index`]: null };
    const value = settle(numeric(raw));
    let index = bands.findIndex((candidate) => candidate.below === undefined || value < candidate.below);
    if (index < 0) index = bands.length - 1;
    const chosen = bands[index];
    return { ...row, [transform.as]: chosen?.label ?? null, [`${transform.as}Color`]: chosen?.color ?? null, [`${transform.as}Index`]: chosen ? index : null };
  });
}

function compare(rows: Row[], transform: CompareTransform): Row[] {
  return groups(rows, transform.groupBy).flatMap((group) => compareGroup(group, transform));
}

function compareGroup(rows: Row[], transform: CompareTransform): Row[] {
  const sides = new Map<string, { left: boolean; right: boolean; first: Row }>();
  for (const row of rows) {
    const item = row[transform.item];
    if (item === null || item === undefined || item === '') continue;
    const key = String(item);
    const entry = sides.get(key) ?? { left: false, right: false, first: row };
    if (same(row[transform.by] ?? null, transform.left)) entry.left = true;
    if (same(row[transform.by] ?? null, transform.right)) entry.right = true;
    sides.set(key, entry);
  }
  return [...sides.values()]
    .filter((entry) => entry.left || entry.right)
    .map(({ left, right, first }) => {
      const kept: Row = {};
      for (const name of [...(transform.groupBy ?? []), ...(transform.keep ?? [])]) kept[name] = first[name] ?? null;
      return { ...kept, [transform.item]: first[transform.item]!, [transform.as]: left && right ? 'both' : left ? 'left' : 'right' };
    });
}

function keepWhen(rows: Row[], transform: KeepWhenTransform): Row[] {
  const dropped = new Set<Row>();
  for (const group of groups(rows, transform.groupBy)) {
    const reached = sum(group.filter((row) => matches(row, transform.when)), transform.field) >= transform.atLeast;
    if (reached) for (const row of group) if (!matches(row, transform.keep)) dropped.add(row);
  }
  return rows.filter((row) => !dropped.has(row));
}

function pivot(rows: Row[], transform: PivotTransform): Row[] {
  return groups(rows, transform.key).map((group) => {
    const row: Row = {};
    for (const field of transform.key) row[field] = group[0]![field] ?? null;
    for (const entry of group) row[String(entry[transform.column])] = entry[transform.value] ?? null;
    return row;
  });
}

function map(rows: Row[], transform: MapTransform): Row[] {
  return rows.map((row) => {
    const value = row[transform.field] ?? null;
    const key = value === null ? 'null' : String(value);
    const mapped = Object.hasOwn(transform.values, key) ? transform.values[key]! : transform.otherwise !== undefined ? transform.otherwise : value;
    return { ...row, [transform.as]: mapped };
  });
}

/** Each transform by op; exhaustive, so a new op cannot be left without an implementation. */
const operations: { [K in TransformOp]: (rows: Row[], transform: Extract<Transform, { op: K }>, context: TransformContext) => Row[] } = {
  filter: (rows, transform) => rows.filter((row) => matchesAll(row, transform.where)),
  map,
  percent,
  total,
  count,
  sort,
  top,
  rank: (rows, transform) => rank(rows, transform.as, transform.groupBy),
  change,
  unpivot,
  split,
  band,
  compare,
  keepWhen,
  pivot,
  greatest: (rows, transform) =>
    rows.map((row) => {
      const values = transform.fields.map((field) => row[field]).filter((value) => value !== null && value !== undefined && value !== '').map(numeric);
      return { ...row, [transform.as]: values.length === 0 ? null : Math.max(...values) };
    }),
  scale: (rows, transform) =>
    rows.map((row) => {
      const value = row[transform.field];
      return { ...row, [transform.as]: value === null || value === undefined || value === '' ? null : numeric(value) * transform.factor };
    }),
};

/** Applies transforms in order. */
export function applyTransforms(rows: Row[], transforms: Transform[] | undefined, context: TransformContext = EMPTY_CONTEXT): Row[] {
  let current = rows;
  for (const transform of transforms ?? []) {
    const operation = operations[transform.op] as (rows: Row[], transform: Transform, context: TransformContext) => Row[];
    current = operation(current, transform, context);
  }
  return current;
}
