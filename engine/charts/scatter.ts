import type { EChartsOption } from 'echarts';
import type { Row, ScatterWidget } from '../definition/dashboard.ts';
import { cellText, CHART_WIDTH, DEFAULT_CHART_HEIGHT, escapeHtml, formatNumber, PALETTE, toNumber } from './format.ts';
import { measureText, wrapLines } from './measure.ts';
import { finishOption } from './print.ts';
import type { ChartMode } from './types.ts';

/** One point of a scatter widget: its label and coordinates, rows without both numbers left out. */
export interface ScatterPoint {
  label: string;
  x: number;
  y: number;
}

/** The points of a scatter widget, in row order. */
export function scatterPoints(widget: ScatterWidget, rows: Row[]): ScatterPoint[] {
  return rows.flatMap((row) => {
    const x = toNumber(row[widget.x]);
    const y = toNumber(row[widget.y]);
    return x === null || y === null ? [] : [{ label: cellText(row[widget.label]), x, y }];
  });
}

/** The centres of the four quadrants, in the widget's order: top-left, top-right, bottom-left, bottom-right. */
export function quadrantCentres(widget: ScatterWidget): [number, number][] {
  const low = (widget.min + widget.split) / 2;
  const high = (widget.split + widget.max) / 2;
  return [
    [low, high],
    [high, high],
    [low, low],
    [high, low],
  ];
}

/** A text's box in the chart's pixels. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** The plot of a scatter chart: its margins (fixed, so that points can be placed in pixels). */
const GRID = { left: 48, right: 32, top: 40, bottom: 48 } as const;
const SYMBOL = 10;
const LETTER_SIZE = 36;
const NAME_SIZE = 11;
/** Between a point and its name. */
const GAP = 5;
const AXIS_NAME_SIZE = 12;
const X_NAME_GAP = 28;
const Y_NAME_GAP = 12;


/** The widest a point's name runs before it breaks into lines. */
const NAME_WIDTH = 120;

/** The lines naming a point: each row's name, a long one broken within `NAME_WIDTH`. */
function nameLines(group: ScatterPoint[]): string[] {
  return group.flatMap((point) => wrapLines(point.label, NAME_SIZE, NAME_WIDTH));
}

/** A box of width `w` and height `h` centred on (x, y). */
const boxAt = (x: number, y: number, w: number, h: number): Box => ({ left: x - w / 2, top: y - h / 2, right: x + w / 2, bottom: y + h / 2 });

/** How much of a box the taken ones cover; everything when it leaves the chart. */
function covered(candidate: Box, taken: Box[], width: number, height: number): number {
  if (candidate.left < 0 || candidate.top < 0 || candidate.right > width || candidate.bottom > height) return Infinity;
  return taken.reduce((sum, other) => sum + overlap(candidate, other), 0);
}

/** Where a scatter's texts go, in pixels of a `width` × `height` chart. */
export interface ScatterLayout {
  /** Where each name's top-left corner sits from its point's symbol's top-left corner, in the points' order. */
  offsets: [number, number][];
  /** The centre of each quadrant's letter. */
  letters: [number, number][];
}

/**
 * Where the texts of a scatter go so that none lands on another: each point's name above, right,
 * below or left of it, or at one of its corners, the first place free of names, points, axis names
 * and tick labels (else the least covered), top points first; then each quadrant's letter in the middle of its quadrant or, if
 * names are there, in the freest of its corners.
 */
export function layoutScatter(
  points: { names: string; x: number; y: number }[],
  quadrants: { text: string; left: number; top: number; right: number; bottom: number }[],
  fixed: Box[],
  width: number,
  height: number,
): ScatterLayout {
  const taken: Box[] = [...fixed, ...points.map((point) => boxAt(point.x, point.y, SYMBOL, SYMBOL))];
  const offsets: [number, number][] = points.map(() => [0, 0]);
  const order = points.map((_point, index) => index).sort((a, b) => points[a]!.y - points[b]!.y || points[a]!.x - points[b]!.x);
  for (const index of order) {
    const point = points[index]!;
    const lines = point.names.split('\n');
    const w = Math.max(...lines.map((line) => measureText(line, NAME_SIZE)));
    const h = lines.length * (NAME_SIZE + 2);
    const reach = SYMBOL / 2 + GAP;
    const [across, down] = [reach + w / 2, reach + h / 2];
    // Above, right, below, left, then the four corners.
    const candidates = [[0, -down], [across, 0], [0, down], [-across, 0], [across, -down], [-across, -down], [across, down], [-across, down]].map(([dx, dy]) => boxAt(point.x + dx!, point.y + dy!, w, h));
    const chosen = candidates.reduce((best, candidate) => (covered(candidate, taken, width, height) < covered(best, taken, width, height) ? candidate : best));
    offsets[index] = [chosen.left - (point.x - SYMBOL / 2), chosen.top - (point.y - SYMBOL / 2)];
    taken.push(chosen);
  }
  const letters = quadrants.map((quadrant): [number, number] => {
    const w = measureText(quadrant.text, LETTER_SIZE) + 4;
    const h = LETTER_SIZE;
    const [x0, x1] = [quadrant.left + w / 2 + 4, quadrant.right - w / 2 - 4];
    const [y0, y1] = [quadrant.top + h / 2 + 4, quadrant.bottom - h / 2 - 4];
    const spots: [number, number][] = [[(quadrant.left + quadrant.right) / 2, (quadrant.top + quadrant.bottom) / 2], [x0, y0], [x1, y0], [x0, y1], [x1, y1]];
    const cost = ([x, y]: [number, number]) => covered(boxAt(x, y, w, h), taken, width, height);
    const spot = spots.reduce((best, candidate) => (cost(candidate) < cost(best) ? candidate : best));
    taken.push(boxAt(spot[0], spot[1], w, h));
    return spot;
  });
  return { offsets, letters };
}

/**
 * ECharts option of a scatter widget: each row a point at (x, y) on axes from `min` to `max`, dashed
 * lines at `split` on both axes, and the quadrant letters large and faint in each quadrant. Rows on
 * one spot share a point named by all of them; the names and letters go where they cover nothing
 * else (`layoutScatter`, on the chart's `width` and the widget's height).
 */
export function buildScatter(widget: ScatterWidget, rows: Row[], mode: ChartMode, width = CHART_WIDTH): EChartsOption {
  const height = widget.height ?? DEFAULT_CHART_HEIGHT;
  const toX = (value: number) => GRID.left + ((value - widget.min) / (widget.max - widget.min)) * (width - GRID.left - GRID.right);
  const toY = (value: number) => height - GRID.bottom - ((value - widget.min) / (widget.max - widget.min)) * (height - GRID.top - GRID.bottom);
  const spots = new Map<string, ScatterPoint[]>();
  for (const point of scatterPoints(widget, rows)) spots.set(`${point.x}|${point.y}`, [...(spots.get(`${point.x}|${point.y}`) ?? []), point]);
  const groups = [...spots.values()];
  const [plotLeft, plotRight, plotTop, plotBottom] = [GRID.left, width - GRID.right, GRID.top, height - GRID.bottom];
  const [splitX, splitY] = [toX(widget.split), toY(widget.split)];
  const layout = layoutScatter(
    groups.map((group) => ({ names: nameLines(group).join('\n'), x: toX(group[0]!.x), y: toY(group[0]!.y) })),
    // Top-left, top-right, bottom-left, bottom-right, as `quadrants` lists them.
    [
      { left: plotLeft, top: plotTop, right: splitX, bottom: splitY },
      { left: splitX, top: plotTop, right: plotRight, bottom: splitY },
      { left: plotLeft, top: splitY, right: splitX, bottom: plotBottom },
      { left: splitX, top: splitY, right: plotRight, bottom: plotBottom },
    ].map((quadrant, index) => ({ ...quadrant, text: widget.quadrants[index] ?? '' })),
    [
      // The axis names (the vertical one above its axis, the horizontal one under the middle of its
      // own) and the strips of the tick labels, left of the plot and under it.
      boxAt(plotLeft, plotTop - Y_NAME_GAP - AXIS_NAME_SIZE / 2, measureText(widget.yName, AXIS_NAME_SIZE), AXIS_NAME_SIZE),
      boxAt((plotLeft + plotRight) / 2, plotBottom + X_NAME_GAP + AXIS_NAME_SIZE / 2, measureText(widget.xName, AXIS_NAME_SIZE), AXIS_NAME_SIZE),
      { left: 0, top: plotTop - 8, right: plotLeft - 2, bottom: plotBottom + 8 },
      { left: plotLeft - 16, top: plotBottom + 2, right: plotRight + 16, bottom: plotBottom + 20 },
    ],
    width,
    height,
  );
  const axis = (name: string, location: 'middle' | 'end') => ({
    type: 'value',
    name,
    nameLocation: location,
    nameGap: location === 'middle' ? X_NAME_GAP : Y_NAME_GAP,
    min: widget.min,
    max: widget.max,
    splitLine: { show: false },
  });
  const letters = layout.letters.map(([x, y], index) => ({
    x,
    y,
    name: widget.quadrants[index] ?? '',
    label: { show: true, formatter: widget.quadrants[index] ?? '', fontSize: LETTER_SIZE, fontWeight: 'bold', color: '#bdbdbd' },
  }));
  const option = {
    color: [...PALETTE],
    // The grid exactly where the names were placed.
    grid: { ...GRID, outerBoundsMode: 'none' },
    xAxis: axis(widget.xName, 'middle'),
    yAxis: axis(widget.yName, 'end'),
    series: [
      {
        type: 'scatter',
        symbolSize: 10,
        label: { show: true, position: 'top', formatter: '{b}', color: '#212121', fontSize: NAME_SIZE, lineHeight: NAME_SIZE + 2, distance: GAP },
        markLine: {
          silent: true,
          symbol: ['none', 'none'],
          label: { show: false },
          lineStyle: { type: 'dashed', color: '#757575', width: 1 },
          data: [{ xAxis: widget.split }, { yAxis: widget.split }],
        },
        markPoint: { silent: true, symbol: 'circle', symbolSize: 0, data: letters },
        data: groups.map((group, index) => ({
          name: nameLines(group).join('\n'),
          value: [group[0]!.x, group[0]!.y],
          label: { position: layout.offsets[index], align: 'left', verticalAlign: 'top' },
          tooltip: {
            formatter: `${group.map((point) => escapeHtml(point.label)).join(', ')}<br/>${escapeHtml(widget.xName)}: ${formatNumber(group[0]!.x)}<br/>${escapeHtml(widget.yName)}: ${formatNumber(group[0]!.y)}`,
          },
        })),
      },
    ],
  };
  return finishOption(option as EChartsOption, mode);
}
