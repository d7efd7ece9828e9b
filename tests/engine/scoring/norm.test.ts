import { describe, expect, it } from 'vitest';
import { normStanding, quantile } from '../../../engine/scoring/norm.ts';

/* The norm's arithmetic, by hand (a spreadsheet's PERCENTIL.INC for the quantiles). */
describe('the norm', () => {
  it('interpolates quantiles between closest ranks', () => {
    // 14 21 28 35 42 49: the median between 28 and 35; the 75th at position 3,75 → 35 + 0,75 × 7.
    expect(quantile([49, 14, 35, 21, 42, 28], 0.5)).toBe(31.5);
    expect(quantile([49, 14, 35, 21, 42, 28], 0.75)).toBe(40.25);
    // One value is every quantile; five values put the 75th on the 4th.
    expect(quantile([3], 0.75)).toBe(3);
    expect(quantile([1, 2, 3, 4, 5], 0.75)).toBe(4);
  });

  it('counts a tie as half under the value', () => {
    expect(normStanding(28, [14, 21, 28, 35, 42, 49]).percentile).toBeCloseTo(41.6667, 4);
    expect(normStanding(50, [14, 21, 28]).percentile).toBe(100);
    expect(normStanding(1, [14, 21, 28]).percentile).toBe(0);
    expect(normStanding(5, [5, 5, 5, 5]).percentile).toBe(50);
  });
});
