import type { EChartsOption } from 'echarts';
import { describe, expect, it } from 'vitest';
import { APP_FONT, CHART_FONT, finishOption } from '../../../engine/charts/print.ts';
import { buildChart, chartBuilders, isChartWidget } from '../../../engine/charts/registry.ts';
import type { Widget } from '../../../engine/definition/dashboard.ts';
import { keysNamed, notJson, textStyles } from './chartOption.ts';
import { sampleList } from './samples.ts';

describe.each(sampleList.map((sample) => [sample.widget.kind, sample] as const))('%s in print mode', (_kind, sample) => {
  const option = buildChart(sample.widget, sample.rows, 'print');

  it('has no animation and no tooltip anywhere', () => {
    expect(option.animation).toBe(false);
    expect(keysNamed(option, 'tooltip')).toEqual([]);
  });

  it('names the chart font at the root and draws every label without a halo in it', () => {
    expect(option.textStyle).toMatchObject({ fontFamily: CHART_FONT });
    const styles = textStyles(option);
    expect(styles.length).toBeGreaterThan(0);
    const wrong = styles.filter(({ style }) => style.textBorderWidth !== 0 || style.fontFamily !== CHART_FONT).map(({ path }) => path);
    expect(wrong).toEqual([]);
  });

  it('has no shadows', () => {
    expect([...keysNamed(option, 'shadowBlur'), ...keysNamed(option, 'textShadowBlur')]).toEqual([]);
  });

  it('is plain JSON, without functions', () => {
    expect(notJson(option)).toEqual([]);
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });
});

describe.each(sampleList.map((sample) => [sample.widget.kind, sample] as const))('%s in screen mode', (_kind, sample) => {
  const option = buildChart(sample.widget, sample.rows, 'screen');

  it('has tooltips on and is plain JSON', () => {
    expect(option.tooltip).toMatchObject({ trigger: 'item' });
    expect(option.animation).not.toBe(false);
    expect(notJson(option)).toEqual([]);
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });

  it('names the app font at the root (the font the app serves, never a serif fallback)', () => {
    expect(option.textStyle).toMatchObject({ fontFamily: APP_FONT });
  });
});

describe('the app font', () => {
  it('is the chart font first, then fallbacks without a double quote (zrender writes it unescaped into an SVG style attribute)', () => {
    expect(APP_FONT.split(',').map((family) => family.trim())).toEqual([CHART_FONT, "'Segoe UI'", 'Arial', 'sans-serif']);
    expect(APP_FONT).not.toContain('"');
  });
});

describe('finishOption', () => {
  it('adds the print styles to the labels ECharts would draw by default', () => {
    const option = finishOption({ series: [{ type: 'bar', data: [1], markLine: { data: [{ yAxis: 1 }] } }], xAxis: { type: 'category' }, yAxis: { type: 'value' } }, 'print');
    const series = (option.series as { label: object; markLine: { label: object } }[])[0]!;
    expect(series.label).toEqual({ textBorderWidth: 0, textBorderColor: 'none', fontFamily: CHART_FONT });
    expect(series.markLine.label).toEqual({ textBorderWidth: 0, textBorderColor: 'none', fontFamily: CHART_FONT });
    expect(option.xAxis).toMatchObject({ axisLabel: { textBorderWidth: 0, fontFamily: CHART_FONT } });
  });

  it('does not change the option it is given', () => {
    const input: EChartsOption = { series: [{ type: 'pie', label: { show: true }, itemStyle: { shadowBlur: 4 } }], tooltip: {} };
    finishOption(input, 'print');
    expect(input).toEqual({ series: [{ type: 'pie', label: { show: true }, itemStyle: { shadowBlur: 4 } }], tooltip: {} });
  });
});

describe('the chart registry', () => {
  it('has a builder for every chart kind and tells chart widgets apart', () => {
    expect(Object.keys(chartBuilders).sort()).toEqual(['bar', 'gauge', 'heatmap', 'line', 'pie', 'ring', 'scatter', 'wordCloud']);
    const stat: Widget = { kind: 'stat', dataset: 'd', value: 'n', label: 'Respostas' };
    const legend: Widget = { kind: 'legend', items: [] };
    expect(sampleList.every((sample) => isChartWidget(sample.widget))).toBe(true);
    expect([isChartWidget(stat), isChartWidget(legend)]).toEqual([false, false]);
  });
});
