import type { ComponentType } from 'react';
import type { WidgetKind } from '../../../engine/definition/dashboard';
import { ChartView } from './ChartView';
import { ColumnsView } from './ColumnsView';
import { LegendView } from './LegendView';
import { NamesView } from './NamesView';
import { QuadrantsView } from './QuadrantsView';
import { StatView } from './StatView';
import { TableView } from './TableView';
import { TextsView } from './TextsView';
import type { WidgetProps } from './types';

/** Dashboard widget components by kind; exhaustive by type, so a new kind cannot be forgotten. */
export const widgetRegistry: { [K in WidgetKind]: ComponentType<WidgetProps<K>> } = {
  bar: ChartView,
  line: ChartView,
  scatter: ChartView,
  pie: ChartView,
  gauge: ChartView,
  ring: ChartView,
  wordCloud: ChartView,
  heatmap: ChartView,
  table: TableView,
  columns: ColumnsView,
  quadrants: QuadrantsView,
  texts: TextsView,
  stat: StatView,
  names: NamesView,
  legend: LegendView,
};
