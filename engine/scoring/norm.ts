/*
 * Where a mean stands among other companies' means (the norm of the consultancy's clients): the
 * percentile and the norm's median and top quartile. Pure: the companies' means come in, no one's
 * name or answers.
 */

/** A value's standing among others: its percentile (0–100) and the others' median and top quartile. */
export interface NormStanding {
  /** The share of the others under the value, a tie counting half, 0–100. */
  percentile: number;
  /** The 50th percentile of the others (interpolated). */
  median: number;
  /** The 75th percentile of the others (interpolated). */
  top: number;
}

/**
 * The `p`-th quantile (0–1) of values by linear interpolation between closest ranks (position
 * (n − 1) × p of the sorted values; a spreadsheet's PERCENTIL.INC).
 */
export function quantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** `value` among `others` (at least one). */
export function normStanding(value: number, others: number[]): NormStanding {
  const under = others.filter((other) => other < value).length;
  const equal = others.filter((other) => other === value).length;
  return { percentile: ((under + equal / 2) / others.length) * 100, median: quantile(others, 0.5), top: quantile(others, 0.75) };
}
