/** The median of some numbers (the upper middle one of an even count); NaN for none. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** The p-th percentile of numbers already sorted ascending (nearest rank); NaN for none. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
