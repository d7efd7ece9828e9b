import { describe, expect, it } from 'vitest';
import { chartBuilders } from '../../../engine/charts/registry.ts';
import { buildScatter } from '../../../engine/charts/scatter.ts';
import type { Row, ScatterWidget } from '../../../engine/definition/dashboard.ts';
import { firstSeries, itemsOf } from './chartOption.ts';

const rows: Row[] = [
  { name: 'Ana', performance: 80, potential: 65 },
  { name: 'Bruno', performance: 30, potential: 90 },
  { name: 'Sem nota', performance: null, potential: 40 },
];

const widget: ScatterWidget = {
  kind: 'scatter',
  dataset: 'people',
  x: 'performance',
  y: 'potential',
  label: 'name',
  xName: 'Desempenho',
  yName: 'Potencial',
  min: 0,
  max: 100,
  split: 70,
  quadrants: ['A', 'B', 'C', 'D'],
};

describe('buildScatter', () => {
  it('places each row with both numbers as a named point', () => {
    const series = firstSeries(buildScatter(widget, rows, 'screen'));
    expect(series.type).toBe('scatter');
    expect(itemsOf(series).map((item) => [item.name, item.value])).toEqual([
      ['Ana', [80, 65]],
      ['Bruno', [30, 90]],
    ]);
    expect(series.label).toMatchObject({ show: true, formatter: '{b}' });
  });

  it('splits the quadrants with lines at 70 on both axes', () => {
    const markLine = firstSeries(buildScatter(widget, rows, 'screen')).markLine as { data: unknown[] };
    expect(markLine.data).toEqual([{ xAxis: 70 }, { yAxis: 70 }]);
  });

  it('writes the quadrant letters in the middle of each quadrant where no name is', () => {
    const markPoint = firstSeries(buildScatter(widget, rows, 'screen', 600)).markPoint as { data: { x: number; y: number; label: { formatter: string } }[] };
    // A 600 × 320 chart, plot from (48, 40) to (568, 272), split at 70: x 48–412–568, y 40–109.6–272.
    expect(markPoint.data.map((item) => [item.label.formatter, Math.round(item.x), Math.round(item.y)])).toEqual([
      ['A', 230, 75],
      ['B', 490, 75],
      ['C', 230, 191],
      ['D', 490, 191],
    ]);
  });

  it('gives points on one spot one name of all of them, and moves a letter away from a name', () => {
    const crowded = [
      { name: 'Ana', performance: 85, potential: 85 },
      { name: 'Bruno', performance: 85, potential: 85 },
    ];
    const series = firstSeries(buildScatter(widget, crowded, 'screen', 600));
    expect(itemsOf(series).map((item) => [item.name, item.value])).toEqual([['Ana\nBruno', [85, 85]]]);
    const letters = (series.markPoint as { data: { x: number; y: number; label: { formatter: string } }[] }).data;
    // B's middle (490, 75) is where the point and its name are: B goes to a free corner of its quadrant.
    const b = letters.find((item) => item.label.formatter === 'B')!;
    expect([Math.round(b.x), Math.round(b.y)]).not.toEqual([490, 75]);
  });

  it('names the axes and sets their range', () => {
    const option = buildScatter(widget, rows, 'screen');
    expect(option.xAxis).toMatchObject({ type: 'value', name: 'Desempenho', min: 0, max: 100 });
    expect(option.yAxis).toMatchObject({ type: 'value', name: 'Potencial', min: 0, max: 100 });
  });

  it('is registered under its kind', () => {
    expect(chartBuilders.scatter).toBe(buildScatter);
  });
});
