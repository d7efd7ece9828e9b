import type { EChartsOption } from 'echarts';
import type { BarWidget, ChartReference, NumberFormat, Row } from '../definition/dashboard.ts';
import { messages } from '../messages.ts';
import { cellText, CHART_WIDTH, colorOf, distinctNames, escapeHtml, formatNumber, PALETTE, toNumber } from './format.ts';
import { finishOption } from './print.ts';
import { horizontalLabelWidth, LABEL_LINE, LABEL_SIZE, legendTop, measureText, wrapLines } from './measure.ts';
import type { ChartMode } from './types.ts';

/** One series of a category chart: its name and, per category, the row holding its value (if any). */
export interface GridSeries {
  name: string;
  rows: (Row | undefined)[];
}

/** Rows of a bar or line chart laid out: categories and series in first-seen order. */
export interface CategoryGrid {
  categories: string[];
  series: GridSeries[];
}

/**
 * Places rows on categories × series (first-seen order of each; the first row of a pair wins).
 * Without a `series` field there is one series, named 'Valor'.
 */
export function categoryGrid(rows: Row[], encoding: { category: string; series?: string; seriesColors?: Record<string, string> }): CategoryGrid {
  const categories = distinctNames(rows, encoding.category);
  const seriesField = encoding.series;
  // Series in the order their colours are listed (a scale from negative to positive), then as first seen.
  const listed = Object.keys(encoding.seriesColors ?? {});
  const rank = (name: string) => (listed.includes(name) ? listed.indexOf(name) : listed.length);
  const names = seriesField === undefined ? [messages.dashboard.tableValue] : distinctNames(rows, seriesField).map((name, index) => ({ name, index })).sort((a, b) => rank(a.name) - rank(b.name) || a.index - b.index).map(({ name }) => name);
  const series = names.map((name) => ({
    name,
    rows: categories.map((category) =>
      rows.find((row) => cellText(row[encoding.category]) === category && (seriesField === undefined || cellText(row[seriesField]) === name)),
    ),
  }));
  return { categories, series };
}

/** A value as written, followed in brackets by the row's `detail` field when it has one ('67% (Concordo Totalmente)'). */
export function withDetail(text: string, row: Row | undefined, detail: string | undefined): string {
  const note = detail === undefined || !row ? '' : cellText(row[detail]).trim();
  return note === '' ? text : `${text} (${note})`;
}

/** The value of a row's field for a chart: the number, or '-' (ECharts' "no value") when missing. */
export function chartValue(row: Row | undefined, field: string): number | '-' {
  const value = row ? toNumber(row[field]) : null;
  return value === null ? '-' : value;
}

/** An item tooltip's literal HTML: the series (when several), the category and the formatted value. */
export function itemTooltip(category: string, text: string, series?: string): { formatter: string } {
  const line = `${escapeHtml(category)}: ${escapeHtml(text)}`;
  return { formatter: series === undefined ? line : `${escapeHtml(series)}<br/>${line}` };
}

/** Room above horizontal bars for the name of a vertical reference line (written above its top). */
const REFERENCE_ROOM = 20;

/** The colour of a reference line and its name. */
export const REFERENCE_COLOR = '#37474F';

/** The value of a reference (the first row's number in its field) and its text, '{label}: {value}'; null without a number. */
export function referenceValue(reference: ChartReference | undefined, rows: Row[], format: NumberFormat | undefined): { value: number; text: string } | null {
  if (!reference) return null;
  const value = rows.map((row) => toNumber(row[reference.field])).find((number): number is number => number !== null && number !== undefined);
  return value === undefined ? null : { value, text: `${reference.label}: ${formatNumber(value, format)}` };
}

/**
 * A chart's reference line as a series' mark line: dashed, across the plot at the value (a vertical
 * line when the value axis is horizontal), named at its end inside the plot.
 */
export function referenceMark(reference: { value: number; text: string } | null, horizontal: boolean): Record<string, unknown> {
  if (!reference) return {};
  return {
    markLine: {
      silent: true,
      symbol: 'none',
      lineStyle: { type: 'dashed', color: REFERENCE_COLOR, width: 2 },
      // Horizontal bars run top down (an inverse axis): a vertical line starts at the top, above the plot.
      label: { formatter: reference.text, position: horizontal ? 'start' : 'insideEndTop', color: REFERENCE_COLOR, fontWeight: 'bold' },
      data: [{ [horizontal ? 'xAxis' : 'yAxis']: reference.value, name: reference.text }],
    },
  };
}

/** A value axis: range, whole ticks for counts and, for percentages, a percent sign on the ticks. */
export function valueAxis(widget: { min?: number; max?: number; format?: NumberFormat }): Record<string, unknown> {
  return {
    type: 'value',
    // Whole ticks only, except for percentages: ECharts writes tick decimals with a point ("2.5"), not pt-BR.
    ...(widget.format === 'percent' ? {} : { minInterval: 1 }),
    ...(widget.min !== undefined ? { min: widget.min } : {}),
    ...(widget.max !== undefined ? { max: widget.max } : {}),
    // Ticks that would touch on a narrow chart are left out (the grid lines stay).
    axisLabel: { hideOverlap: true, ...(widget.format === 'percent' ? { formatter: '{value}%' } : {}) },
  };
}

/**
 * The labels under a category axis `chartWidth` pixels wide: upright, broken into at most three lines
 * within each category's share of the width, when every word fits in it; else turned aslant (or
 * upright on end when the shares are too narrow for that), whole up to 160 pixels; every k-th only when
 * even on end they would touch.
 */
export function categoryAxisLabel(categories: string[], chartWidth: number, right = 32): Record<string, unknown> {
  // The plot: the chart less its side margins (`right`: a line's band names) and the value axis's labels.
  const share = (chartWidth - 16 - right - 36) / Math.max(categories.length, 1) - 8;
  const fits = categories.every((category) => category.split(/\s+/).every((word) => measureText(word, LABEL_SIZE) <= share) && wrapLines(category, LABEL_SIZE, share).length <= 3);
  if (fits) return { interval: 0, width: Math.floor(share), overflow: 'break', lineHeight: LABEL_LINE };
  if (share + 8 >= 2 * LABEL_LINE) return { interval: 0, rotate: 30, width: 160, overflow: 'truncate' };
  // On end, a label is a line thick: where the categories are thinner (a year of days), every k-th is
  // named with half a line to spare (the plot is a little narrower than measured here), the first
  // included; each stays in the chart's table.
  const every = Math.ceil((LABEL_LINE * 1.5) / Math.max(share + 8, 1));
  return { interval: every - 1, rotate: 90, width: 160, overflow: 'truncate' };
}

/** The value labels of side-by-side vertical bars: upright, smaller, on end, or none, whichever fits. */
interface ValueLabels {
  style: Record<string, unknown>;
  /** Extra room above the plot for labels on end. */
  headroom: number;
  show: boolean;
}

/** Value label sizes tried in turn (the axis's, then smaller). */
const VALUE_SIZES = [LABEL_SIZE, 10];
/** Least space between two value labels side by side, in pixels. */
const VALUE_GAP = 3;

/**
 * How the value labels of vertical bars, `bars` to a category (side by side), fit a chart `chartWidth`
 * wide: upright where neighbours stay apart (at the axis's size, else smaller), else on end above their
 * bars (room added above the plot), else none (the numbers stay in the chart's table and tooltip).
 * ECharts leaves a fifth of a category's band empty and 30% of a bar between bars.
 */
function valueLabels(texts: string[], categories: number, bars: number, chartWidth: number): ValueLabels {
  const band = (chartWidth - 16 - 32 - 36) / Math.max(categories, 1);
  const bar = (0.8 * band) / (bars + 0.3 * (bars - 1));
  // Label centres: 1.3 bars apart within a category, further across two.
  const pitch = bars > 1 ? 1.3 * bar : band;
  for (const size of VALUE_SIZES) {
    const widest = Math.max(0, ...texts.map((text) => measureText(text, size)));
    if (widest + VALUE_GAP <= pitch) return { style: size === LABEL_SIZE ? {} : { fontSize: size }, headroom: 0, show: true };
  }
  const size = VALUE_SIZES.at(-1)!;
  if (size + VALUE_GAP > pitch) return { style: {}, headroom: 0, show: false };
  const longest = Math.max(0, ...texts.map((text) => measureText(text, size)));
  return { style: { fontSize: size, rotate: 90, align: 'left', verticalAlign: 'middle', distance: 4 }, headroom: Math.ceil(longest) + 6, show: true };
}

/**
 * ECharts option of a bar widget: one bar per category (first-seen order), one series per `series`
 * value, stacked or side by side, vertical or horizontal (first category on top). Each bar carries
 * its row's colour (`color` field) and its value label, written per `format`, hidden below `labelMin`;
 * its tooltip adds the row's `detail` in brackets.
 */
export function buildBar(widget: BarWidget, rows: Row[], mode: ChartMode, width = CHART_WIDTH): EChartsOption {
  const grid = categoryGrid(rows, widget);
  const several = widget.series !== undefined;
  const labelMin = widget.labelMin ?? 0;
  const position = widget.stack ? 'inside' : widget.horizontal ? 'right' : 'top';
  // Side-by-side vertical bars: their numbers upright, smaller, on end or left to the table.
  const texts = grid.series.flatMap((item) => item.rows.flatMap((row) => (row ? [formatNumber(toNumber(row[widget.value]) ?? 0, widget.format)] : [])));
  const fitted = widget.stack || widget.horizontal ? { style: {}, headroom: 0, show: true } : valueLabels(texts, grid.categories.length, Math.max(1, grid.series.length), width);
  const categoryAxis = {
    type: 'category',
    data: grid.categories,
    inverse: widget.horizontal === true,
    // Long statements wrap beside horizontal bars; under vertical bars, names stand upright where they fit.
    axisLabel: widget.horizontal ? { interval: 0, width: horizontalLabelWidth(width), overflow: 'break', lineHeight: LABEL_LINE } : categoryAxisLabel(grid.categories, width),
  };
  const reference = referenceValue(widget.reference, rows, widget.format);
  const series = grid.series.map((item, index) => {
    const color = widget.seriesColors?.[item.name];
    return {
      type: 'bar',
      name: item.name,
      ...(index === 0 ? referenceMark(reference, widget.horizontal === true) : {}),
      ...(widget.stack ? { stack: 'total' } : {}),
      ...(color !== undefined ? { itemStyle: { color } } : {}),
      label: { show: fitted.show, position, ...fitted.style },
      // A number that would touch another is left out (every number stays in the chart's table).
      labelLayout: { hideOverlap: true },
      data: item.rows.map((row, column) => {
        const value = chartValue(row, widget.value);
        if (value === '-') return { value, label: { show: false } };
        const text = formatNumber(value, widget.format);
        const rowColor = colorOf(row, widget.color);
        return {
          value,
          ...(rowColor !== undefined ? { itemStyle: { color: rowColor } } : {}),
          // A stack has no segment to label at 0.
          label: fitted.show && value >= labelMin && !(widget.stack && value === 0) ? { show: true, formatter: text } : { show: false },
          tooltip: itemTooltip(grid.categories[column] ?? '', withDetail(text, row, widget.detail), several ? item.name : undefined),
        };
      }),
    };
  });
  const option = {
    color: [...PALETTE],
    ...(several ? { legend: { top: 0, data: grid.series.map((item) => item.name) } } : {}),
    // Room on the right for a full bar's label ("100%") beside horizontal bars; above, the legend's rows.
    grid: { outerBoundsMode: 'same', outerBoundsContain: 'axisLabel', left: 16, right: widget.horizontal && !widget.stack ? 56 : 32, top: legendTop(several ? grid.series.map((item) => item.name) : undefined, width) + fitted.headroom + (reference && widget.horizontal ? REFERENCE_ROOM : 0), bottom: 16 },
    xAxis: widget.horizontal ? valueAxis(widget) : categoryAxis,
    yAxis: widget.horizontal ? categoryAxis : valueAxis(widget),
    series,
  };
  return finishOption(option as EChartsOption, mode);
}
