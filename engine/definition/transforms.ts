import type { Cell } from './rows.ts';

/*
 * The transforms of the dashboard grammar (`dashboard.ts`): pure steps over a dataset's rows, run on
 * the server after the query (`engine/scoring/transforms.ts`).
 */

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

/** A percentage of `field` into `as`, within groups, by the first rule whose condition the row meets; null where the field is null (a hidden group's). */
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

/**
 * Sums `field` over groups: one row per group (the group fields and `as`), first-seen order. A group
 * whose values are all null (hidden by the anonymity rules) sums to null, not 0.
 */
export interface TotalTransform {
  op: 'total';
  field: string;
  as: string;
  groupBy: string[];
  /** Fields copied from the first row of each group. Default none. */
  keep?: string[];
}

/** Counts rows per group: one row per group (the group fields and `as`), first-seen order; `values` lists groups to keep even at 0. */
export interface CountTransform {
  op: 'count';
  /**
   * Fields whose values make a group, as `total` and `percent` take them.
   * @minItems 1
   */
  groupBy: string[];
  as: string;
  /** Every value of the one `groupBy` field to report, in this order, with 0 when absent; others are dropped. Default: values seen. */
  values?: Cell[];
  /** Category counting the rows whose place of a ranking (the one `groupBy` field; ties "group") is shared (`{field}.tie` true), reported after `values` ("Empate"). Default: ties are not told apart. */
  ties?: string;
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
 * The change from the row before within groups, in their current order (a score from one round to the
 * next): each row's `as` is its `field` minus the previous row's of its group; null for a group's first
 * row, or when either is not a number.
 */
export interface ChangeTransform {
  op: 'change';
  field: string;
  as: string;
  groupBy?: string[];
  /**
   * A note on a change drawn from few people: where the row's or the previous row's `count` is under
   * `below`, its `as` field gets `text` (null otherwise, and on a group's first row). Default none.
   */
  few?: FewNote;
}

/** The note of a change either side of which has few respondents ('Poucos respondentes: …'). */
export interface FewNote {
  /** The field counting the respondents of a row (`respondents`). */
  count: string;
  /**
   * The fewest respondents a side may have without the note.
   * @minimum 1
   */
  below: number;
  /** The field receiving the note. */
  as: string;
  text: string;
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
  | ChangeTransform
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
