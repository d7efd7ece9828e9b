import { BarChart, GaugeChart, HeatmapChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GraphicComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, VisualMapPiecewiseComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';

/**
 * The ECharts chart types, components and features the builders' options use: bars, lines (band
 * areas), scatter (quadrant lines and letters), pie, gauge (also the rings), heatmap (its cells' colours through a hidden visual map), graphic text (the word
 * cloud), and the label layout (numbers that would touch another are left to the table). Registered
 * with `echarts.use` wherever a chart is drawn, the screen (`renderer/Chart.tsx`, with its tooltips) and
 * the PDF (`apps/server/src/reports/charts.ts`), each with its SVG renderer, so both draw the same
 * options and the bundle stays tree-shaken.
 */
export const CHART_PARTS = [BarChart, LineChart, ScatterChart, PieChart, GaugeChart, HeatmapChart, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, GraphicComponent, VisualMapPiecewiseComponent, LabelLayout];
