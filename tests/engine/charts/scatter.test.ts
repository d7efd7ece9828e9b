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

  it('writes the quadrant letters in the middle of each quadrant', () => {
    const markPoint = firstSeries(buildScatter(widget, rows, 'screen')).markPoint as { data: { coord: number[]; label: { formatter: string } }[] };
    // Quadrants 0–70 and 70–100: middles 35 and 85; top-left, top-right, bottom-left, bottom-right.
    expect(markPoint.data.map((item) => [item.label.formatter, item.coord])).toEqual([
      ['A', [35, 85]],
      ['B', [85, 85]],
      ['C', [35, 35]],
      ['D', [85, 35]],
    ]);
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
