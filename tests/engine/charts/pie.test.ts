import { describe, expect, it } from 'vitest';
import { tableOf } from '../../../engine/charts/table.ts';
import { buildPie } from '../../../engine/charts/pie.ts';
import { chartBuilders } from '../../../engine/charts/registry.ts';
import type { PieWidget, Row } from '../../../engine/definition/dashboard.ts';
import { firstSeries, itemsOf } from './chartOption.ts';

const rows: Row[] = [
  { option: 'Concordo', answers: 1250, tone: '#2e7d32' },
  { option: 'Neutro', answers: 3, tone: '#9e9e9e' },
  { option: 'Discordo', answers: 0, tone: '#c62828' },
];

describe('buildPie', () => {
  const widget: PieWidget = { kind: 'pie', dataset: 'answers', category: 'option', value: 'answers', color: 'tone', format: 'integer' };

  it('draws a slice per row with its value and colour, leaving empty slices to the table', () => {
    const series = firstSeries(buildPie(widget, rows, 'screen'));
    expect(series.type).toBe('pie');
    expect(itemsOf(series).map((item) => [item.name, item.value, item.itemStyle?.color])).toEqual([
      ['Concordo', 1250, '#2e7d32'],
      ['Neutro', 3, '#9e9e9e'],
    ]);
    expect(tableOf(widget, rows).rows.map((row) => row[0])).toEqual(['Concordo', 'Neutro', 'Discordo']);
  });

  it('labels each slice "Name: value" the Brazilian way', () => {
    const series = firstSeries(buildPie(widget, rows, 'screen'));
    expect(itemsOf(series).map((item) => item.label?.formatter)).toEqual(['Concordo: 1.250', 'Neutro: 3']);
  });

  it('writes percentages with a percent sign', () => {
    const series = firstSeries(buildPie({ ...widget, format: 'percent' }, [{ option: 'Sim', answers: 42.4 }], 'screen'));
    expect(itemsOf(series)[0]!.label?.formatter).toBe('Sim: 42%');
  });

  it('is registered under its kind', () => {
    expect(chartBuilders.pie).toBe(buildPie);
  });
});
