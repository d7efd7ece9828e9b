import { describe, expect, it } from 'vitest';
import { chartBuilders } from '../../../engine/charts/registry.ts';
import { buildRing } from '../../../engine/charts/ring.ts';
import type { RingWidget, Row } from '../../../engine/definition/dashboard.ts';
import { itemsOf, seriesOf } from './chartOption.ts';

const rows: Row[] = [
  { area: 'Comunicação', percent: 80, tone: '#c62828' },
  { area: 'Liderança', percent: 33.3, tone: '#1565c0' },
];

const widget: RingWidget = { kind: 'ring', dataset: 'areas', category: 'area', value: 'percent', color: 'tone' };

describe('buildRing', () => {
  it('draws one progress ring per row, side by side', () => {
    const series = seriesOf(buildRing(widget, rows, 'screen'));
    expect(series.map((item) => [item.type, item.min, item.max, item.center])).toEqual([
      ['gauge', 0, 100, ['25%', '42%']],
      ['gauge', 0, 100, ['75%', '42%']],
    ]);
    expect(series.map((item) => (item.progress as { show: boolean }).show)).toEqual([true, true]);
    expect(series.map((item) => (item.pointer as { show: boolean }).show)).toEqual([false, false]);
  });

  it('shows the percentage in the middle, the category under it, in the row colour', () => {
    const series = seriesOf(buildRing(widget, rows, 'screen'));
    expect(series.map((item) => (item.detail as { formatter: string }).formatter)).toEqual(['80%', '33%']);
    expect(series.map((item) => itemsOf(item).map((data) => [data.value, data.name]))).toEqual([[[80, 'Comunicação']], [[33.3, 'Liderança']]]);
    expect(series.map((item) => (item.progress as { itemStyle: { color: string } }).itemStyle.color)).toEqual(['#c62828', '#1565c0']);
  });

  it('is registered under its kind', () => {
    expect(chartBuilders.ring).toBe(buildRing);
  });
});
