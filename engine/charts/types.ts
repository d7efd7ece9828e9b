import type { EChartsOption } from 'echarts';
import type { DataWidget, Row, Widget } from '../definition/dashboard.ts';
import type { Scoring } from '../definition/types.ts';

/** The classification (range and bands) of a questionnaire's banded score. */
export type Classification = NonNullable<Scoring['classification']>;

/**
 * "screen": the browser's chart (animation, tooltips); "print": the same chart for server-side SVG in
 * the PDFs (no animation, no label halos, the fixed chart font, no tooltip).
 */
export type ChartMode = 'screen' | 'print';

/** A pure function from a widget spec and its dataset's rows to an ECharts option. */
export type ChartBuilder<W extends Widget> = (widget: W, rows: Row[], mode: ChartMode) => EChartsOption;

/** A chart's numbers as a table: what screen readers read, and what tests check. */
export interface DataTable {
  /** Column headers. */
  columns: string[];
  /** Cells as shown (pt-BR numbers), one array per row. */
  rows: string[][];
}

/** Widgets a table describes (every data widget). */
export type TabulatedWidget = DataWidget;
