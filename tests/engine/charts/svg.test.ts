import { describe, expect, it } from 'vitest';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { CHART_PARTS } from '../../../engine/charts/parts.ts';
import { buildChart } from '../../../engine/charts/registry.ts';
import { sampleList } from './samples.ts';

// What the PDF path registers: every chart and component the builders use, and no tooltip.
echarts.use([...CHART_PARTS, SVGRenderer]);

/** Renders an option as the PDFs will: server-side SVG, 600 × 400. */
function renderSvg(option: ReturnType<typeof buildChart>): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 400 });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** The texts drawn in an SVG. */
const textsOf = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);

describe.each(sampleList.map((sample) => [sample.widget.kind, sample] as const))('%s printed to SVG on the server', (_kind, sample) => {
  const svg = renderSvg(buildChart(sample.widget, sample.rows, 'print'));

  it('draws the data labels', () => {
    expect(textsOf(svg)).toEqual(expect.arrayContaining(sample.texts));
  });

  it('has no animation keyframes and no label halos', () => {
    expect(svg).not.toContain('@keyframes');
    expect(svg).not.toContain('paint-order');
  });

  it('writes every text in the chart font', () => {
    const families = [...svg.matchAll(/font-family:([^;"]+)/g)].map((match) => match[1]);
    expect(families.length).toBeGreaterThan(0);
    expect(new Set(families)).toEqual(new Set(['Roboto']));
  });
});

describe('the bar chart in print', () => {
  it('draws no label for values under labelMin', () => {
    const bar = sampleList.find((sample) => sample.widget.kind === 'bar')!;
    expect(textsOf(renderSvg(buildChart(bar.widget, bar.rows, 'print')))).not.toContain('7%');
  });
});
