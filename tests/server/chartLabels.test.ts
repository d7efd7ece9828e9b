/**
 * No chart label lands on another, or off its chart: every chart widget of every view, with the data
 * of every golden call that has answers, drawn as the PDF draws it (server-side SVG, `CHART_WIDTH`
 * wide, and `HALF_CHART_WIDTH` for a chart beside another) and as a phone draws it (342 pixels: a
 * 390-pixel screen less the card's margins), each as
 * tall as `chartHeight` makes it; and again with every name of its categories, series and points
 * made long ('… e Comprometimento com resultados'). Texts are boxed with Roboto's advance widths
 * (`tests/engine/charts/textBoxes.ts`); the lines of a line chart's series are its SVG paths' segments,
 * and no text may sit on one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chartSvg } from '../../apps/server/src/reports/charts.ts';
import { dashboardData } from '../../apps/server/src/results/dashboards.ts';
import { CHART_WIDTH } from '../../engine/charts/format.ts';
import { HALF_CHART_WIDTH } from '../../engine/reports/document.ts';
import { buildChart, isChartWidget, type ChartWidget } from '../../engine/charts/registry.ts';
import { widgetRows } from '../../engine/charts/rows.ts';
import { chartHeight } from '../../engine/charts/size.ts';
import type { Row } from '../../engine/definition/dashboard.ts';
import { lineSegments, overlappingTexts, runTogether, textBoxes, textsOnLines, textsOutside } from '../engine/charts/textBoxes.ts';
import { widgetsOf } from '../results/invariants.ts';
import { bodyOf, fixtures, storeFixtures } from './goldenFixtures.ts';
import { setUpWorld, t } from './world.ts';

setUpWorld();
beforeAll(storeFixtures, 60000);

/** A phone's chart: a 390-pixel screen less the page's and the card's margins. */
const PHONE_WIDTH = 342;
const LONG = ' e Comprometimento com resultados';

/** The rows with every name the chart writes (categories, series, points, words) made long. */
function lengthened(widget: ChartWidget, rows: Row[]): Row[] {
  const named = new Set(
    widget.kind === 'heatmap'
      ? [widget.row, widget.column]
      : [widget.kind === 'scatter' ? widget.label : widget.kind === 'wordCloud' ? widget.word : widget.kind === 'gauge' ? widget.label : widget.category, 'series' in widget ? widget.series : undefined],
  );
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([field, value]) => [field, named.has(field) && typeof value === 'string' ? `${value}${LONG}` : value])));
}

/**
 * What is wrong with a chart drawn `width` pixels wide: texts on each other or run together side by
 * side, texts off the chart, texts crossed by a line of a line chart (a number sitting on its own line
 * or another series').
 */
function problemsOf(widget: ChartWidget, rows: Row[], width: number, mode: 'print' | 'screen'): string[] {
  const height = chartHeight(widget, rows, width);
  const svg = chartSvg(buildChart(widget, rows, mode, width), width, height);
  const boxes = textBoxes(svg);
  return [
    ...overlappingTexts(boxes).map(([a, b]) => `'${a}' sobre '${b}'`),
    ...runTogether(boxes).map(([a, b]) => `'${a}' colado em '${b}'`),
    ...textsOutside(boxes, width, height, 2).map((text) => `'${text}' fora do gráfico`),
    ...textsOnLines(boxes, lineSegments(svg)).map((text) => `'${text}' sobre uma linha`),
  ];
}

const calls = fixtures.flatMap((fixture) => fixture.calls.filter((call) => call.respondents > 0).map((call) => [fixture, call] as const));

describe('chart labels on the golden answers', () => {
  it('never overlap nor leave the chart, in the PDF and on a phone, with their names or long ones', { timeout: 300_000 }, async () => {
    const problems = new Set<string>();
    let charts = 0;
    for (const [fixture, call] of calls) {
      const view = t.app.definitions.dashboards.get(fixture.dashboard)!;
      const data = await dashboardData(t.app.db, t.app.definitions, view, bodyOf(fixture, call.filters));
      for (const widget of widgetsOf(view)) {
        if (!isChartWidget(widget)) continue;
        const rows = widgetRows(widget, data);
        if (rows.length === 0) continue;
        for (const [variant, variantRows] of [['', rows], [' (nomes longos)', lengthened(widget, rows)]] as const) {
          for (const [where, width, mode] of [['PDF', CHART_WIDTH, 'print'], ['PDF, meia largura', HALF_CHART_WIDTH, 'print'], ['celular', PHONE_WIDTH, 'screen']] as const) {
            charts += 1;
            for (const problem of problemsOf(widget, variantRows, width, mode)) problems.add(`painel ${view.id}, '${widget.title ?? view.title}'${variant}, ${where}: ${problem}`);
          }
        }
      }
    }
    expect(charts).toBeGreaterThan(200);
    expect([...problems]).toEqual([]);
  });
});
