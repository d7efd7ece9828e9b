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

/** One instance per size, kept: a chart's option replaces the last one's whole (`notMerge`). */
const instances = new Map<string, echarts.ECharts>();

/**
 * A print-mode option as an SVG document, `width` × `height` pixels, rendered on the server (about
 * 3 ms a chart). An instance per size is kept for the next chart (a new one costs a tenth more).
 */
export function chartSvg(option: EChartsOption, width: number, height: number): string {
  const key = `${width}x${height}`;
  let chart = instances.get(key);
  if (!chart) {
    chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
    instances.set(key, chart);
  }
  try {
    chart.setOption(option, { notMerge: true });
    const svg = chart.renderToSVGString();
    // Setting an option starts its animation loop (a timer that would keep the process alive): a
    // server render never animates.
    chart.getZr().animation.stop();
    return svg;
  } catch (error) {
    instances.delete(key);
    chart.dispose();
    throw error;
  }
}
