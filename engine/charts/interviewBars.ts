import type { EChartsOption } from 'echarts';
import type { CompetencySeries } from '../interview/consolidate.ts';
import { formatDecimalBR } from './format.ts';

/** The four series of the 360-by-interview chart, in drawing order. */
export const INTERVIEW_SERIES = ['average', 'self', 'min', 'max'] as const;

/** One of the chart's series keys. */
export type InterviewSeriesKey = (typeof INTERVIEW_SERIES)[number];

/** Portuguese names of the four series (from the message catalogue). */
export type InterviewSeriesNames = Record<InterviewSeriesKey, string>;

const COLORS: Record<InterviewSeriesKey, string> = { average: '#1565c0', self: '#2e7d32', min: '#c62828', max: '#ef6c00' };

/** The label of a bar: one decimal with a comma ("7,5"), or nothing when the value is missing. */
export function barLabel(value: number | null): string {
  return value === null ? '' : formatDecimalBR(value, 1);
}

/**
 * A bar's value label: upright text above the bar, read from bottom to top. Four bars share a
 * competency, each narrower than "10,0" set across; turned a quarter, a label is only a line high, so
 * neighbours never overlap, on screen, in print and in the server's SVG alike.
 */
const barValueLabel = (value: number) => ({
  show: true,
  position: 'top' as const,
  rotate: 90,
  align: 'left' as const,
  verticalAlign: 'middle' as const,
  distance: 4,
  formatter: barLabel(value),
  fontSize: 10,
  color: '#222',
  textBorderColor: 'transparent',
});

/**
 * ECharts option of the 360-by-interview report: one category per competency, four bar series
 * (evaluators' mean, self grade, minimum, maximum) on a 0–10 axis, each bar labelled with one decimal.
 * Labels are literal texts (no formatter functions), so the option stays plain data for server SVG.
 */
export function buildInterviewBars(competencies: CompetencySeries[], names: InterviewSeriesNames): EChartsOption {
  return {
    // No animation: the browser, the print view and server SVG all show the final bars at once.
    animation: false,
    color: INTERVIEW_SERIES.map((key) => COLORS[key]),
    legend: { top: 0, data: INTERVIEW_SERIES.map((key) => names[key]) },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    // Room above the axis's top for the upright label of a 10 (below the legend).
    grid: { left: 40, right: 16, top: 72, bottom: 96 },
    xAxis: {
      type: 'category',
      data: competencies.map((item) => item.name),
      axisLabel: { interval: 0, rotate: 35, color: '#333', textBorderColor: 'transparent' },
    },
    yAxis: { type: 'value', min: 0, max: 10, interval: 2 },
    series: INTERVIEW_SERIES.map((key) => ({
      type: 'bar' as const,
      name: names[key],
      barGap: '10%',
      data: competencies.map((item) => {
        const value = item[key];
        return value === null ? { value: '-', label: { show: false } } : { value, label: barValueLabel(value) };
      }),
    })),
  };
}
