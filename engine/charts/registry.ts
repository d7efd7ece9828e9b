import type { EChartsOption } from 'echarts';
import type { Row, Widget } from '../definition/dashboard.ts';
import { buildBar } from './bar.ts';
import { buildGauge } from './gauge.ts';
import { buildHeatmap } from './heatmap.ts';
import { buildLine } from './line.ts';
import { buildPie } from './pie.ts';
import { buildRing } from './ring.ts';
import { buildScatter } from './scatter.ts';
import type { ChartBuilder, ChartMode } from './types.ts';
import { buildWordCloud } from './wordCloud.ts';

/** Widget kinds drawn as an ECharts chart (the others are tables, texts or legends). */
export type ChartKind = 'bar' | 'line' | 'scatter' | 'pie' | 'gauge' | 'ring' | 'wordCloud' | 'heatmap';

/** A widget drawn as a chart. */
export type ChartWidget = Extract<Widget, { kind: ChartKind }>;

/** Chart builders by widget kind; exhaustive by type over `ChartKind`. */
export const chartBuilders: { [K in ChartKind]: ChartBuilder<Extract<Widget, { kind: K }>> } = {
  bar: buildBar,
  line: buildLine,
  scatter: buildScatter,
  pie: buildPie,
  gauge: buildGauge,
  ring: buildRing,
  wordCloud: buildWordCloud,
  heatmap: buildHeatmap,
};

/** Whether a widget is drawn as a chart (and `buildChart` takes it). */
export function isChartWidget(widget: Widget): widget is ChartWidget {
  return Object.hasOwn(chartBuilders, widget.kind);
}

/** The ECharts option of any chart widget, through its kind's builder, for a box `width` pixels wide (default the PDFs'). */
export function buildChart(widget: ChartWidget, rows: Row[], mode: ChartMode, width?: number): EChartsOption {
  return (chartBuilders[widget.kind] as ChartBuilder<ChartWidget>)(widget, rows, mode, width);
}
