import type { EChartsOption } from 'echarts';
import type { DataWidget, Row, Widget } from '../definition/dashboard.ts';
import type { Scoring } from '../definition/types.ts';

/** The classification (range and bands) of a questionnaire's banded score. */
export type Classification = NonNullable<Scoring['classification']>;

/**
 * "screen": the browser's chart (animation, tooltips, the app's font); "print": the same chart for
 * server-side SVG in the PDFs (no animation, no label halos, the fixed chart font, no tooltip).
 */
export type ChartMode = 'screen' | 'print';

/**
 * A pure function from a widget spec and its dataset's rows to an ECharts option. `width` is the box
 * the chart is drawn in, in pixels (the screen's; default `CHART_WIDTH`, the PDFs'): only the layouts
 * computed in pixels (the word cloud) read it, the others let ECharts fit the box.
 */
export type ChartBuilder<W extends Widget> = (widget: W, rows: Row[], mode: ChartMode, width?: number) => EChartsOption;

/** A chart's numbers as a table: what screen readers read, and what tests check. */
export interface DataTable {
  /** Column headers. */
  columns: string[];
  /** Cells as shown (pt-BR numbers), one array per row. */
  rows: string[][];
}

/** Widgets a table describes (every data widget). */
export type TabulatedWidget = DataWidget;
