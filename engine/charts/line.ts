import type { EChartsOption } from 'echarts';
import type { AxisBand, LineWidget, Row } from '../definition/dashboard.ts';
import { messages } from '../messages.ts';
import { categoryAxisLabel, categoryGrid, chartValue, itemTooltip, valueAxis } from './bar.ts';
import { CHART_WIDTH, formatNumber, PALETTE } from './format.ts';
import { legendTop, measureText } from './measure.ts';
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

/**
 * ECharts option of a line widget: one line per `series` value over the categories (first-seen
 * order), each point labelled per `format`, with the widget's bands drawn behind as mark areas.
 */
export function buildLine(widget: LineWidget, rows: Row[], mode: ChartMode, width = CHART_WIDTH): EChartsOption {
  const grid = categoryGrid(rows, widget);
  const several = widget.series !== undefined;
  const lines = grid.series.length > 0 ? grid.series : [{ name: messages.dashboard.tableValue, rows: [] }];
  const series = lines.map((item, index) => {
    const color = widget.seriesColors?.[item.name];
    return {
      type: 'line',
      name: item.name,
      ...(color !== undefined ? { itemStyle: { color }, lineStyle: { color } } : {}),
      label: { show: true, position: 'top' },
      labelLayout: { hideOverlap: true },
      ...(index === 0 && widget.bands && widget.bands.length > 0 ? { markArea: bandAreas(widget.bands) } : {}),
      data: item.rows.map((row, column) => {
        const value = chartValue(row, widget.value);
        if (value === '-') return { value, label: { show: false } };
        const text = formatNumber(value, widget.format);
        return { value, label: { show: true, formatter: text }, tooltip: itemTooltip(grid.categories[column] ?? '', text, several ? item.name : undefined) };
      }),
    };
  });
  const option = {
    color: [...PALETTE],
    ...(several ? { legend: { top: 0, data: lines.map((item) => item.name) } } : {}),
    grid: { outerBoundsMode: 'same', outerBoundsContain: 'axisLabel', left: 16, right: Math.max(32, bandNamesWidth(widget.bands)), top: legendTop(several ? lines.map((item) => item.name) : undefined, width), bottom: 16 },
    xAxis: { type: 'category', data: grid.categories, axisLabel: categoryAxisLabel(grid.categories, width) },
    yAxis: valueAxis(widget),
    series,
  };
  return finishOption(option as EChartsOption, mode);
}
