import type { EChartsOption } from 'echarts';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { CHART_PARTS } from '../../../../engine/charts/parts.ts';
import { measureText } from './fonts.ts';

// The parts the builders' options use (as the screen registers them), drawn as SVG; text measured with the PDF's font.
echarts.use([...CHART_PARTS, SVGRenderer]);
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
