import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { isEqual } from 'echarts-for-react/esm/helper/is-equal';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { CHART_PARTS } from '../engine/charts/parts.ts';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';

// The parts the builders' options use (`engine/charts/parts.ts`, as the PDF registers them), the
// screen's tooltips and its SVG renderer: nothing else, so the bundle stays tree-shaken.
echarts.use([...CHART_PARTS, TooltipComponent, SVGRenderer]);

/** A drawn chart, as the print dialog reads it. */
export type ChartInstance = echarts.EChartsType;

interface ChartProps {
  /** Option from a pure builder in `engine/charts`. */
  option: EChartsOption;
  /**
   * Text alternative: the drawing becomes one labelled image. Without it the drawing is hidden from
   * screen readers, for widgets that put the same numbers in a table under it.
   */
  ariaLabel?: string;
  /** Height in pixels. Default 320. */
  height?: number;
  /** Called with the chart once drawn (the print dialog downloads its image). */
  onReady?: (chart: ChartInstance) => void;
}

/**
 * Draws an ECharts option with the SVG renderer, as a labelled image or hidden from screen readers.
 * The box carries `data-drawn="true"` while the chart shows its current option at rest (ECharts'
 * `finished`: drawn, its animations over), and loses it when a new option comes: what a picture of
 * the chart, or a test reading its labels, waits for.
 */
export default function Chart({ option: built, ariaLabel, height = 320, onReady }: ChartProps) {
  // Someone whose system asks for less motion (`prefers-reduced-motion`) gets each chart drawn at once,
  // without its entrance and update animations.
  const still = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const option = useMemo(() => (still ? { ...built, animation: false } : built), [built, still]);
  const box = useRef<HTMLDivElement>(null);
  // A different option is not drawn yet. The chart component sets it in its own update (before this
  // parent's layout effect, and before the frame that draws it), and only when it differs by its own
  // comparison: an equal option is not drawn again, so it keeps the mark.
  const given = useRef(option);
  const instance = useRef<ChartInstance | null>(null);
  useLayoutEffect(() => {
    if (isEqual(given.current, option)) return;
    given.current = option;
    box.current?.removeAttribute('data-drawn');
    // A chart with nothing to animate may have said `finished` for this option already, inside the chart
    // component's update: one more frame (which draws nothing new) says it again once all is at rest.
    instance.current?.getZr().refresh();
  }, [option]);
  const events = useMemo(() => ({ finished: () => box.current?.setAttribute('data-drawn', 'true') }), []);
  // The first option is drawn before the events are bound, at once when nothing animates: likewise.
  const ready = useCallback(
    (chart: ChartInstance) => {
      instance.current = chart;
      chart.getZr().refresh();
      onReady?.(chart);
    },
    [onReady],
  );
  const access = ariaLabel === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': ariaLabel };
  return (
    <Box ref={box} {...access} sx={{ width: '100%', height }}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        opts={{ renderer: 'svg' }}
        onChartReady={ready}
        onEvents={events}
        style={{ width: '100%', height: '100%' }}
      />
    </Box>
  );
}
