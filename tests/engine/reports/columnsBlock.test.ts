import { describe, expect, it } from 'vitest';
import type { DashboardDefinition } from '../../../engine/definition/dashboard';
import { reportBlocks } from '../../../engine/reports/document';

/* The PDF's columns: an empty column says the definition's text (it said 'Sem respostas', which it is not). */

const view = {
  id: 99,
  title: 'Alinhamento',
  filters: [],
  empty: 'Sem respostas',
  datasets: { alignment: { query: 'optionCounts', types: [16] } },
  layout: [
    {
      kind: 'columns',
      title: 'Valores',
      dataset: 'alignment',
      item: 'optionLabel',
      by: 'column',
      emptyColumn: 'Nenhum valor nesta coluna.',
      columns: [
        { value: 'left', label: 'Somente do participante' },
        { value: 'both', label: 'Compartilhados' },
      ],
    },
  ],
} as unknown as DashboardDefinition;

describe('the columns block of a report', () => {
  it("gives an empty column the definition's text", () => {
    const blocks = reportBlocks(view, { respondents: 1, datasets: { alignment: { rows: [{ optionLabel: 'Família', column: 'left' }] } } } as never);
    const block = blocks.flatMap((item) => (item.kind === 'columns' ? [item] : []))[0]!;
    expect(block.columns).toEqual([
      { heading: 'Somente do participante', items: ['Família'], empty: 'Nenhum valor nesta coluna.' },
      { heading: 'Compartilhados', items: [], empty: 'Nenhum valor nesta coluna.' },
    ]);
  });
});
