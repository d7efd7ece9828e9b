import { describe, expect, it } from 'vitest';
import type { DashboardDefinition } from '../../../engine/definition/dashboard';
import { reportBlocks } from '../../../engine/reports/document';

/* A widget's `help` follows its block in a report: how to read it, then each band's meaning in order. */

const help = {
  text: 'O ponteiro marca a média do grupo.',
  meanings: { 'Estresse baixo': 'Tensão dentro do esperado.', 'Estresse alto': 'Sinal de atenção.' },
};
const view = {
  id: 99,
  title: 'Estresse',
  filters: [],
  empty: 'Sem respostas',
  datasets: { summary: { query: 'summary', types: [13] } },
  layout: [
    {
      kind: 'gauge',
      title: 'Média',
      dataset: 'summary',
      value: 'value',
      min: 0,
      max: 56,
      bands: [
        { label: 'Estresse baixo', from: 0, to: 27, color: '#2e7d32' },
        { label: 'Estresse alto', from: 27, to: 56, color: '#c62828' },
      ],
      help,
    },
    { kind: 'stat', dataset: 'summary', value: 'value', label: 'pontos' },
  ],
} as unknown as DashboardDefinition;

describe("a widget's help in a report", () => {
  it('comes right after the widget it explains, with its text and meanings in order', () => {
    const blocks = reportBlocks(view, { respondents: 2, datasets: { summary: { rows: [{ value: 20 }] } } } as never);
    expect(blocks.map((block) => block.kind)).toEqual(['chart', 'help', 'stat']);
    expect(blocks[1]).toEqual({
      kind: 'help',
      text: 'O ponteiro marca a média do grupo.',
      meanings: [
        { name: 'Estresse baixo', text: 'Tensão dentro do esperado.' },
        { name: 'Estresse alto', text: 'Sinal de atenção.' },
      ],
    });
  });

  it('is left out with the widget when it has no rows', () => {
    const blocks = reportBlocks(view, { respondents: 2, datasets: { summary: { rows: [] } } } as never);
    expect(blocks.map((block) => block.kind)).toEqual(['empty', 'empty']);
  });

  it('gives each explanation once in a report: a later widget explaining the same bands keeps only what is new', () => {
    const bars = { kind: 'bar', title: 'Por faixa', dataset: 'summary', category: 'band', value: 'value', help: { text: 'Quantos em cada faixa.', meanings: { ...help.meanings, 'Estresse alto': 'Outra frase.' } } };
    const twice = { ...view, layout: [view.layout[0], bars, { kind: 'section', title: 'Outra parte', content: [bars] }] } as unknown as DashboardDefinition;
    const blocks = reportBlocks(twice, { respondents: 2, datasets: { summary: { rows: [{ value: 20, band: 'Estresse baixo' }] } } } as never);
    const helps = blocks.flatMap((block) => (block.kind === 'help' ? [block] : []));
    // The same sentence is not written again, a different one is; the third widget (the same as the
    // second, in another part, as a repeated block's people are) has nothing new and no help block.
    expect(helps.map((block) => block.meanings.map((meaning) => meaning.name))).toEqual([['Estresse baixo', 'Estresse alto'], ['Estresse alto']]);
    expect(helps[1]!.text).toBe('Quantos em cada faixa.');
  });
});
