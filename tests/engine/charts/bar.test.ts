import { describe, expect, it } from 'vitest';
import { buildBar } from '../../../engine/charts/bar.ts';
import { tableOf } from '../../../engine/charts/table.ts';
import { chartBuilders } from '../../../engine/charts/registry.ts';
import type { BarWidget, Row } from '../../../engine/definition/dashboard.ts';
import { itemsOf, seriesOf } from './chartOption.ts';

// Team versus leadership per theme, already aggregated (percentages), with band colours per row.
const rows: Row[] = [
  { theme: 'Comunicação', side: 'Equipe', value: 42.4, band: '#c62828' },
  { theme: 'Comunicação', side: 'Liderança', value: 7, band: '#2e7d32' },
  { theme: 'Planejamento', side: 'Equipe', value: 30, band: '#1565c0' },
  { theme: 'Planejamento', side: 'Liderança', value: 55.5, band: '#f9a825' },
  { theme: 'Ação', side: 'Liderança', value: 12, band: '' },
];

const stacked: BarWidget = {
  kind: 'bar',
  dataset: 'themes',
  category: 'theme',
  value: 'value',
  series: 'side',
  color: 'band',
  seriesColors: { Equipe: '#111111' },
  stack: true,
  format: 'percent',
  labelMin: 10,
  min: 0,
  max: 100,
};

describe('buildBar', () => {
  it('puts the categories on the axis in first-seen order and one series per series value', () => {
    const option = buildBar(stacked, rows, 'screen');
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Comunicação', 'Planejamento', 'Ação'] });
    expect(seriesOf(option).map((series) => [series.type, series.name])).toEqual([
      ['bar', 'Equipe'],
      ['bar', 'Liderança'],
    ]);
    expect(option.legend).toMatchObject({ data: ['Equipe', 'Liderança'] });
  });

  it('places the given numbers, a missing pair as no value, and stacks the series', () => {
    const [team, leaders] = seriesOf(buildBar(stacked, rows, 'screen'));
    expect(itemsOf(team!).map((item) => item.value)).toEqual([42.4, 30, '-']);
    expect(itemsOf(leaders!).map((item) => item.value)).toEqual([7, 55.5, 12]);
    expect([team!.stack, leaders!.stack]).toEqual(['total', 'total']);
  });

  it('colours each bar from its row and each series from seriesColors', () => {
    const [team, leaders] = seriesOf(buildBar(stacked, rows, 'screen'));
    expect(itemsOf(team!).map((item) => item.itemStyle?.color)).toEqual(['#c62828', '#1565c0', undefined]);
    expect(itemsOf(leaders!).map((item) => item.itemStyle?.color)).toEqual(['#2e7d32', '#f9a825', undefined]);
    expect(team!.itemStyle).toEqual({ color: '#111111' });
    expect(leaders!.itemStyle).toBeUndefined();
  });

  it('writes labels as percentages and hides those below labelMin', () => {
    const [team, leaders] = seriesOf(buildBar(stacked, rows, 'screen'));
    expect(itemsOf(team!).map((item) => item.label)).toEqual([{ show: true, formatter: '42%' }, { show: true, formatter: '30%' }, { show: false }]);
    // 7 is under 10: no label; 55.5 rounds to 56.
    expect(itemsOf(leaders!).map((item) => item.label)).toEqual([{ show: false }, { show: true, formatter: '56%' }, { show: true, formatter: '12%' }]);
    expect(team!.label).toMatchObject({ position: 'inside' });
  });

  it("adds the row's detail in brackets to the tooltip, not to the label", () => {
    const withAnswer = rows.map((row, index) => ({ ...row, answer: ['Concordo', 'Discordo', '', 'Concordo', 'Discordo'][index]! }));
    const [team, leaders] = seriesOf(buildBar({ ...stacked, detail: 'answer' }, withAnswer, 'screen'));
    expect(itemsOf(team!).map((item) => (item.tooltip as { formatter?: string } | undefined)?.formatter)).toEqual(['Equipe<br/>Comunicação: 42% (Concordo)', 'Equipe<br/>Planejamento: 30%', undefined]);
    expect(itemsOf(leaders!).map((item) => (item.label as { formatter?: string }).formatter)).toEqual([undefined, '56%', '12%']);
  });

  it('sets the value axis range and a percent sign on its ticks', () => {
    const option = buildBar(stacked, rows, 'screen');
    // Ticks that would touch on a narrow chart are left out.
    expect(option.yAxis).toEqual({ type: 'value', min: 0, max: 100, axisLabel: { hideOverlap: true, formatter: '{value}%' } });
  });

  it('lays categories on the vertical axis, first on top, with one series and decimal labels', () => {
    const widget: BarWidget = { kind: 'bar', dataset: 'd', category: 'theme', value: 'value', horizontal: true, format: 'decimal' };
    const option = buildBar(widget, rows.slice(0, 2), 'screen');
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['Comunicação'] });
    expect(option.xAxis).toMatchObject({ type: 'value' });
    expect(option.legend).toBeUndefined();
    const series = seriesOf(option);
    expect(series).toHaveLength(1);
    expect(series[0]!.stack).toBeUndefined();
    expect(series[0]!.label).toMatchObject({ position: 'right' });
    // The first row of the category wins; the second (another side) is not a series here.
    expect(itemsOf(series[0]!).map((item) => [item.value, item.label])).toEqual([[42.4, { show: true, formatter: '42,4' }]]);
  });

  it('is registered under its kind', () => {
    expect(chartBuilders.bar).toBe(buildBar);
  });
});

describe('a count axis', () => {
  it('has whole ticks only (no 0,5 respondent)', () => {
    const option = buildBar({ kind: 'bar', dataset: 'd', category: 'label', value: 'n', format: 'integer' }, [{ label: 'Baixo', n: 1 }, { label: 'Alto', n: 2 }], 'screen');
    expect((option.yAxis as { minInterval?: number }).minInterval).toBe(1);
  });
});

describe('series order', () => {
  it('follows the order of the listed colours (a scale), whatever row comes first', () => {
    const widget: BarWidget = { kind: 'bar', dataset: 'd', category: 'q', value: 'p', series: 'level', stack: true, seriesColors: { Baixo: '#c62828', Médio: '#9e9e9e', Alto: '#2e7d32' } };
    const option = buildBar(widget, [{ q: 'Inverted item', level: 'Alto', p: 50 }, { q: 'Inverted item', level: 'Baixo', p: 50 }, { q: 'Inverted item', level: 'Médio', p: 0 }], 'screen');
    expect((option.series as { name: string }[]).map((series) => series.name)).toEqual(['Baixo', 'Médio', 'Alto']);
  });
});

describe('value labels of bars side by side', () => {
  const pairs = (categories: number, value: number): Row[] =>
    Array.from({ length: categories }, (_, index) => [
      { theme: `Tema ${index + 1}`, who: 'Equipe', note: value },
      { theme: `Tema ${index + 1}`, who: 'Liderança', note: value },
    ]).flat();
  const paired: BarWidget = { kind: 'bar', dataset: 'notes', category: 'theme', value: 'note', series: 'who', format: 'decimal' };
  const labelOf = (option: ReturnType<typeof buildBar>) => (option.series as { label: Record<string, unknown> }[])[0]!.label;

  // A 600-pixel chart's plot is 600 − 84 pixels: 12 categories of 43 pixels, two bars of 15 pixels a
  // category whose centres are 19.5 pixels apart; '10,0' is 24 pixels wide at 12 px and 20 at 10 px.
  it('stand upright where their neighbours stay apart (5 pairs on 600 pixels: centres 47 pixels apart)', () => {
    const label = labelOf(buildBar(paired, pairs(5, 10), 'print', 600));
    expect(label).toMatchObject({ show: true, position: 'top' });
    expect(label.rotate).toBeUndefined();
    expect(label.fontSize).toBeUndefined();
  });

  it('stand on end above their bars when upright ones would run together, with room above the plot (12 pairs on 600 pixels)', () => {
    const option = buildBar(paired, pairs(12, 10), 'print', 600);
    expect(labelOf(option)).toMatchObject({ show: true, rotate: 90, fontSize: 10 });
    // Above the legend's row, room for the longest label on end ('10,0' at 10 px: 20 pixels, and 6).
    const top = (option: ReturnType<typeof buildBar>) => (option.grid as { top: number }).top;
    expect(top(option) - top(buildBar(paired, pairs(5, 10), 'print', 600))).toBeGreaterThanOrEqual(24);
  });

  it('are left to the table when even on end they would touch (12 pairs on a 342-pixel phone: centres 9.7 pixels apart)', () => {
    const option = buildBar(paired, pairs(12, 10), 'screen', 342);
    expect(labelOf(option)).toMatchObject({ show: false });
    expect((option.series as { data: { label: { show: boolean } }[] }[]).flatMap((series) => series.data.map((item) => item.label.show))).not.toContain(true);
  });
});

describe('a reference line (the participation target)', () => {
  const rates: Row[] = [
    { group: 'Caixa', rate: 66.7, target: 80 },
    { group: 'Forno', rate: 50, target: 80 },
  ];
  const widget: BarWidget = { kind: 'bar', dataset: 'bySector', category: 'group', value: 'rate', format: 'percent', horizontal: true, min: 0, max: 100, reference: { field: 'target', label: 'Meta' } };

  it('is drawn dashed across horizontal bars at the rows’ value, named with it, and its halo removed in print', () => {
    for (const mode of ['screen', 'print'] as const) {
      const [series] = seriesOf(buildBar(widget, rates, mode)) as { markLine?: { data: Record<string, unknown>[]; lineStyle: { type: string }; label: Record<string, unknown> } }[];
      expect(series!.markLine!.data).toEqual([{ xAxis: 80, name: 'Meta: 80%' }]);
      expect(series!.markLine!.lineStyle.type).toBe('dashed');
      expect(series!.markLine!.label.formatter).toBe('Meta: 80%');
      if (mode === 'print') expect(series!.markLine!.label).toMatchObject({ textBorderWidth: 0, textBorderColor: 'none' });
    }
    // Upright bars: a horizontal line at the value.
    const [upright] = seriesOf(buildBar({ ...widget, horizontal: false }, rates, 'screen')) as { markLine?: { data: unknown[] } }[];
    expect(upright!.markLine!.data).toEqual([{ yAxis: 80, name: 'Meta: 80%' }]);
  });

  it('is left out while the field holds no number (no round chosen), and is the last row of the table otherwise', () => {
    const without = rates.map((row) => ({ ...row, target: null }));
    expect((seriesOf(buildBar(widget, without, 'screen'))[0] as { markLine?: unknown }).markLine).toBeUndefined();
    expect(tableOf(widget, rates).rows).toEqual([
      ['Caixa', '67%'],
      ['Forno', '50%'],
      ['Meta', '80%'],
    ]);
    expect(tableOf(widget, without).rows).toHaveLength(2);
  });
});
