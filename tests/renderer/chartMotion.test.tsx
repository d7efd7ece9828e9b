/**
 * A chart follows the system's motion setting (`prefers-reduced-motion`): animated by default, drawn at
 * once, without its animations, for someone who asks for less motion (the browser tests' pages do).
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EChartsOption } from 'echarts';
import Chart, { type ChartInstance } from '../../renderer/Chart.tsx';

const option: EChartsOption = {
  animation: true,
  xAxis: { type: 'category', data: ['a', 'b'] },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: [1, 2] }],
};

/** `matchMedia` answering whether reduced motion is asked for. */
function motionSetting(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }));
}

/** The option the drawn chart holds. */
async function drawnAnimation(): Promise<unknown> {
  let chart: ChartInstance | undefined;
  render(<Chart option={option} onReady={(ready) => (chart = ready)} />);
  await waitFor(() => expect(chart).toBeDefined());
  return (chart!.getOption() as { animation?: unknown }).animation;
}

describe('the chart and the motion setting', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('animates by default', async () => {
    motionSetting(false);
    expect(await drawnAnimation()).toBe(true);
  });

  it('draws at once, without animations, when less motion is asked for', async () => {
    motionSetting(true);
    expect(await drawnAnimation()).toBe(false);
  });
});
