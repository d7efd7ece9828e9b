import type { EChartsOption } from 'echarts';
import { BarChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GraphicComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import { measureText } from './fonts.ts';

// Every chart and component the builders use, drawn as SVG; text measured with the PDF's font.
echarts.use([BarChart, LineChart, ScatterChart, PieChart, GaugeChart, GridComponent, LegendComponent, TitleComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent, GraphicComponent, LabelLayout, SVGRenderer]);
echarts.setPlatformAPI({ measureText });

/**
 * A print-mode option as an SVG document, `width` × `height` pixels, rendered on the server (about
 * 8 ms a chart). The instance is disposed at once: a live one would keep the process from exiting.
 */
export function chartSvg(option: EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
