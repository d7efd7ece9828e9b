import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../../engine/scoring/transforms.ts';

/*
 * `total` over a hidden group (issue 26): the anonymity rules leave a hidden group's counts null, and
 * their sum stays null (a 0 would read as "no one answered 1 or 2"); a group with numbers sums them, a
 * null among numbers counting as nothing, as before.
 */

describe('total', () => {
  it('sums a shown group’s percents and keeps a hidden group’s null', () => {
    const rows = [
      { group: 'Cozinha', question: '1.1', percent: 25, withheld: null },
      { group: 'Cozinha', question: '1.1', percent: 25, withheld: null },
      { group: 'Entrega', question: '1.1', percent: null, withheld: 'Oculto' },
      { group: 'Entrega', question: '1.1', percent: null, withheld: 'Oculto' },
      { group: 'Qualidade', question: '1.1', percent: 25, withheld: null },
      { group: 'Qualidade', question: '1.1', percent: null, withheld: null },
    ];
    expect(applyTransforms(rows, [{ op: 'total', field: 'percent', as: 'value', groupBy: ['group', 'question'], keep: ['withheld'] }])).toEqual([
      { group: 'Cozinha', question: '1.1', withheld: null, value: 50 },
      { group: 'Entrega', question: '1.1', withheld: 'Oculto', value: null },
      { group: 'Qualidade', question: '1.1', withheld: null, value: 25 },
    ]);
  });
});
