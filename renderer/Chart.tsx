import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, GaugeChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import Box from '@mui/material/Box';

// Only the chart types the builders produce are registered, so the bundle stays tree-shaken.
echarts.use([GaugeChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

interface ChartProps {
  /** Option from a pure builder in `engine/charts`. */
  option: EChartsOption;
  /** Text alternative read by screen readers instead of the drawing. */
  ariaLabel: string;
  /** Height in pixels. Default 320. */
  height?: number;
}

/** Draws an ECharts option (SVG renderer) as one labelled image. */
export default function Chart({ option, ariaLabel, height = 320 }: ChartProps) {
  return (
    <Box role="img" aria-label={ariaLabel} sx={{ width: '100%', height }}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        opts={{ renderer: 'svg' }}
        style={{ width: '100%', height: '100%' }}
      />
    </Box>
  );
}
