import type { EChartsOption } from 'echarts';
import type { HeatmapWidget, Row } from '../definition/dashboard.ts';
import { format, messages } from '../messages.ts';
import { categoryAxisLabel, itemTooltip } from './bar.ts';
import { textColorOn } from './contrast.ts';
import { cellText, CHART_WIDTH, colorOf, distinctNames, escapeHtml, formatNumber, toNumber } from './format.ts';
import { horizontalLabelWidth, LABEL_LINE, LABEL_SIZE, measureText, wrapLines } from './measure.ts';
import { finishOption } from './print.ts';
import type { ChartMode } from './types.ts';

/*
 * The heatmap: groups × scores, every cell coloured by its band (or on a blue scale), with its number
 * and its respondents; a hidden cell grey with a dash, its reason in the tooltip and the table.
 */

/** The colour of a hidden cell, and its text. */
export const HIDDEN_COLOR = '#e0e0e0';
const HIDDEN_TEXT = '—';

/** The ends of the blue scale of a heatmap without band colours. */
const SCALE_LIGHT = [0xe3, 0xf2, 0xfd];
const SCALE_DARK = [0x0d, 0x47, 0xa1];

/** One cell of the grid: its row's texts and colour, or why it is hidden. */
export interface HeatmapCell {
  row: string;
  column: string;
  /** The number as written ('3,2'), '—' when hidden, '' when the grid has no row for it. */
  text: string;
  value: number | null;
  /** The respondents as written ('12'), or ''. */
  count: string;
  withheld: string | null;
  color: string;
}

/** A heatmap's lines and columns (first-seen order) and its cells, line by line. */
export interface HeatmapGrid {
  rows: string[];
  columns: string[];
  cells: HeatmapCell[][];
}

/** A colour between the scale's ends, at `share` (0–1). */
function scaleColor(share: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0));
  return `#${SCALE_LIGHT.map((light, index) => Math.round(light + (SCALE_DARK[index]! - light) * clamped).toString(16).padStart(2, '0')).join('')}`;
}

/** The ends of a heatmap's scale: the widget's, else the least and greatest value shown. */
export function heatmapRange(widget: HeatmapWidget, rows: Row[]): { min: number; max: number } {
  const values = rows.flatMap((row) => (reason(widget, row) === null ? [toNumber(row[widget.value])] : [])).filter((value): value is number => value !== null);
  return { min: widget.min ?? Math.min(...values), max: widget.max ?? Math.max(...values) };
}

/** Lays the rows on the grid: every (line, column) pair's first row, coloured, hidden when withheld. */
export function heatmapGrid(widget: HeatmapWidget, rows: Row[]): HeatmapGrid {
  const lines = distinctNames(rows, widget.row);
  const columns = distinctNames(rows, widget.column);
  const { min, max } = heatmapRange(widget, rows);
  const cells = lines.map((line) =>
    columns.map((column): HeatmapCell => {
      const row = rows.find((candidate) => cellText(candidate[widget.row]) === line && cellText(candidate[widget.column]) === column);
      const count = row && widget.count !== undefined ? formatNumber(toNumber(row[widget.count]) ?? 0, 'integer') : '';
      const withheld = row ? reason(widget, row) : null;
      const value = row && withheld === null ? toNumber(row[widget.value]) : null;
      if (!row || withheld !== null || value === null) {
        return { row: line, column, text: row ? HIDDEN_TEXT : '', value: null, count, withheld, color: HIDDEN_COLOR };
      }
      const color = colorOf(row, widget.color) ?? scaleColor(max === min ? 1 : (value - min) / (max - min));
      return { row: line, column, text: formatNumber(value, widget.format), value, count, withheld: null, color };
    }),
  );
  return { rows: lines, columns, cells };
}

/** The grid turned a quarter: its columns down the side, its lines along the bottom. */
function transposed(grid: HeatmapGrid): HeatmapGrid {
  return { rows: grid.columns, columns: grid.rows, cells: grid.columns.map((_column, x) => grid.rows.map((_line, y) => ({ ...grid.cells[y]![x]!, row: grid.columns[x]!, column: grid.rows[y]! }))) };
}

/** The width of a cell with `columns` columns in a chart `width` pixels wide. */
const cellWidthOf = (width: number, columns: number) => (width - horizontalLabelWidth(width) - 32) / Math.max(columns, 1);

/** The narrowest cell that holds a number. */
const NUMBER_CELL = 22;

/**
 * The grid as drawn `width` pixels wide: as laid out, or turned a quarter when its cells would be too
 * narrow for their numbers and its lines, as columns, are wide enough for them (a phone's 3 sectors ×
 * 9 factors: the factors down the side, each sector a column wide enough for 'n = 3'). Turning that
 * would still leave them too narrow keeps the layout the page's other heatmaps have.
 */
export function drawnGrid(widget: HeatmapWidget, rows: Row[], width: number): HeatmapGrid {
  const grid = heatmapGrid(widget, rows);
  const fits = (columns: number) => cellWidthOf(width, columns) >= NUMBER_CELL;
  return !fits(grid.columns.length) && fits(grid.rows.length) ? transposed(grid) : grid;
}

/** Why a row's cell is hidden (its `withheld` text), or null. */
function reason(widget: HeatmapWidget, row: Row): string | null {
  if (widget.withheld === undefined) return null;
  const text = cellText(row[widget.withheld]).trim();
  return text === '' ? null : text;
}

/** A cell's label: the number, then 'n = 12' when there is room for two lines. */
function cellLabel(cell: HeatmapCell, twoLines: boolean): string {
  if (cell.count === '' || !twoLines) return cell.text;
  return `${cell.text}\n${format(messages.dashboard.heatmapCount, { n: cell.count })}`;
}

/** The height of a heatmap's line: its name's wrapped lines, and two lines of label. */
export function heatmapLineHeight(grid: HeatmapGrid, width: number): number {
  const lines = Math.max(1, ...grid.rows.map((name) => wrapLines(name, LABEL_SIZE, horizontalLabelWidth(width) - 8).length));
  return Math.max(lines * LABEL_LINE + 10, 40);
}

/** The room under the plot for the columns' names, as `categoryAxisLabel` lays them out. */
function columnRoom(columns: string[], plotWidth: number): number {
  const label = categoryAxisLabel(columns, plotWidth + 84);
  // Turned labels: as long as the longest name (at most their 160 pixels), upright or aslant.
  const longest = Math.min(160, Math.max(0, ...columns.map((column) => measureText(column, LABEL_SIZE))));
  if (label.rotate === 90) return Math.ceil(longest) + 16;
  if (label.rotate === 30) return Math.ceil(longest / 2 + LABEL_LINE) + 16;
  const lines = Math.max(1, ...columns.map((column) => wrapLines(column, LABEL_SIZE, Number(label.width ?? plotWidth)).length));
  return lines * LABEL_LINE + 16;
}

/** The height to draw a heatmap at, `width` pixels wide: a line per group, and room for the columns' names. */
export function heatmapHeight(widget: HeatmapWidget, rows: Row[], width: number): number {
  const grid = drawnGrid(widget, rows, width);
  const plotWidth = width - horizontalLabelWidth(width) - 32;
  return Math.max(widget.height ?? 0, Math.ceil(16 + heatmapLineHeight(grid, width) * grid.rows.length + columnRoom(grid.columns, plotWidth)));
}

/**
 * ECharts option of a heatmap widget: the groups down the side (first on top), the columns along the
 * bottom, each cell its colour with its number and 'n = 12' (the number alone where a cell is too
 * narrow for both; on a narrow screen turned a quarter when that makes room for the numbers, else
 * nothing where too narrow for a number: the table under it has them all).
 */
export function buildHeatmap(widget: HeatmapWidget, rows: Row[], mode: ChartMode, width = CHART_WIDTH): EChartsOption {
  const grid = drawnGrid(widget, rows, width);
  const labelWidth = horizontalLabelWidth(width);
  const plotWidth = width - labelWidth - 32;
  const cellWidth = cellWidthOf(width, grid.columns.length);
  const twoLines = cellWidth >= 44;
  const showLabels = cellWidth >= NUMBER_CELL;
  const fontSize = twoLines ? LABEL_SIZE : cellWidth < 30 ? 10 : 11;
  // ECharts colours heatmap cells only through a visual map: each cell's colour is a piece, picked by
  // its index in a fourth dimension (a hidden, categorical map).
  const colors = [...new Set(grid.cells.flat().map((cell) => cell.color))];
  const data = grid.cells.flatMap((line, y) =>
    line.flatMap((cell, x) => {
      if (cell.text === '') return [];
      const tooltipText = cell.withheld ?? (cell.count === '' ? cell.text : `${cell.text} (${format(messages.dashboard.heatmapCount, { n: cell.count })})`);
      return [
        {
          // A hidden cell is drawn too (grey, a dash): its number is never read, its label and tooltip say it all.
          value: [x, y, cell.value ?? 0, colors.indexOf(cell.color)],
          itemStyle: { borderColor: '#ffffff', borderWidth: 2 },
          label: { show: showLabels, formatter: cellLabel(cell, twoLines), color: cell.value === null ? '#424242' : textColorOn(cell.color), fontSize, lineHeight: LABEL_LINE },
          tooltip: { formatter: `${escapeHtml(cell.row)}<br/>${itemTooltip(cell.column, tooltipText).formatter}` },
        },
      ];
    }),
  );
  const option = {
    grid: { outerBoundsMode: 'same', outerBoundsContain: 'axisLabel', left: 16, right: 16, top: 8, bottom: 8 },
    xAxis: { type: 'category', data: grid.columns, splitArea: { show: false }, axisTick: { show: false }, axisLabel: categoryAxisLabel(grid.columns, plotWidth + 84) },
    yAxis: { type: 'category', data: grid.rows, inverse: true, axisTick: { show: false }, axisLabel: { interval: 0, width: labelWidth, overflow: 'break', lineHeight: LABEL_LINE } },
    visualMap: { type: 'piecewise', show: false, dimension: 3, seriesIndex: 0, pieces: colors.map((color, index) => ({ value: index, color })) },
    series: [{ type: 'heatmap', name: widget.title ?? '', data, label: { show: showLabels }, emphasis: { disabled: true } }],
  };
  return finishOption(option as EChartsOption, mode);
}
