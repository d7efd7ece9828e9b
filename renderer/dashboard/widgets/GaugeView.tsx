import { lazy, Suspense, useMemo } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { GaugeWidget } from '../../../engine/definition/dashboard';
import { gaugeSummary } from '../../../engine/charts/gauge';
import { chartBuilders } from '../../../engine/charts/registry';
import { format, messages } from '../../../engine/messages';
import type { WidgetData } from '../types';

// echarts is loaded only when a chart is on screen.
const Chart = lazy(() => import('../../Chart'));

const HEIGHT = 320;

/** A gauge widget: the builder's option drawn by `Chart`, with a text alternative. */
export function GaugeView({ widget, rows, classification }: { widget: GaugeWidget } & WidgetData) {
  const context = useMemo(() => ({ rows, classification }), [rows, classification]);
  const option = useMemo(() => chartBuilders.gauge(widget, context), [widget, context]);
  const summary = gaugeSummary(widget, context);
  const label = format(messages.dashboard.chartSummary, {
    title: widget.title,
    value: summary.text,
    band: summary.band?.label ?? '',
  });
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={HEIGHT} />}>
      <Chart option={option} ariaLabel={label} height={HEIGHT} />
    </Suspense>
  );
}
