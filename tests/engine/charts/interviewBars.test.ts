import { describe, expect, it } from 'vitest';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { barLabel, buildInterviewBars, INTERVIEW_SERIES } from '../../../engine/charts/interviewBars';
import { reportChartBuilders } from '../../../engine/charts/registry';
import type { CompetencySeries } from '../../../engine/interview/consolidate';

const names = { average: 'Média', self: 'Autoavaliação', min: 'Mínimo', max: 'Máximo' };
const competencies: CompetencySeries[] = [
  { block: 1, name: 'Responsabilidade', average: 7.25, self: 6, min: 5, max: 9.5 },
  { block: 2, name: 'Planejamento', average: null, self: 8, min: null, max: null },
];

type BarItem = { value: number | string; label: { show: boolean; formatter?: string } };

echarts.use([BarChart, GridComponent, LegendComponent, SVGRenderer]);

interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Draws an option with ECharts itself (server-side SVG) and returns the box of every text that is a
 * bar value ("7,5"). Widths are generous: 0.65 em a character (sans-serif digits are 0.55–0.64 em),
 * 1.2 em a line.
 */
function valueLabelBoxes(option: EChartsOption, width: number, height: number): Box[] {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  // The tooltip needs a browser; it draws nothing on a still image anyway.
  chart.setOption({ ...option, tooltip: undefined });
  const svg = chart.renderToSVGString();
  chart.dispose();
  const boxes: Box[] = [];
  for (const [, attributes, text] of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    if (!/^\d+,\d$/.test(text!)) continue;
    const fontSize = Number(/font-size:(\d+(?:\.\d+)?)px/.exec(attributes!)![1]);
    const anchor = /text-anchor="(\w+)"/.exec(attributes!)?.[1] ?? 'start';
    const y = Number(/ y="(-?[\d.]+)"/.exec(attributes!)?.[1] ?? 0);
    const transform = /transform="([^"]+)"/.exec(attributes!)?.[1] ?? '';
    const matrix = /matrix\(([^)]+)\)/.exec(transform);
    const translate = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(transform);
    const [a, b, c, d, e, f] = matrix ? matrix[1]!.split(',').map(Number) : [1, 0, 0, 1, Number(translate?.[1] ?? 0), Number(translate?.[2] ?? 0)];
    const w = text!.length * 0.65 * fontSize;
    const h = 1.2 * fontSize;
    const x0 = anchor === 'middle' ? -w / 2 : anchor === 'end' ? -w : 0;
    // dominant-baseline central: the line is centred on y.
    const corners = [
      [x0, y - h / 2],
      [x0 + w, y - h / 2],
      [x0, y + h / 2],
      [x0 + w, y + h / 2],
    ].map(([x, yy]) => [a! * x! + c! * yy! + e!, b! * x! + d! * yy! + f!]);
    const xs = corners.map(([x]) => x!);
    const ys = corners.map(([, yy]) => yy!);
    boxes.push({ text: text!, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) });
  }
  return boxes;
}

const overlap = (one: Box, two: Box) => one.left < two.right && two.left < one.right && one.top < two.bottom && two.top < one.bottom;

/** The ten competencies of the interview with the widest labels: every bar at 10. */
const allTens: CompetencySeries[] = Array.from({ length: 10 }, (_, index) => ({ block: index + 1, name: `Competência ${index + 1}`, average: 10, self: 10, min: 10, max: 10 }));
type Series = { type: string; name: string; data: BarItem[] };

describe('buildInterviewBars', () => {
  it('is registered as a report chart builder', () => {
    expect(reportChartBuilders.interviewBars).toBe(buildInterviewBars);
  });

  it('draws four named bar series over the competencies on a 0 to 10 axis', () => {
    const option = buildInterviewBars(competencies, names);
    expect((option.xAxis as { data: string[] }).data).toEqual(['Responsabilidade', 'Planejamento']);
    expect(option.yAxis).toMatchObject({ min: 0, max: 10 });
    const series = option.series as Series[];
    expect(series.map((item) => [item.type, item.name])).toEqual(INTERVIEW_SERIES.map((key) => ['bar', names[key]]));
  });

  it('labels each bar with one decimal and a comma, and leaves missing values empty', () => {
    const series = buildInterviewBars(competencies, names).series as Series[];
    const [average, self] = series;
    expect(average!.data[0]).toMatchObject({ value: 7.25, label: { show: true, formatter: '7,3' } });
    expect(average!.data[1]).toMatchObject({ value: '-', label: { show: false } });
    expect(self!.data.map((item) => item.label.formatter)).toEqual(['6,0', '8,0']);
  });

  it('formats labels the Brazilian way', () => {
    expect(barLabel(10)).toBe('10,0');
    expect(barLabel(3.15)).toBe('3,2');
    expect(barLabel(null)).toBe('');
  });

  it('is plain data (no functions), so the server can render it to SVG', () => {
    expect(JSON.parse(JSON.stringify(buildInterviewBars(competencies, names)))).toEqual(buildInterviewBars(competencies, names));
  });

  // The report's chart is never narrower than 720 px (it scrolls sideways on a phone); 1100 px is a desktop.
  it.each([720, 1100])('draws the value labels of neighbouring bars apart at %i px wide', (width) => {
    const boxes = valueLabelBoxes(buildInterviewBars(allTens, names), width, 420);
    expect(boxes).toHaveLength(40);
    const clashes = boxes.flatMap((one, index) => boxes.slice(index + 1).filter((two) => overlap(one, two)).map((two) => `${one.text}@${Math.round(one.left)} × ${two.text}@${Math.round(two.left)}`));
    expect(clashes).toEqual([]);
    // And inside the picture, below the legend's line (the top 24 px).
    expect(Math.min(...boxes.map((box) => box.top))).toBeGreaterThanOrEqual(24);
  });

  it('keeps the labels of mixed grades readable: one per drawn bar, none over another', () => {
    const mixed = buildInterviewBars([...competencies, ...allTens.slice(2)], names);
    const boxes = valueLabelBoxes(mixed, 720, 420);
    expect(boxes.map((box) => box.text)).toEqual(expect.arrayContaining(['7,3', '6,0', '5,0', '9,5', '8,0']));
    expect(boxes.filter((one, index) => boxes.slice(index + 1).some((two) => overlap(one, two)))).toEqual([]);
  });
});
