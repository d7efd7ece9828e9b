import { describe, expect, it } from 'vitest';
import { buildHeatmap, heatmapGrid, heatmapHeight } from '../../../engine/charts/heatmap.ts';
import type { HeatmapWidget, Row } from '../../../engine/definition/dashboard.ts';
import { firstSeries, itemsOf, type Part } from './chartOption.ts';

/*
 * A heatmap on a phone: 3 sectors × 9 factors in a chart 340 pixels wide leaves cells of 22 pixels or
 * less, too narrow for a number; turned a quarter (the factors down the side), each sector's column is
 * 65 pixels wide and holds the number and 'n = 3'. Nothing is lost or moved: every cell keeps its
 * sector, factor, number and colour.
 */
const widget: HeatmapWidget = { kind: 'heatmap', dataset: 'risk', row: 'group', column: 'factor', value: 'share', count: 'n', color: 'tone', withheld: 'withheld', format: 'percent' };
const SECTORS = ['Administrativo', 'Operações', 'Portaria'];
const FACTORS = Array.from({ length: 9 }, (_, index) => `Fator ${index + 1}`);
const rows: Row[] = SECTORS.flatMap((group, y) =>
  FACTORS.map((factor, x) => ({ group, factor, share: y === 2 ? null : 10 * x + y, n: y === 2 ? 2 : 3 + y, tone: x % 2 === 0 ? '#2e7d32' : '#c62828', withheld: y === 2 ? 'Oculto: menos de 3 respondentes.' : null })),
);

/** Each drawn cell as [line, column, label, colour index]. */
function drawn(width: number): { lines: string[]; columns: string[]; cells: Map<string, string> } {
  const option = buildHeatmap(widget, rows, 'screen', width) as unknown as { xAxis: { data: string[] }; yAxis: { data: string[] } };
  const cells = new Map<string, string>();
  for (const item of itemsOf(firstSeries(option as never))) {
    const [x, y] = item.value as [number, number];
    const line = option.yAxis.data[y]!;
    const column = option.xAxis.data[x]!;
    const [group, factor] = SECTORS.includes(line) ? [line, column] : [column, line];
    cells.set(`${group}/${factor}`, String((item.label as Part).show ? (item.label as Part).formatter : ''));
  }
  return { lines: option.yAxis.data, columns: option.xAxis.data, cells };
}

describe('a heatmap on a narrow screen', () => {
  it('keeps its layout where the numbers fit', () => {
    const wide = drawn(1054);
    expect([wide.lines, wide.columns]).toEqual([SECTORS, FACTORS]);
    expect(wide.cells.get('Operações/Fator 2')).toBe('11%\nn = 4');
  });

  it('turns a quarter on a phone, every cell with its number, none lost', () => {
    const phone = drawn(340);
    expect([phone.lines, phone.columns]).toEqual([FACTORS, SECTORS]);
    expect(phone.cells.size).toBe(27);
    for (const [x, factor] of FACTORS.entries()) {
      expect(phone.cells.get(`Administrativo/${factor}`)).toBe(`${10 * x}%\nn = 3`);
      expect(phone.cells.get(`Portaria/${factor}`)).toBe('—\nn = 2');
    }
    // Its height holds a line per factor.
    expect(heatmapHeight(widget, rows, 340)).toBeGreaterThan(9 * 40);
  });

  it('does not turn when the turned cells would still be too narrow for numbers', () => {
    // 12 sectors × 9 factors: turned, the 12 would be narrower still; 10 × 12 neither (16 px, turned 19,5 px).
    const shown = rows.filter((row) => row.group === 'Administrativo');
    const many = Array.from({ length: 12 }, (_, y) => shown.map((row) => ({ ...row, group: `Setor ${y + 1}` }))).flat();
    const option = buildHeatmap(widget, many, 'screen', 340) as unknown as { yAxis: { data: string[] } };
    expect(option.yAxis.data).toHaveLength(12);
    expect(heatmapGrid(widget, many).rows).toHaveLength(12);
    const wide = Array.from({ length: 10 }, (_, y) => Array.from({ length: 12 }, (_, x) => ({ group: `Setor ${y + 1}`, factor: `Fator ${x + 1}`, share: x, n: 3, tone: '#2e7d32', withheld: null }))).flat();
    expect((buildHeatmap(widget, wide, 'screen', 340) as unknown as { yAxis: { data: string[] } }).yAxis.data).toHaveLength(10);
  });
});
