import type { EChartsOption } from 'echarts';
import type { AxisBand, LineWidget, Row } from '../definition/dashboard.ts';
import { messages } from '../messages.ts';
import { categoryGrid, chartValue, itemTooltip, valueAxis } from './bar.ts';
import { formatNumber, PALETTE } from './format.ts';
import { finishOption } from './print.ts';
import type { ChartMode } from './types.ts';

/** How strongly a band's colour shows behind the lines. */
export const BAND_OPACITY = 0.18;

/** Bands as a mark area of the value axis: one area per band, from `from` to `to`, labelled inside. */
export function bandAreas(bands: AxisBand[]): Record<string, unknown> {
  return {
    silent: true,
    label: { position: 'insideRight', color: '#424242', fontSize: 11 },
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
export function buildLine(widget: LineWidget, rows: Row[], mode: ChartMode): EChartsOption {
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
    grid: { left: 16, right: 32, top: several ? 40 : 24, bottom: 16 },
    xAxis: { type: 'category', data: grid.categories, axisLabel: { interval: 0, width: 90, overflow: 'break', lineHeight: 14 } },
    yAxis: valueAxis(widget),
    series,
  };
  return finishOption(option as EChartsOption, mode);
}
