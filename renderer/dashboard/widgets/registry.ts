import type { ComponentType } from 'react';
import type { DashboardWidget, WidgetKind } from '../../../engine/definition/dashboard';
import type { WidgetData } from '../types';
import { GaugeView } from './GaugeView';
import { RespondentTableView } from './RespondentTableView';

/** Props of the component drawing a widget of kind K. */
export type WidgetProps<K extends WidgetKind> = { widget: Extract<DashboardWidget, { kind: K }> } & WidgetData;

/** Dashboard widget components by kind; exhaustive by type, so a new kind cannot be forgotten. */
export const widgetRegistry: { [K in WidgetKind]: ComponentType<WidgetProps<K>> } = {
  gauge: GaugeView,
  respondentTable: RespondentTableView,
};
