import type { DashboardWidget } from '../definition/dashboard.ts';
import { buildGauge } from './gauge.ts';
import { buildInterviewBars } from './interviewBars.ts';
import type { ChartBuilder } from './types.ts';

/** Widget kinds drawn as an ECharts chart (the others are tables or text). */
export type ChartWidgetKind = 'gauge';

/** Chart builders by widget kind; exhaustive by type over `ChartWidgetKind`. */
export const chartBuilders: { [K in ChartWidgetKind]: ChartBuilder<Extract<DashboardWidget, { kind: K }>> } = {
  gauge: buildGauge,
};

/** Builders of report charts that are not dashboard widgets (fixed data shapes), by name. */
export const reportChartBuilders = { interviewBars: buildInterviewBars } as const;
