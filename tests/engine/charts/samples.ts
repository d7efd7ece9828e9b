import type { ChartKind } from '../../../engine/charts/registry.ts';
import type { Row, Widget } from '../../../engine/definition/dashboard.ts';

/** A small chart of each kind: its widget, its rows, and the data texts a reader sees on it. */
export type Sample<K extends ChartKind> = { widget: Extract<Widget, { kind: K }>; rows: Row[]; texts: string[] };

const bands = [
  { label: 'Insuficiente', from: 0, to: 50, color: '#e53935' },
  { label: 'Bom', from: 50, to: 100, color: '#43a047' },
];

/** One sample per chart kind (exhaustive by type). */
export const samples: { [K in ChartKind]: Sample<K> } = {
  bar: {
    widget: { kind: 'bar', dataset: 'd', category: 'theme', value: 'value', series: 'side', color: 'tone', format: 'percent', labelMin: 10 },
    rows: [
      { theme: 'Comunicação', side: 'Equipe', value: 42.4, tone: '#c62828' },
      { theme: 'Comunicação', side: 'Liderança', value: 7, tone: '#2e7d32' },
      { theme: 'Ação', side: 'Equipe', value: 30, tone: '#1565c0' },
    ],
    texts: ['Comunicação', 'Ação', '42%', '30%', 'Equipe', 'Liderança'],
  },
  line: {
    widget: { kind: 'line', dataset: 'd', category: 'theme', value: 'value', bands, format: 'decimal', min: 0, max: 100 },
    rows: [
      { theme: 'Foco', value: 72.25 },
      { theme: 'Ética', value: 40 },
    ],
    texts: ['Foco', 'Ética', '72,3', '40,0', 'Insuficiente', 'Bom'],
  },
  scatter: {
    widget: { kind: 'scatter', dataset: 'd', x: 'x', y: 'y', label: 'name', xName: 'Desempenho', yName: 'Potencial', min: 0, max: 100, split: 70, quadrants: ['A', 'B', 'C', 'D'] },
    rows: [
      { name: 'Ana', x: 80, y: 65 },
      { name: 'João', x: 30, y: 90 },
    ],
    texts: ['Ana', 'João', 'Desempenho', 'Potencial', 'A', 'B', 'C', 'D'],
  },
  pie: {
    widget: { kind: 'pie', dataset: 'd', category: 'option', value: 'n', color: 'tone', format: 'integer' },
    rows: [
      { option: 'Concordo', n: 1250, tone: '#2e7d32' },
      { option: 'Discordo', n: 300, tone: '#c62828' },
    ],
    texts: ['Concordo: 1.250', 'Discordo: 300'],
  },
  gauge: {
    widget: { kind: 'gauge', dataset: 'd', value: 'value', label: 'band', min: 0, max: 100, bands, format: 'decimal' },
    rows: [{ value: 62.5, band: 'Bom' }],
    texts: ['62,5', 'Bom'],
  },
  ring: {
    widget: { kind: 'ring', dataset: 'd', category: 'area', value: 'value', color: 'tone' },
    rows: [
      { area: 'Comunicação', value: 80, tone: '#c62828' },
      { area: 'Gestão', value: 45.5, tone: '#1565c0' },
    ],
    texts: ['80%', 'Comunicação', '46%', 'Gestão'],
  },
  wordCloud: {
    widget: { kind: 'wordCloud', dataset: 'd', word: 'word', value: 'n', minFont: 12, maxFont: 36 },
    rows: [
      { word: 'confiança', n: 9 },
      { word: 'equipe', n: 5 },
      { word: 'ação', n: 2 },
    ],
    texts: ['confiança', 'equipe', 'ação'],
  },
  heatmap: {
    widget: { kind: 'heatmap', dataset: 'd', row: 'group', column: 'label', value: 'value', count: 'n', color: 'tone', withheld: 'withheld', format: 'decimal' },
    rows: [
      { group: 'Vendas', label: 'Clareza', value: 4.25, n: 12, tone: '#2e7d32', withheld: null },
      { group: 'Vendas', label: 'Apoio', value: 2.5, n: 12, tone: '#c62828', withheld: null },
      { group: 'Logística', label: 'Clareza', value: null, n: 2, tone: '#2e7d32', withheld: 'Oculto: poucos respondentes.' },
      { group: 'Logística', label: 'Apoio', value: null, n: 2, tone: '#c62828', withheld: 'Oculto: poucos respondentes.' },
    ],
    texts: ['Vendas', 'Logística', 'Clareza', 'Apoio', '4,3', '2,5', 'n = 12', '—'],
  },
};

/** The samples as a list, for `it.each`. */
export const sampleList = Object.values(samples) as Sample<ChartKind>[];
