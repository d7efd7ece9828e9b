import { describe, expect, it } from 'vitest';
import { bandSegments, buildGauge, gaugeReading, wholeSplit } from '../../../engine/charts/gauge.ts';
import { chartBuilders } from '../../../engine/charts/registry.ts';
import type { GaugeWidget } from '../../../engine/definition/dashboard.ts';
import { firstSeries } from './chartOption.ts';

// The perceived stress scale: 0 to 56 in four bands.
const widget: GaugeWidget = {
  kind: 'gauge',
  dataset: 'mean',
  value: 'value',
  label: 'band',
  min: 0,
  max: 56,
  format: 'decimal',
  bands: [
    { label: 'Baixo', from: 0, to: 13, color: '#43a047' },
    { label: 'Moderado', from: 13, to: 27, color: '#fdd835' },
    { label: 'Alto', from: 27, to: 40, color: '#fb8c00' },
    { label: 'Muito alto', from: 40, to: 56, color: '#e53935' },
  ],
};

interface GaugeSeries {
  type: string;
  min: number;
  max: number;
  axisLine: { lineStyle: { color: [number, string][] } };
  pointer: { show: boolean };
  detail: { formatter: string };
  data: { value: number; name: string }[];
}

const gauge = (rows: Parameters<typeof buildGauge>[1]) => firstSeries(buildGauge(widget, rows, 'screen')) as unknown as GaugeSeries;

describe('buildGauge', () => {
  it('colours the dial by the bands, each ending at its fraction of the range', () => {
    const series = gauge([]);
    expect([series.type, series.min, series.max]).toEqual(['gauge', 0, 56]);
    expect(series.axisLine.lineStyle.color).toEqual([
      [13 / 56, '#43a047'],
      [27 / 56, '#fdd835'],
      [40 / 56, '#fb8c00'],
      [1, '#e53935'],
    ]);
  });

  it('puts the needle at the first row value, written with a comma, with its band label', () => {
    const series = gauge([
      { value: 22.5, band: 'Moderado' },
      { value: 50, band: 'Muito alto' },
    ]);
    expect(series.data).toEqual([{ value: 22.5, name: 'Moderado' }]);
    expect(series.detail.formatter).toBe('22,5');
    expect(series.pointer.show).toBe(true);
  });

  it('draws no needle without data', () => {
    const series = gauge([]);
    expect(series.data).toEqual([]);
    expect(series.detail.formatter).toBe('');
    expect(series.pointer.show).toBe(false);
    expect(gaugeReading(widget, [{ value: null }]).value).toBeNull();
  });

  it('greys what no band covers', () => {
    expect(bandSegments([{ label: 'Meio', from: 10, to: 20, color: '#123456' }], 0, 100)).toEqual([
      [0.1, '#bdbdbd'],
      [0.2, '#123456'],
      [1, '#bdbdbd'],
    ]);
    expect(bandSegments([], 0, 100)).toEqual([[1, '#bdbdbd']]);
  });

  it('is registered under its kind', () => {
    expect(chartBuilders.gauge).toBe(buildGauge);
  });
});

describe('the dial ticks', () => {
  it('are whole numbers, so no tick is written with a decimal point', () => {
    expect([wholeSplit(0, 56), wholeSplit(1, 5), wholeSplit(0, 100), wholeSplit(0, 7)]).toEqual([8, 4, 10, 7]);
  });
});
