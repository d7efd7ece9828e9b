import type { EChartsOption } from 'echarts';
import type { Row, ScatterWidget } from '../definition/dashboard.ts';
import { cellText, escapeHtml, formatNumber, PALETTE, toNumber } from './format.ts';
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

/**
 * ECharts option of a scatter widget: each row a labelled point at (x, y) on axes from `min` to
 * `max`, dashed lines at `split` on both axes, and the quadrant letters large and faint in the
 * middle of each quadrant.
 */
export function buildScatter(widget: ScatterWidget, rows: Row[], mode: ChartMode): EChartsOption {
  const axis = (name: string, location: 'middle' | 'end') => ({
    type: 'value',
    name,
    nameLocation: location,
    nameGap: location === 'middle' ? 28 : 12,
    min: widget.min,
    max: widget.max,
    splitLine: { show: false },
  });
  const letters = quadrantCentres(widget).map((coord, index) => ({
    coord,
    name: widget.quadrants[index] ?? '',
    label: { show: true, formatter: widget.quadrants[index] ?? '', fontSize: 36, fontWeight: 'bold', color: '#bdbdbd' },
  }));
  const option = {
    color: [...PALETTE],
    grid: { left: 48, right: 32, top: 40, bottom: 48 },
    xAxis: axis(widget.xName, 'middle'),
    yAxis: axis(widget.yName, 'end'),
    series: [
      {
        type: 'scatter',
        symbolSize: 10,
        label: { show: true, position: 'top', formatter: '{b}', color: '#212121', fontSize: 11 },
        labelLayout: { moveOverlap: 'shiftY' },
        markLine: {
          silent: true,
          symbol: ['none', 'none'],
          label: { show: false },
          lineStyle: { type: 'dashed', color: '#757575', width: 1 },
          data: [{ xAxis: widget.split }, { yAxis: widget.split }],
        },
        markPoint: { silent: true, symbol: 'circle', symbolSize: 0, data: letters },
        data: scatterPoints(widget, rows).map((point) => ({
          name: point.label,
          value: [point.x, point.y],
          tooltip: {
            formatter: `${escapeHtml(point.label)}<br/>${escapeHtml(widget.xName)}: ${formatNumber(point.x)}<br/>${escapeHtml(widget.yName)}: ${formatNumber(point.y)}`,
          },
        })),
      },
    ],
  };
  return finishOption(option as EChartsOption, mode);
}
