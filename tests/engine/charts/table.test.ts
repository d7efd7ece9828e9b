import { describe, expect, it } from 'vitest';
import { tableOf } from '../../../engine/charts/table.ts';
import type { DataWidget, Row } from '../../../engine/definition/dashboard.ts';

const themes: Row[] = [
  { theme: 'Comunicação', side: 'Equipe', value: 42.4 },
  { theme: 'Comunicação', side: 'Liderança', value: 7 },
  { theme: 'Planejamento', side: 'Equipe', value: 30 },
  { theme: 'Planejamento', side: 'Liderança', value: 55.5 },
  { theme: 'Ação', side: 'Liderança', value: 12 },
];

describe('tableOf', () => {
  it('bars with series: a row per category, a column per series, written like the labels (hidden labels included)', () => {
    const widget: DataWidget = { kind: 'bar', dataset: 'd', category: 'theme', value: 'value', series: 'side', format: 'percent', labelMin: 10 };
    expect(tableOf(widget, themes)).toEqual({
      columns: ['Item', 'Equipe', 'Liderança'],
      rows: [
        ['Comunicação', '42%', '7%'],
        ['Planejamento', '30%', '56%'],
        ['Ação', '', '12%'],
      ],
    });
  });

  it("bars with a detail: the row's detail in brackets after each value (the answer behind a level)", () => {
    const widget: DataWidget = { kind: 'bar', dataset: 'd', category: 'statement', value: 'percent', series: 'level', detail: 'answer', format: 'percent', stack: true };
    const rows: Row[] = [
      { statement: 'Erros frequentes', level: 'Desfavorável', answer: 'Concordo', percent: 66.7 },
      { statement: 'Erros frequentes', level: 'Favorável', answer: 'Discordo', percent: 33.3 },
      { statement: 'Metas cumpridas', level: 'Desfavorável', answer: 'Discordo', percent: 0 },
      { statement: 'Metas cumpridas', level: 'Favorável', answer: '', percent: 100 },
    ];
    expect(tableOf(widget, rows)).toEqual({
      columns: ['Item', 'Desfavorável', 'Favorável'],
      rows: [
        ['Erros frequentes', '67% (Concordo)', '33% (Discordo)'],
        ['Metas cumpridas', '0% (Discordo)', '100%'],
      ],
    });
  });

  it('lines without series: category and value', () => {
    const widget: DataWidget = { kind: 'line', dataset: 'd', category: 'theme', value: 'value', format: 'decimal' };
    expect(tableOf(widget, themes.filter((row) => row.side === 'Equipe'))).toEqual({
      columns: ['Item', 'Valor'],
      rows: [
        ['Comunicação', '42,4'],
        ['Planejamento', '30,0'],
      ],
    });
  });

  it('scatter: label, x and y under the axis names', () => {
    const widget: DataWidget = { kind: 'scatter', dataset: 'd', x: 'x', y: 'y', label: 'name', xName: 'Desempenho', yName: 'Potencial', min: 0, max: 100, split: 70, quadrants: ['A', 'B', 'C', 'D'] };
    expect(tableOf(widget, [{ name: 'Ana', x: 80, y: 65.25 }])).toEqual({ columns: ['Item', 'Desempenho', 'Potencial'], rows: [['Ana', '80', '65,3']] });
  });

  it('pie and ring: category and value', () => {
    const rows = [
      { option: 'Sim', n: 1250 },
      { option: 'Não', n: 80 },
    ];
    expect(tableOf({ kind: 'pie', dataset: 'd', category: 'option', value: 'n', format: 'integer' }, rows)).toEqual({
      columns: ['Item', 'Valor'],
      rows: [
        ['Sim', '1.250'],
        ['Não', '80'],
      ],
    });
    expect(tableOf({ kind: 'ring', dataset: 'd', category: 'option', value: 'n' }, [{ option: 'Sim', n: 33.3 }])).toEqual({ columns: ['Item', 'Valor'], rows: [['Sim', '33%']] });
  });

  it('gauge and stat: one row, or none without data', () => {
    const gauge: DataWidget = { kind: 'gauge', dataset: 'd', value: 'value', label: 'band', min: 0, max: 56, bands: [], format: 'decimal' };
    expect(tableOf(gauge, [{ value: 22.5, band: 'Moderado' }])).toEqual({ columns: ['Valor', 'Faixa'], rows: [['22,5', 'Moderado']] });
    expect(tableOf(gauge, [])).toEqual({ columns: ['Valor', 'Faixa'], rows: [] });
    expect(tableOf({ kind: 'stat', dataset: 'd', value: 'n', label: 'Respostas' }, [{ n: 1234 }])).toEqual({ columns: ['Respostas'], rows: [['1.234']] });
  });

  it('names: the name of each row', () => {
    expect(tableOf({ kind: 'names', dataset: 'd', name: 'name', label: '{n} respostas' }, [{ name: 'Ana' }, { name: 'Bruno' }])).toEqual({ columns: ['Nome'], rows: [['Ana'], ['Bruno']] });
  });

  it('word cloud: word and value', () => {
    expect(tableOf({ kind: 'wordCloud', dataset: 'd', word: 'w', value: 'n', minFont: 10, maxFont: 30 }, [{ w: 'confiança', n: 9 }])).toEqual({ columns: ['Palavra', 'Valor'], rows: [['confiança', '9']] });
  });

  it('table: its columns, each written per its format', () => {
    const widget: DataWidget = {
      kind: 'table',
      dataset: 'd',
      columns: [
        { field: 'name', label: 'Nome' },
        { field: 'score', label: 'Pontuação', format: 'decimal' },
        { field: 'done', label: 'Concluído' },
        { field: 'share', label: 'Parte', format: 'percent' },
      ],
    };
    expect(tableOf(widget, [{ name: 'Ana', score: 7.25, done: true, share: 12.6 }, { name: 'Bruno', score: null, done: false, share: '40' }])).toEqual({
      columns: ['Nome', 'Pontuação', 'Concluído', 'Parte'],
      rows: [
        ['Ana', '7,3', 'Sim', '13%'],
        ['Bruno', '', 'Não', '40%'],
      ],
    });
  });

  it('columns: a row per position, the items of each column side by side', () => {
    const widget: DataWidget = {
      kind: 'columns',
      dataset: 'd',
      item: 'value',
      by: 'side',
      columns: [
        { value: 'left', label: 'Só o participante' },
        { value: 'both', label: 'Ambos' },
        { value: 'right', label: 'Só a empresa' },
      ],
    };
    const rows = [
      { value: 'Ética', side: 'both' },
      { value: 'Família', side: 'left' },
      { value: 'Lucro', side: 'right' },
      { value: 'Saúde', side: 'left' },
    ];
    expect(tableOf(widget, rows)).toEqual({
      columns: ['Só o participante', 'Ambos', 'Só a empresa'],
      rows: [
        ['Família', 'Ética', 'Lucro'],
        ['Saúde', '', ''],
      ],
    });
  });

  it('texts: question, author (by its label) and answer', () => {
    const rows = [
      { question: 'Sugestões', who: 'self', text: 'Mais reuniões' },
      { question: 'Sugestões', who: 'other', text: 'Menos reuniões' },
    ];
    expect(tableOf({ kind: 'texts', dataset: 'd', group: 'question', text: 'text', by: 'who', byLabels: { self: 'Autoavaliação' } }, rows)).toEqual({
      columns: ['Pergunta', 'Autor', 'Resposta'],
      rows: [
        ['Sugestões', 'Autoavaliação', 'Mais reuniões'],
        ['Sugestões', 'other', 'Menos reuniões'],
      ],
    });
    expect(tableOf({ kind: 'texts', dataset: 'd', group: 'question', text: 'text' }, rows.slice(0, 1))).toEqual({ columns: ['Pergunta', 'Resposta'], rows: [['Sugestões', 'Mais reuniões']] });
  });
});

describe('the quadrants of the objections', () => {
  it('list the four styles in the grid order, the missing one empty', () => {
    const table = tableOf(
      { kind: 'quadrants', dataset: 'd', category: 'label', value: 'value', cells: ['Divergente', 'Convergente', 'Conflitante', 'Concorrente'], best: 'Convergente', format: 'decimal' },
      [
        { label: 'Conflitante', value: 3 },
        { label: 'Convergente', value: 4.5 },
        { label: 'Divergente', value: 1.25 },
      ],
    );
    expect(table.rows).toEqual([
      ['Divergente', '1,3'],
      ['Convergente', '4,5'],
      ['Conflitante', '3,0'],
      ['Concorrente', ''],
    ]);
  });
});
