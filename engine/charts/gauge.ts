import type { EChartsOption } from 'echarts';
import type { AxisBand, GaugeWidget, Row } from '../definition/dashboard.ts';
import { cellText, CHART_WIDTH, formatNumber, toNumber } from './format.ts';
import { finishOption } from './print.ts';
import type { ChartMode } from './types.ts';

/** Colour of the dial where no band covers it. */
const NO_BAND_COLOR = '#bdbdbd';

/** The needle's value (null without data), its text as written per `format`, and the band label. */
export interface GaugeReading {
  value: number | null;
  text: string;
  label: string;
}

/** What a gauge shows: the first row's value and, when the widget names it, the row's band label. */
export function gaugeReading(widget: GaugeWidget, rows: Row[]): GaugeReading {
  const row = rows[0];
  const value = row ? toNumber(row[widget.value]) : null;
  if (value === null) return { value, text: '', label: '' };
  return { value, text: formatNumber(value, widget.format), label: widget.label === undefined ? '' : cellText(row?.[widget.label]) };
}

/**
 * Bands as gauge axis segments: [fraction of min..max where the segment ends, colour], in order of
 * `from`. Gaps between bands (and before the first, after the last) are drawn grey.
 */
export function bandSegments(bands: AxisBand[], min: number, max: number): [number, string][] {
  const span = max - min;
  if (span <= 0 || bands.length === 0) return [[1, NO_BAND_COLOR]];
  const fraction = (value: number) => Math.min(1, Math.max(0, (value - min) / span));
  const segments: [number, string][] = [];
  let end = 0;
  for (const band of [...bands].sort((a, b) => a.from - b.from)) {
    const from = fraction(band.from);
    const to = fraction(band.to);
    if (to <= end) continue;
    if (from > end) segments.push([from, NO_BAND_COLOR]);
    segments.push([to, band.color]);
    end = to;
  }
  if (end < 1) segments.push([1, NO_BAND_COLOR]);
  return segments;
}

/**
 * ECharts option of a gauge widget: a dial over min..max coloured by the bands, the needle at the
 * first row's value with its text below and the row's band label under it; no data, no needle.
 */
export function buildGauge(widget: GaugeWidget, rows: Row[], mode: ChartMode, width = CHART_WIDTH): EChartsOption {
  const reading = gaugeReading(widget, rows);
  const option = {
    series: [
      {
        type: 'gauge',
        min: widget.min,
        max: widget.max,
        splitNumber: wholeSplit(widget.min, widget.max),
        radius: '90%',
        center: ['50%', '58%'],
        axisLine: { lineStyle: { width: 22, color: bandSegments(widget.bands, widget.min, widget.max) } },
        pointer: { show: reading.value !== null, itemStyle: { color: '#424242' }, width: 6 },
        axisTick: { distance: -22, length: 6, lineStyle: { color: '#fff', width: 1 } },
        splitLine: { distance: -22, length: 22, lineStyle: { color: '#fff', width: 2 } },
        axisLabel: { distance: 28, color: '#424242', fontSize: 12 },
        // Dark texts: some band colours (yellow) are too faint for text; the dial carries the colour.
        // The band's name breaks into lines within the chart rather than running off a phone's.
        title: { show: true, offsetCenter: [0, '78%'], fontSize: 16, fontWeight: 'bold', color: '#212121', width: width - 24, overflow: 'break', lineHeight: 20 },
        detail: { valueAnimation: false, formatter: reading.text, offsetCenter: [0, '45%'], fontSize: 28, fontWeight: 'bold', color: '#212121' },
        data: reading.value === null ? [] : [{ value: reading.value, name: reading.label }],
      },
    ],
  };
  return finishOption(option as EChartsOption, mode);
}

/**
 * How many steps divide the dial so every tick is a whole number (56 → 8 steps of 7, 1–5 → 4 steps):
 * ECharts writes ticks with a decimal point, so whole ticks keep the dial in pt-BR.
 */
export function wholeSplit(min: number, max: number): number {
  const span = max - min;
  for (let steps = 10; steps >= 2; steps -= 1) if (Number.isInteger(span / steps)) return steps;
  return 5;
}
