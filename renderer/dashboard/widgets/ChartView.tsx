import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import type { Row } from '../../../engine/definition/dashboard';
import { buildChart, type ChartWidget } from '../../../engine/charts/registry';
import type { ChartInstance } from '../../Chart';
import { ChartShelfContext } from '../chartShelf';
import { DataTableView } from './DataTableView';

// echarts is downloaded only when a chart is on screen.
const Chart = lazy(() => import('../../Chart'));

const DEFAULT_HEIGHT = 320;

/**
 * A chart widget of any chart kind: the builder's option drawn by `Chart` (hidden from screen
 * readers), and under it the same numbers as a table. The drawn chart registers with the view's shelf
 * for the print dialog.
 */
export function ChartView({ widget, rows, name }: { widget: ChartWidget; rows: Row[]; name: string }) {
  const option = useMemo(() => buildChart(widget, rows, 'screen'), [widget, rows]);
  const height = widget.height ?? DEFAULT_HEIGHT;
  const shelf = useContext(ChartShelfContext);
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartInstance | null>(null);

  useEffect(() => {
    if (!shelf || !chart) return;
    return shelf.add({ title: name, chart, element: box.current });
  }, [shelf, chart, name]);

  return (
    <Box ref={box}>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
        <Chart option={option} height={height} onReady={setChart} />
      </Suspense>
      <DataTableView widget={widget} rows={rows} name={name} />
    </Box>
  );
}
