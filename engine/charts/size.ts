import type { Row } from '../definition/dashboard.ts';
import { categoryGrid } from './bar.ts';
import { DEFAULT_CHART_HEIGHT } from './format.ts';
import { heatmapHeight } from './heatmap.ts';
import { horizontalLabelWidth, LABEL_LINE, LABEL_SIZE, legendTop, wrapLines } from './measure.ts';
import type { ChartWidget } from './registry.ts';

/*
 * A chart sized to its content on a phone and on a page, so that no label lands on another: the
 * height the lines of its statements and its legend's rows add up to (`measure.ts` measures them).
 */

/**
 * The height to draw a chart at, `width` pixels wide: the widget's (or the default), or more when its
 * content needs it (horizontal bars: every statement's lines, and the legend's rows, with room for the
 * bars of every series; a heatmap: a line per group and its columns' names).
 */
export function chartHeight(widget: ChartWidget, rows: Row[], width: number): number {
  if (widget.kind === 'heatmap') return heatmapHeight(widget, rows, width);
  const base = widget.height ?? DEFAULT_CHART_HEIGHT;
  if (widget.kind !== 'bar' || !widget.horizontal) return base;
  const grid = categoryGrid(rows, widget);
  const labelWidth = horizontalLabelWidth(width);
  const barsPerCategory = widget.stack ? 1 : grid.series.length;
  // ECharts gives every category the same band: the tallest statement sets it.
  // (Measured a little narrower than drawn: ECharts may break a line a word sooner.)
  const lines = Math.max(1, ...grid.categories.map((category) => wrapLines(category, LABEL_SIZE, labelWidth - 8).length));
  const band = Math.max(lines * LABEL_LINE + 8, barsPerCategory * 10 + 12, 24);
  const top = legendTop(widget.series === undefined ? undefined : grid.series.map((item) => item.name), width);
  // Under the plot: the value axis's labels.
  const bottom = 36;
  return Math.max(base, Math.ceil(top + band * grid.categories.length + bottom));
}
