import type { EChartsOption } from 'echarts';
import type { ChartMode } from './types.ts';

/**
 * The chart font: every text of a printed chart names it, and it is exactly the PDF's font key
 * (pdfmake maps a `font-family` it does not know to Roboto, and measures with the same file).
 */
export const CHART_FONT = 'Roboto';

/**
 * The app's font, as the screens name it: the chart font first (the web app serves the same Roboto
 * files the PDF embeds, `apps/web/src/fonts.ts`), then fallbacks that are never serif (a family
 * list naming only Roboto falls to the browser's default, a serif, where Roboto is not installed).
 * Every screen chart draws its texts in it, so a word cloud is laid out with the widths of the font
 * it is drawn in. Single quotes: zrender writes the family into an SVG `style="…"` attribute
 * unescaped, and a double quote there would end the attribute in a downloaded chart image.
 */
export const APP_FONT = `${CHART_FONT}, 'Segoe UI', Arial, sans-serif`;

/** Keys whose object is a text style (a label, an axis label, a gauge's title or detail). */
const TEXT_KEYS = new Set(['label', 'axisLabel', 'endLabel', 'edgeLabel', 'upperLabel', 'nameTextStyle', 'detail', 'title', 'textStyle', 'subtextStyle']);

/** Shadow properties: the PDF's SVG reader supports no filters. */
const SHADOW_KEYS = ['shadowBlur', 'shadowColor', 'shadowOffsetX', 'shadowOffsetY', 'textShadowBlur', 'textShadowColor', 'textShadowOffsetX', 'textShadowOffsetY'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text style without a halo (see `finishOption`), in the chart font. */
function plainText(style: Json): void {
  style.textBorderWidth = 0;
  style.textBorderColor = 'none';
  style.fontFamily = CHART_FONT;
}

/** Makes sure `parent[key]` is an object (so defaults ECharts would draw with a halo get overridden). */
function ensure(parent: Json, key: string): void {
  if (!isObject(parent[key])) parent[key] = {};
}

/** Adds the text styles ECharts would otherwise draw with its defaults: series, marks, axes, legend. */
function ensureTexts(option: Json): void {
  const list = (value: unknown): Json[] => (Array.isArray(value) ? value : [value]).filter(isObject);
  for (const series of list(option.series)) {
    ensure(series, 'label');
    if (series.type === 'gauge') for (const key of ['axisLabel', 'title', 'detail']) ensure(series, key);
    for (const mark of ['markLine', 'markArea', 'markPoint']) if (isObject(series[mark])) ensure(series[mark], 'label');
  }
  for (const axis of [...list(option.xAxis), ...list(option.yAxis)]) {
    ensure(axis, 'axisLabel');
    ensure(axis, 'nameTextStyle');
  }
  for (const legend of list(option.legend)) ensure(legend, 'textStyle');
}

/** Walks the option: no tooltips, no shadows, every text style plain and in the chart font. */
function strip(node: unknown, key: string | undefined): void {
  if (Array.isArray(node)) {
    for (const item of node) strip(item, key);
    return;
  }
  if (!isObject(node)) return;
  delete node.tooltip;
  for (const shadow of SHADOW_KEYS) delete node[shadow];
  if (key !== undefined && TEXT_KEYS.has(key)) plainText(node);
  // A graphic text element (the word cloud) draws its own style.
  if (node.type === 'text' && isObject(node.style)) node.style.fontFamily = CHART_FONT;
  for (const [child, value] of Object.entries(node)) strip(value, child);
}

/**
 * The one place a chart becomes a screen or a print chart. "screen": tooltips on (an item tooltip
 * when the builder set none), animation allowed, texts in `APP_FONT`. "print" (server-side SVG for the PDFs): no
 * animation (no CSS keyframes), no tooltip, no shadows, every label without its halo and in
 * `CHART_FONT`. The halo is drawn with `paint-order`, which the PDF's SVG reader ignores; zrender
 * draws a label's default halo `lineWidth || 2` wide, so `textBorderWidth: 0` alone keeps it:
 * `textBorderColor: 'none'` removes it.
 * Returns a new option; the input is plain JSON and is not changed.
 */
export function finishOption(option: EChartsOption, mode: ChartMode): EChartsOption {
  const copy = JSON.parse(JSON.stringify(option)) as Json;
  if (mode === 'screen') {
    const textStyle = { fontFamily: APP_FONT, ...(isObject(copy.textStyle) ? copy.textStyle : {}) };
    return { animation: true, tooltip: { trigger: 'item', confine: true }, ...copy, textStyle } as EChartsOption;
  }
  ensureTexts(copy);
  strip(copy, undefined);
  return { ...copy, animation: false, textStyle: { ...(isObject(copy.textStyle) ? copy.textStyle : {}), fontFamily: CHART_FONT, textBorderWidth: 0, textBorderColor: 'none' } } as EChartsOption;
}
