import type { EChartsOption } from 'echarts';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { CHART_PARTS } from '../../../../engine/charts/parts.ts';
import { measureText } from './fonts.ts';

// The parts the builders' options use (as the screen registers them), drawn as SVG; text measured with the PDF's font.
echarts.use([...CHART_PARTS, SVGRenderer]);
echarts.setPlatformAPI({ measureText });

/**
 * Instances kept by size, the most recently used last: a chart's option replaces the last one's whole
 * (`notMerge`). Heights follow the content (a statement per line), so the oldest beyond a few are let go.
 */
const instances = new Map<string, echarts.ECharts>();
const KEPT_INSTANCES = 8;

/** The instance for a size: the kept one (now the most recent), else a new one (the oldest let go). */
function instanceOf(width: number, height: number): echarts.ECharts {
  const key = `${width}x${height}`;
  const kept = instances.get(key);
  instances.delete(key);
  const chart = kept ?? echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  instances.set(key, chart);
  if (instances.size > KEPT_INSTANCES) {
    const [oldest, instance] = instances.entries().next().value!;
    instances.delete(oldest);
    instance.dispose();
  }
  return chart;
}

/**
 * A print-mode option as an SVG document, `width` × `height` pixels, rendered on the server (about
 * 3 ms a chart). An instance per size is kept for the next chart (a new one costs a tenth more).
 */
export function chartSvg(option: EChartsOption, width: number, height: number): string {
  const chart = instanceOf(width, height);
  try {
    chart.setOption(option, { notMerge: true });
    const svg = chart.renderToSVGString();
    // Setting an option starts its animation loop (a timer that would keep the process alive): a
    // server render never animates.
    chart.getZr().animation.stop();
    return svg;
  } catch (error) {
    instances.delete(`${width}x${height}`);
    chart.dispose();
    throw error;
  }
}
