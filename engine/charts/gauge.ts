import type { EChartsOption } from 'echarts';
import type { GaugeWidget, ScoredRow } from '../definition/dashboard.ts';
import type { Band } from '../definition/types.ts';
import { mean } from '../scoring/aggregate.ts';
import { bandFor } from '../scoring/score.ts';
import { formatDecimalBR } from './format.ts';
import type { ChartContext, Classification } from './types.ts';

/** Range used when the questionnaire has no classification: a plain 0 to 100 dial. */
const FALLBACK_RANGE = { min: 0, max: 100 };
const FALLBACK_COLOR = '#9e9e9e';

/** The needle's value (or null without data), its band and its pt-BR text. */
export interface GaugeSummary {
  /** Statistic of the widget's score over the rows; null when no row has the score. */
  value: number | null;
  /** Band of the value in the classification, when there is one. */
  band?: Band;
  /** The value with one decimal and a comma ("22,5"); empty when there is no value. */
  text: string;
}

/** Numeric values of one score over the rows, skipping rows where it is missing or not a number. */
export function scoreValues(rows: ScoredRow[], score: string): number[] {
  return rows.flatMap((row) => {
    const raw = row[score];
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    return typeof value === 'number' && Number.isFinite(value) ? [value] : [];
  });
}

/** Summarises the rows for a gauge: the statistic, its band and its text. */
export function gaugeSummary(widget: GaugeWidget, context: ChartContext): GaugeSummary {
  const value = mean(scoreValues(context.rows, widget.score));
  if (value === null) return { value, text: '' };
  const band = context.classification ? bandFor(context.classification.bands, value) : undefined;
  return { value, band, text: formatDecimalBR(value) };
}

/** Band colours as gauge axis segments: [fraction of the range where the band ends, colour]. */
export function bandSegments(classification: Classification | undefined): [number, string][] {
  if (!classification || classification.bands.length === 0) return [[1, FALLBACK_COLOR]];
  const span = classification.max - classification.min;
  return classification.bands.map((band, index): [number, string] => {
    const last = index === classification.bands.length - 1;
    const end =
      last || band.below === undefined || span <= 0
        ? 1
        : Math.min(1, Math.max(0, (band.below - classification.min) / span));
    return [end, band.color];
  });
}

/** ECharts option of a gauge widget: the classification's range and band colours, the needle at the mean. */
export function buildGauge(widget: GaugeWidget, context: ChartContext): EChartsOption {
  const { classification } = context;
  const { min, max } = classification ?? FALLBACK_RANGE;
  const summary = gaugeSummary(widget, context);
  const data = summary.value === null ? [] : [{ value: summary.value, name: summary.band?.label ?? '' }];
  return {
    series: [
      {
        type: 'gauge',
        min,
        max,
        splitNumber: 8,
        radius: '90%',
        center: ['50%', '58%'],
        axisLine: { lineStyle: { width: 22, color: bandSegments(classification) } },
        pointer: { itemStyle: { color: 'auto' }, width: 6 },
        axisTick: { distance: -22, length: 6, lineStyle: { color: '#fff', width: 1 } },
        splitLine: { distance: -22, length: 22, lineStyle: { color: '#fff', width: 2 } },
        axisLabel: { distance: 28, color: '#444', fontSize: 12, textBorderColor: 'transparent' },
        title: {
          show: true,
          offsetCenter: [0, '78%'],
          fontSize: 16,
          fontWeight: 'bold',
          // Dark text: some band colours (yellow) are too faint for text; the needle carries the colour.
          color: '#222',
          textBorderColor: 'transparent',
        },
        detail: {
          valueAnimation: false,
          // A literal text (no placeholders), so the option stays plain data for server-side SVG too.
          formatter: summary.text,
          offsetCenter: [0, '45%'],
          fontSize: 28,
          fontWeight: 'bold',
          color: '#222',
          textBorderColor: 'transparent',
        },
        data,
      },
    ],
  };
}
