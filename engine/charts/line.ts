import type { EChartsOption } from 'echarts';
import type { AxisBand, LineWidget, Row } from '../definition/dashboard.ts';
import { messages } from '../messages.ts';
import { categoryAxisLabel, categoryGrid, chartValue, itemTooltip, referenceMark, referenceValue, valueAxis } from './bar.ts';
import { CHART_WIDTH, colorOf, DEFAULT_CHART_HEIGHT, formatNumber, PALETTE } from './format.ts';
import { LABEL_LINE, LABEL_SIZE, legendTop, measureText, wrapLines } from './measure.ts';
import { finishOption } from './print.ts';
import type { ChartMode } from './types.ts';

/** How strongly a band's colour shows behind the lines. */
export const BAND_OPACITY = 0.18;

/** The size of the bands' names. */
const BAND_NAME_SIZE = 11;

/** The room right of the plot for the bands' names (they never sit over the points and their numbers). */
export function bandNamesWidth(bands: AxisBand[] | undefined): number {
  return bands && bands.length > 0 ? Math.ceil(Math.max(...bands.map((band) => measureText(band.label, BAND_NAME_SIZE)))) + 12 : 0;
}

/** Bands as a mark area of the value axis: one area per band, from `from` to `to`, named right of the plot. */
export function bandAreas(bands: AxisBand[]): Record<string, unknown> {
  return {
    silent: true,
    label: { position: 'right', distance: 6, color: '#424242', fontSize: BAND_NAME_SIZE },
    data: bands.map((band) => [
      { name: band.label, yAxis: band.from, itemStyle: { color: band.color, opacity: BAND_OPACITY } },
      { yAxis: band.to },
    ]),
  };
}

// ------------------------------------------------------------------ where each number goes

/** A box in the chart's pixels: left, top, right, bottom. */
type Box = [number, number, number, number];
type Point = [number, number];

/** The value labels' size, and the room between a point's marker and its label (the marker's radius and ECharts' distance). */
const VALUE_SIZE = 12;
const NEAR = 7;
/** A diagonal label's shift sideways from the point. */
const ASIDE = 3;

/**
 * The places a point's number may take, as ECharts label settings and the box the text covers around
 * the point (`w` × `h`): above, below, beside, and aslant above or below (the text's near corner by
 * the point), so that a line leaving the point on one side leaves the other free.
 */
const SPOTS = {
  top: { label: { position: 'top' }, box: (w: number, h: number): Box => [-w / 2, -NEAR - h, w / 2, -NEAR] },
  bottom: { label: { position: 'bottom' }, box: (w: number, h: number): Box => [-w / 2, NEAR, w / 2, NEAR + h] },
  topRight: { label: { position: 'top', align: 'left', offset: [ASIDE, 0] }, box: (w: number, h: number): Box => [ASIDE, -NEAR - h, ASIDE + w, -NEAR] },
  topLeft: { label: { position: 'top', align: 'right', offset: [-ASIDE, 0] }, box: (w: number, h: number): Box => [-ASIDE - w, -NEAR - h, -ASIDE, -NEAR] },
  bottomRight: { label: { position: 'bottom', align: 'left', offset: [ASIDE, 0] }, box: (w: number, h: number): Box => [ASIDE, NEAR, ASIDE + w, NEAR + h] },
  bottomLeft: { label: { position: 'bottom', align: 'right', offset: [-ASIDE, 0] }, box: (w: number, h: number): Box => [-ASIDE - w, NEAR, -ASIDE, NEAR + h] },
  right: { label: { position: 'right' }, box: (w: number, h: number): Box => [NEAR, -h / 2, NEAR + w, h / 2] },
  left: { label: { position: 'left' }, box: (w: number, h: number): Box => [-NEAR - w, -h / 2, -NEAR, h / 2] },
} as const;
type Spot = keyof typeof SPOTS;

/** The highest line at a category tries above first, the lowest below first, any other beside first. */
const ABOVE: Spot[] = ['top', 'topRight', 'topLeft', 'right', 'left', 'bottom', 'bottomRight', 'bottomLeft'];
const BELOW: Spot[] = ['bottom', 'bottomRight', 'bottomLeft', 'right', 'left', 'top', 'topRight', 'topLeft'];
const BESIDE: Spot[] = ['right', 'left', 'top', 'bottom', 'topRight', 'bottomRight', 'topLeft', 'bottomLeft'];

/** A round number above `value` as ECharts ends a value axis (about five ticks of 1, 2 or 5 × 10ⁿ). */
function niceAbove(value: number, from: number): number {
  const range = Math.max(value - from, 1e-9);
  const rough = range / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((unit) => unit * power).find((candidate) => candidate >= rough) ?? 10 * power;
  return from + Math.ceil(range / step) * step;
}

/** Whether a segment crosses a box (Liang–Barsky clipping). */
function crosses([x1, y1]: Point, [x2, y2]: Point, [left, top, right, bottom]: Box): boolean {
  const dx = x2 - x1;
  const dy = y2 - y1;
  let enter = 0;
  let leave = 1;
  for (const [p, q] of [[-dx, x1 - left], [dx, right - x1], [-dy, y1 - top], [dy, bottom - y1]] as const) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
    if (enter > leave) return false;
  }
  return true;
}

const meets = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Where the points of the lines fall in a chart `width` × `height` drawn as `buildLine` lays it out
 * (the grid's margins, the legend's rows, the value axis's labels on the left, the category labels
 * under the plot, upright or aslant, and the band names on the right), close to ECharts' own layout:
 * the labels are then placed with a pixel or two to spare.
 */
function plotOf(widget: LineWidget, categories: string[], values: (number | null)[][], width: number, height: number, legend: string[] | undefined) {
  const numbers = values.flat().filter((value): value is number => value !== null);
  const low = widget.min ?? Math.min(0, ...numbers);
  const high = widget.max ?? niceAbove(Math.max(low + 1, ...numbers), low);
  const right = width - Math.max(32, bandNamesWidth(widget.bands));
  const top = legendTop(legend, width);
  const axisLabel = categoryAxisLabel(categories, width, Math.max(32, bandNamesWidth(widget.bands))) as { rotate?: number; width: number };
  const turn = ((axisLabel.rotate ?? 0) * Math.PI) / 180;
  const long = categories.map((category) => Math.min(measureText(category, LABEL_SIZE), axisLabel.width));
  const under = axisLabel.rotate === undefined ? Math.max(1, ...categories.map((category) => wrapLines(category, LABEL_SIZE, axisLabel.width).length)) * LABEL_LINE : Math.max(0, ...long.map((length) => length * Math.sin(turn) + LABEL_SIZE * Math.cos(turn)));
  const bottom = height - 16 - under - 8;
  const tickText = `${Math.max(Math.abs(low), Math.abs(high))}${widget.format === 'percent' ? '%' : ''}`;
  let left = 16 + measureText(tickText, LABEL_SIZE) + 8;
  // A first category label turned aslant reaches left of its tick: the plot moves right to keep it in.
  if (axisLabel.rotate !== undefined && categories.length > 0) {
    const reach = (long[0] ?? 0) * Math.cos(turn);
    const half = 1 / (2 * categories.length);
    left = Math.max(left, (16 + reach - right * half) / (1 - half));
  }
  const step = (right - left) / Math.max(categories.length, 1);
  const at = (column: number, value: number): Point => [left + (column + 0.5) * step, bottom - ((value - low) / (high - low || 1)) * (bottom - top)];
  return { at, area: [left - 2, top - 22, right + 4, bottom] as Box };
}

/**
 * The place of every point's number (by line, then category), or null where none is free: clear of
 * every line's segments, of the other points and of the numbers already placed, within the plot (not
 * over the legend, the axes' labels or the band names). A point the lines crowd keeps its number in the
 * table under the chart and its tooltip.
 */
function placeNumbers(widget: LineWidget, categories: string[], values: (number | null)[][], texts: string[][], width: number, legend: string[] | undefined): (Spot | null)[][] {
  const height = widget.height ?? DEFAULT_CHART_HEIGHT;
  const { at, area } = plotOf(widget, categories, values, width, height, legend);
  const points = values.map((line) => line.map((value, column) => (value === null ? null : at(column, value))));
  const segments: [Point, Point][] = points.flatMap((line) => line.flatMap((point, column) => (point && line[column + 1] ? [[point, line[column + 1]!] as [Point, Point]] : [])));
  const markers: Box[] = points.flat().flatMap((point) => (point ? [[point[0] - 3, point[1] - 3, point[0] + 3, point[1] + 3] as Box] : []));
  const taken: Box[] = [];
  return values.map((line, index) =>
    line.map((value, column) => {
      const point = points[index]![column];
      if (value === null || !point) return null;
      const others = values.map((other) => other[column]).filter((other, at) => at !== index && other !== null) as number[];
      const order = others.every((other) => value >= other) ? ABOVE : others.every((other) => value <= other) ? BELOW : BESIDE;
      const w = measureText(texts[index]![column]!, VALUE_SIZE);
      for (const spot of order) {
        const [l, t, r, b] = SPOTS[spot].box(w, VALUE_SIZE);
        // (A pixel to spare all round: the layout above is ECharts' to a pixel or two.)
        const box: Box = [point[0] + l - 1.5, point[1] + t - 1.5, point[0] + r + 1.5, point[1] + b + 1.5];
        if (box[0] < area[0] || box[1] < area[1] || box[2] > area[2] || box[3] > area[3]) continue;
        if (segments.some(([from, to]) => crosses(from, to, box))) continue;
        if (markers.some((marker) => meets(marker, box))) continue;
        if (taken.some((other) => meets(other, box))) continue;
        taken.push(box);
        return spot;
      }
      return null;
    }),
  );
}

/**
 * ECharts option of a line widget: one line per `series` value over the categories (first-seen
 * order), each point labelled per `format`, with the widget's bands drawn behind as mark areas. A
 * point's number sits where no line, marker or other number is (`placeNumbers`): above the highest line
 * at a category, below the lowest, else beside or aslant; where no place is free it is left to the
 * table and the tooltip.
 */
export function buildLine(widget: LineWidget, rows: Row[], mode: ChartMode, width = CHART_WIDTH): EChartsOption {
  const grid = categoryGrid(rows, widget);
  const several = widget.series !== undefined;
  const lines = grid.series.length > 0 ? grid.series : [{ name: messages.dashboard.tableValue, rows: [] }];
  const legend = several ? lines.map((item) => item.name) : undefined;
  const values = lines.map((item) => item.rows.map((row) => {
    const value = chartValue(row, widget.value);
    return value === '-' ? null : value;
  }));
  const texts = values.map((line) => line.map((value) => (value === null ? '' : formatNumber(value, widget.format))));
  const spots = placeNumbers(widget, grid.categories, values, texts, width, legend);
  const reference = referenceValue(widget.reference, rows, widget.format);
  const series = lines.map((item, index) => {
    const color = widget.seriesColors?.[item.name] ?? colorOf(item.rows.find((row) => colorOf(row, widget.color) !== undefined), widget.color);
    return {
      type: 'line',
      name: item.name,
      ...(index === 0 ? referenceMark(reference, false) : {}),
      ...(color !== undefined ? { itemStyle: { color }, lineStyle: { color } } : {}),
      label: { show: true, position: 'top' },
      labelLayout: { hideOverlap: true },
      ...(index === 0 && widget.bands && widget.bands.length > 0 ? { markArea: bandAreas(widget.bands) } : {}),
      data: item.rows.map((row, column) => {
        const value = chartValue(row, widget.value);
        if (value === '-') return { value, label: { show: false } };
        const text = texts[index]![column]!;
        const spot = spots[index]![column];
        return {
          value,
          label: spot ? { show: true, formatter: text, ...SPOTS[spot].label } : { show: false },
          tooltip: itemTooltip(grid.categories[column] ?? '', text, several ? item.name : undefined),
        };
      }),
    };
  });
  const option = {
    color: [...PALETTE],
    ...(several ? { legend: { top: 0, data: lines.map((item) => item.name) } } : {}),
    grid: { outerBoundsMode: 'same', outerBoundsContain: 'axisLabel', left: 16, right: Math.max(32, bandNamesWidth(widget.bands)), top: legendTop(legend, width), bottom: 16 },
    xAxis: { type: 'category', data: grid.categories, axisLabel: categoryAxisLabel(grid.categories, width, Math.max(32, bandNamesWidth(widget.bands))) },
    yAxis: valueAxis(widget),
    series,
  };
  return finishOption(option as EChartsOption, mode);
}
