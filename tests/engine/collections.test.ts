import { describe, expect, it } from 'vitest';
import { groupBy } from '../../engine/collections.ts';

describe('groupBy', () => {
  it('groups in first-seen order, items in their order', () => {
    const rows = [{ q: 'b', n: 1 }, { q: 'a', n: 2 }, { q: 'b', n: 3 }, { q: 'c', n: 4 }, { q: 'a', n: 5 }];
    const groups = groupBy(rows, (row) => row.q);
    expect([...groups.keys()]).toEqual(['b', 'a', 'c']);
    expect(groups.get('b')!.map((row) => row.n)).toEqual([1, 3]);
    expect(groups.get('a')!.map((row) => row.n)).toEqual([2, 5]);
  });

  it('gives an empty map for no items', () => {
    expect(groupBy([], String).size).toBe(0);
  });
});
