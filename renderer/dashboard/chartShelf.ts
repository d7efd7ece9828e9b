import { createContext, useCallback, useMemo, useState } from 'react';
import type { ChartInstance } from '../Chart';

/** A chart drawn on the current screen, as the print dialog offers it. */
export interface ShelfChart {
  /** The widget's title (the image's name). */
  title: string;
  /** The drawn chart. */
  chart: ChartInstance;
  /** The widget's element, to list the charts in screen order. */
  element: HTMLElement | null;
}

/** What the charts of a view register with: `add` returns the function that removes the chart. */
export interface ChartShelfValue {
  add(entry: ShelfChart): () => void;
}

/** The view's shelf of drawn charts; absent outside a view (a chart then registers nowhere). */
export const ChartShelfContext = createContext<ChartShelfValue | null>(null);

/** The charts drawn on the current screen and the shelf they register with. */
export function useChartShelf(): { charts: ShelfChart[]; shelf: ChartShelfValue } {
  const [charts, setCharts] = useState<ShelfChart[]>([]);
  const add = useCallback((entry: ShelfChart) => {
    setCharts((list) => [...list, entry]);
    return () => setCharts((list) => list.filter((candidate) => candidate !== entry));
  }, []);
  const shelf = useMemo(() => ({ add }), [add]);
  return { charts, shelf };
}

/** The charts in the order they appear on the screen. */
export function inScreenOrder(charts: ShelfChart[]): ShelfChart[] {
  return [...charts].sort((a, b) => {
    if (!a.element || !b.element) return 0;
    return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}
