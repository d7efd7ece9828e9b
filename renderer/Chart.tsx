import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import Box from '@mui/material/Box';

// Only the chart types and components the builders in `engine/charts` produce are registered, so the
// bundle stays tree-shaken: bars, lines (band areas), scatter (quadrant lines and letters), pie, gauge
// (also the rings), and graphic text (the word cloud, placed by the server).
echarts.use([
  BarChart,
  LineChart,
  ScatterChart,
  PieChart,
  GaugeChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  GraphicComponent,
  SVGRenderer,
]);

/** A drawn chart, as the print dialog reads it. */
export type ChartInstance = echarts.EChartsType;

interface ChartProps {
  /** Option from a pure builder in `engine/charts`. */
  option: EChartsOption;
  /**
   * Text alternative: the drawing becomes one labelled image. Without it the drawing is hidden from
   * screen readers, for widgets that put the same numbers in a table under it.
   */
  ariaLabel?: string;
  /** Height in pixels. Default 320. */
  height?: number;
  /** Called with the chart once drawn (the print dialog downloads its image). */
  onReady?: (chart: ChartInstance) => void;
}

/** Draws an ECharts option with the SVG renderer, as a labelled image or hidden from screen readers. */
export default function Chart({ option, ariaLabel, height = 320, onReady }: ChartProps) {
  const access = ariaLabel === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': ariaLabel };
  return (
    <Box {...access} sx={{ width: '100%', height }}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        opts={{ renderer: 'svg' }}
        onChartReady={onReady}
        style={{ width: '100%', height: '100%' }}
      />
    </Box>
  );
}
