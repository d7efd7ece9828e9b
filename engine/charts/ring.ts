import type { EChartsOption } from 'echarts';
import type { RingWidget, Row } from '../definition/dashboard.ts';
import { itemTooltip } from './bar.ts';
import { CHART_WIDTH, DEFAULT_CHART_HEIGHT } from './format.ts';
import { slices } from './pie.ts';
import { finishOption } from './print.ts';
import type { ChartMode } from './types.ts';

/** Where each ring sits: centre (percent of the chart's width and height) and radius in pixels. */
export interface RingPlace {
  centre: [string, string];
  radius: number;
}

/**
 * Rings side by side in equal slots across a chart `width` pixels wide; the radius fits both the slot
 * and the height, leaving room for the name under each ring.
 */
export function ringPlaces(count: number, height: number, width = CHART_WIDTH): RingPlace[] {
  const radius = Math.floor(Math.min((width / Math.max(count, 1)) * 0.38, height * 0.3));
  return Array.from({ length: count }, (_, index) => ({
    centre: [`${Number((((index + 0.5) / count) * 100).toFixed(2))}%`, '42%'],
    radius,
  }));
}

/**
 * ECharts option of a ring widget: per row, a circular progress of `value` out of 100 in the row's
 * colour, the percentage ("80%") in the middle and the `category` under it, rings side by side.
 */
export function buildRing(widget: RingWidget, rows: Row[], mode: ChartMode, chartWidth = CHART_WIDTH): EChartsOption {
  const items = slices(rows, { ...widget, format: 'percent' });
  const places = ringPlaces(items.length, widget.height ?? DEFAULT_CHART_HEIGHT, chartWidth);
  const option = {
    series: items.map((item, index) => {
      const place = places[index] ?? { centre: ['50%', '42%'], radius: 80 };
      const width = Math.max(6, Math.round(place.radius * 0.2));
      return {
        type: 'gauge',
        name: item.name,
        center: place.centre,
        radius: place.radius,
        startAngle: 90,
        endAngle: -270,
        min: 0,
        max: 100,
        pointer: { show: false },
        progress: { show: true, overlap: false, width, itemStyle: { color: item.color } },
        axisLine: { lineStyle: { width, color: [[1, '#e0e0e0']] } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        title: { show: true, offsetCenter: [0, '138%'], fontSize: 13, color: '#212121', width: Math.floor(chartWidth / Math.max(items.length, 1)) - 8, overflow: 'break', lineHeight: 16 },
        detail: { valueAnimation: false, formatter: item.text, offsetCenter: [0, 0], fontSize: Math.min(28, Math.max(12, Math.round(place.radius * 0.36))), fontWeight: 'bold', color: '#212121' },
        data: [{ value: item.value, name: item.name, itemStyle: { color: item.color }, tooltip: itemTooltip(item.name, item.text) }],
      };
    }),
  };
  return finishOption(option as EChartsOption, mode);
}
