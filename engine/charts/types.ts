import type { EChartsOption } from 'echarts';
import type { DashboardWidget, ScoredRow } from '../definition/dashboard.ts';
import type { Scoring } from '../definition/types.ts';

/** The classification (range and bands) of a questionnaire's banded score. */
export type Classification = NonNullable<Scoring['classification']>;

/** What a chart builder gets besides its widget spec: the scored rows and the questionnaire's bands. */
export interface ChartContext {
  /** One row per respondent, as the results API returns them. */
  rows: ScoredRow[];
  /** Range and bands of the questionnaire's classification score, when it has one. */
  classification?: Classification;
}

/** A pure function from a widget spec and its data to an ECharts option. */
export type ChartBuilder<W extends DashboardWidget> = (widget: W, context: ChartContext) => EChartsOption;
