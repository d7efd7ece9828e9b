import { describe, expect, it } from 'vitest';
import { buildLine } from '../../../engine/charts/line.ts';
import { chartBuilders } from '../../../engine/charts/registry.ts';
import type { LineWidget, Row } from '../../../engine/definition/dashboard.ts';
import { firstSeries, itemsOf, seriesOf } from './chartOption.ts';

const rows: Row[] = [
  { competency: 'Foco', who: 'Autoavaliação', mean: 7.25 },
  { competency: 'Foco', who: 'Avaliadores', mean: 6 },
  { competency: 'Ética', who: 'Autoavaliação', mean: 9 },
  { competency: 'Ética', who: 'Avaliadores', mean: 8.5 },
];

const widget: LineWidget = {
  kind: 'line',
  dataset: 'grades',
  category: 'competency',
  value: 'mean',
  series: 'who',
  seriesColors: { Autoavaliação: '#1565c0', Avaliadores: '#ef6c00' },
  bands: [
    { label: 'Insuficiente', from: 0, to: 5, color: '#e53935' },
    { label: 'Excelente', from: 8, to: 10, color: '#43a047' },
  ],
  format: 'decimal',
  min: 0,
  max: 10,
};

describe('buildLine', () => {
  it('draws one line per series over the categories with decimal labels', () => {
    const option = buildLine(widget, rows, 'screen');
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Foco', 'Ética'] });
    const [self, others] = seriesOf(option);
    expect([self!.type, self!.name, others!.name]).toEqual(['line', 'Autoavaliação', 'Avaliadores']);
    expect(itemsOf(self!).map((item) => [item.value, item.label?.formatter])).toEqual([
      [7.25, '7,3'],
      [9, '9,0'],
    ]);
    expect(itemsOf(others!).map((item) => [item.value, item.label?.formatter])).toEqual([
      [6, '6,0'],
      [8.5, '8,5'],
    ]);
    expect(others!.lineStyle).toEqual({ color: '#ef6c00' });
  });

  it('colours each line from its rows’ colour field (a score’s own colour), seriesColors winning', () => {
    const coloured = rows.map((row) => ({ ...row, tint: row.who === 'Autoavaliação' ? '#2e7d32' : '#6a1b9a' }));
    const [self, others] = seriesOf(buildLine({ ...widget, seriesColors: undefined, color: 'tint' }, coloured, 'screen'));
    expect([self!.lineStyle, others!.lineStyle]).toEqual([{ color: '#2e7d32' }, { color: '#6a1b9a' }]);
    const [mixed] = seriesOf(buildLine({ ...widget, color: 'tint' }, coloured, 'screen'));
    expect(mixed!.lineStyle).toEqual({ color: '#1565c0' });
  });

  it("writes the upper line's numbers above its points and the lower line's below, off both lines", () => {
    // Foco: 7,25 over 6; Ética: 9 over 8,5. Two categories a page apart: the lines rise gently, so
    // above the upper points and below the lower ones nothing is drawn.
    const [self, others] = seriesOf(buildLine(widget, rows, 'print'));
    expect(itemsOf(self!).map((item) => item.label?.position)).toEqual(['top', 'top']);
    expect(itemsOf(others!).map((item) => item.label?.position)).toEqual(['bottom', 'bottom']);
  });

  it('leaves to the table a number with no free place around its point', () => {
    // Ten series through one point each at the same height: the numbers cannot all find room.
    const crowd: Row[] = Array.from({ length: 10 }, (_, index) => ({ competency: 'Foco', who: `Série ${index + 1}`, mean: 5 }));
    const option = buildLine({ ...widget, seriesColors: undefined, bands: undefined }, crowd, 'screen', 342);
    const shown = seriesOf(option).flatMap((line) => itemsOf(line)).filter((item) => item.label?.show);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(10);
  });

  it('draws the bands as mark areas of the value axis, in their colours, translucent', () => {
    const markArea = firstSeries(buildLine(widget, rows, 'screen')).markArea as { data: unknown[] };
    expect(markArea.data).toEqual([
      [{ name: 'Insuficiente', yAxis: 0, itemStyle: { color: '#e53935', opacity: 0.18 } }, { yAxis: 5 }],
      [{ name: 'Excelente', yAxis: 8, itemStyle: { color: '#43a047', opacity: 0.18 } }, { yAxis: 10 }],
    ]);
    // Once: on the first series only.
    expect(seriesOf(buildLine(widget, rows, 'screen'))[1]!.markArea).toBeUndefined();
  });

  it('sets the value axis range, with whole ticks (ECharts would write decimals with a point)', () => {
    expect(buildLine(widget, rows, 'screen').yAxis).toEqual({ type: 'value', minInterval: 1, min: 0, max: 10, axisLabel: { hideOverlap: true } });
  });

  it('keeps the bands when there is no row yet', () => {
    const series = seriesOf(buildLine(widget, [], 'screen'));
    expect(series).toHaveLength(1);
    expect((series[0]!.markArea as { data: unknown[] }).data).toHaveLength(2);
  });

  it('is registered under its kind', () => {
    expect(chartBuilders.line).toBe(buildLine);
  });
});
