import { describe, expect, it } from 'vitest';
import type { DashboardDefinition } from '../../../engine/definition/dashboard';
import { REPORT_CHART_MAX_HEIGHT, reportBlocks } from '../../../engine/reports/document';

/* The report blocks of layout nodes: what the PDF draws. */

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

describe("a section's subject in a report", () => {
  const named = {
    id: 98,
    title: 'Scanner',
    filters: ['company', 'colleague'],
    empty: 'Sem respostas',
    datasets: { alpha: { query: 'scores', types: [3] } },
    layout: [{ kind: 'section', title: 'Resultado do colaborador', subject: 'colleague', content: [{ kind: 'stat', dataset: 'alpha', value: 'n', label: 'respostas' }] }],
  } as unknown as DashboardDefinition;
  const data = { respondents: 1, datasets: { alpha: { rows: [{ n: 1 }] } } } as never;
  const headings = (subjects?: Record<string, string>) => reportBlocks(named, data, subjects).flatMap((block) => (block.kind === 'heading' ? [block.text] : []));

  it('names the chosen person after the title', () => {
    expect(headings({ colleague: 'Ana Souza' })).toEqual(['Resultado do colaborador: Ana Souza']);
  });

  it('keeps the title alone when no one is chosen', () => {
    expect(headings()).toEqual(['Resultado do colaborador']);
    expect(headings({ evaluated: 'Bruno' })).toEqual(['Resultado do colaborador']);
  });
});

describe('a chart taller than a page in a report', () => {
  const statements = Array.from({ length: 60 }, (_, index) => `Afirmação ${index + 1}: a equipe recebe as informações de que precisa no momento certo`);
  const tall = {
    id: 97,
    title: 'Mapa',
    filters: [],
    empty: 'Sem respostas',
    datasets: { gaps: { query: 'optionCounts', types: [8] } },
    layout: [{ kind: 'bar', title: 'Consolidado das lacunas', dataset: 'gaps', category: 'statement', value: 'percent', series: 'answer', stack: true, horizontal: true, format: 'percent' }],
  } as unknown as DashboardDefinition;
  const rows = statements.flatMap((statement) => [
    { statement, answer: 'Desfavorável', percent: 60 },
    { statement, answer: 'Neutra', percent: 40 },
  ]);
  const charts = () => reportBlocks(tall, { respondents: 5, datasets: { gaps: { rows } } } as never).flatMap((block) => (block.kind === 'chart' ? [block] : []));

  it('is split by statements into charts that each fit a page, every statement once and in order, each with its axis and its numbers', () => {
    const parts = charts();
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.height).toBeLessThanOrEqual(REPORT_CHART_MAX_HEIGHT.portrait);
    expect(parts.flatMap((part) => part.table.rows.map((row) => row[0]))).toEqual(statements);
    expect(parts.map((part) => part.title)).toEqual(parts.map((_part, index) => `Consolidado das lacunas (${index + 1} de ${parts.length})`));
    for (const part of parts) expect((part.option as { xAxis: { type: string } }).xAxis.type).toBe('value');
  });
});
