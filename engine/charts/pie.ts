import type { EChartsOption } from 'echarts';
import type { PieWidget, Row } from '../definition/dashboard.ts';
import { itemTooltip } from './bar.ts';
import { cellText, CHART_WIDTH, colorOf, formatNumber, paletteColor, toNumber } from './format.ts';
import { finishOption } from './print.ts';
import type { ChartMode } from './types.ts';

/** One slice: its name, value and the text the chart and the table show for it. */
export interface Slice {
  name: string;
  value: number;
  text: string;
  color: string;
}

/** The slices of a pie or ring widget, in row order; rows without a number are left out. */
export function slices(rows: Row[], widget: { category: string; value: string; color?: string; format?: PieWidget['format'] }): Slice[] {
  return rows.flatMap((row, index) => {
    const value = toNumber(row[widget.value]);
    if (value === null) return [];
    return [{ name: cellText(row[widget.category]), value, text: formatNumber(value, widget.format), color: colorOf(row, widget.color) ?? paletteColor(index) }];
  });
}

/** ECharts option of a pie widget: a slice per row, its colour from the `color` field, labelled "Nome: valor". */
export function buildPie(widget: PieWidget, rows: Row[], mode: ChartMode, width = CHART_WIDTH): EChartsOption {
  // The names beside the pie, in the room its sides leave (the pie takes a third of a narrow chart).
  const labelWidth = Math.round(Math.min(130, Math.max(70, width * 0.28)));
  const option = {
    series: [
      {
        type: 'pie',
        radius: width < 480 ? '40%' : '50%',
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        // Labels wrap inside the card, against its edges, rather than running off it.
        label: { show: true, color: '#212121', fontSize: 12, lineHeight: 14, width: labelWidth, overflow: 'break', alignTo: 'edge', edgeDistance: 8 },
        labelLine: { length: 8, length2: 8 },
        // Empty slices draw nothing and their labels would pile up: they stay in the table only.
        data: slices(rows, widget).filter((slice) => slice.value !== 0).map((slice) => ({
          name: slice.name,
          value: slice.value,
          itemStyle: { color: slice.color },
          label: { formatter: `${slice.name}: ${slice.text}` },
          tooltip: itemTooltip(slice.name, slice.text),
        })),
      },
    ],
  };
  return finishOption(option as EChartsOption, mode);
}
