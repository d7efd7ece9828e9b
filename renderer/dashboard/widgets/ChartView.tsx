import { lazy, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import type { Row } from '../../../engine/definition/dashboard';
import { CHART_WIDTH } from '../../../engine/charts/format';
import { buildChart, type ChartWidget } from '../../../engine/charts/registry';
import { chartHeight } from '../../../engine/charts/size';
import type { ChartInstance } from '../../Chart';
import { ChartShelfContext } from '../chartShelf';
import { DataTableView } from './DataTableView';

// echarts is downloaded only when a chart is on screen.
const Chart = lazy(() => import('../../Chart'));

/**
 * An element's width in whole pixels, read before the first paint and again whenever it changes;
 * undefined while the element has no width (not laid out, or a document without layout).
 */
function useWidth(element: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const read = () => {
      const measured = Math.floor(target.getBoundingClientRect().width);
      setWidth(measured > 0 ? measured : undefined);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * A chart widget of any chart kind: the builder's option for the width it is drawn in (the word
 * cloud lays its words out on that box) drawn by `Chart` (hidden from screen readers), and under it
 * the same numbers as a table. The drawn chart registers with the view's shelf for the print dialog.
 */
export function ChartView({ widget, rows, name }: { widget: ChartWidget; rows: Row[]; name: string }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const option = useMemo(() => buildChart(widget, rows, 'screen', width), [widget, rows, width]);
  // Sized to its content at the drawn width (the statements' lines, the legend's rows).
  const height = useMemo(() => chartHeight(widget, rows, width ?? CHART_WIDTH), [widget, rows, width]);
  const shelf = useContext(ChartShelfContext);
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
