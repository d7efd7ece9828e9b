import { describe, expect, it } from 'vitest';
import { chartSvg } from '../../apps/server/src/reports/charts.ts';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { buildChart } from '../../engine/charts/registry.ts';
import { chartHeight } from '../../engine/charts/size.ts';
import type { LineWidget, Row } from '../../engine/definition/dashboard.ts';
import { overlappingTexts, runTogether, textBoxes, textsOutside } from '../engine/charts/textBoxes.ts';

/*
 * A line with bands names them on its right, which narrows the plot: the rounds' names under it must be
 * laid out for the plot as drawn. Two rounds on a phone ran together ('Clima 2025 – 2ºClima 2026 –
 * piloto') on the PSS-14's 'Média de estresse por ciclo'.
 */

const widget = [...loadDefinitions().dashboards.get(13)!.layout].find((node): node is LineWidget => 'kind' in node && node.kind === 'line')!;
const rows = (names: string[]): Row[] => names.map((cycle, index) => ({ cycle, score: 'total', value: 28 + 7 * index }));

describe("the rounds' line of the PSS-14", () => {
  it.each([
    [342, ['Clima 2025 – 2º semestre', 'Clima 2026 – piloto']],
    [342, ['Clima 2024', 'Clima 2025 – 1º semestre', 'Clima 2025 – 2º semestre', 'Clima 2026 – 1º semestre']],
    [600, ['Escala de Estresse Percebido – 05/11/2026', 'Escala de Estresse Percebido – 20/11/2026', 'Clima 2026 – piloto']],
  ])('names every round apart at %i pixels: %j', (width, names) => {
    const data = rows(names);
    const line = { ...widget, where: undefined };
    const height = chartHeight(line, data, width);
    const boxes = textBoxes(chartSvg(buildChart(line, data, 'print', width), width, height));
    expect([...overlappingTexts(boxes), ...runTogether(boxes)].map(([a, b]) => `'${a}' / '${b}'`)).toEqual([]);
    expect(textsOutside(boxes, width, height, 2)).toEqual([]);
  });
});
