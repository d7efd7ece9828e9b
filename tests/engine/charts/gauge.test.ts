import { describe, expect, it } from 'vitest';
import estresse from '../../../definitions/questionnaires/estresse.json' with { type: 'json' };
import type { GaugeWidget, ScoredRow } from '../../../engine/definition/dashboard.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';
import { bandSegments, buildGauge, gaugeSummary } from '../../../engine/charts/gauge.ts';
import { chartBuilders } from '../../../engine/charts/registry.ts';

const definition = estresse as QuestionnaireDefinition;
const classification = definition.scoring?.classification;
const widget: GaugeWidget = { kind: 'gauge', title: 'Média', score: 'total', statistic: 'mean' };

function row(id: string, total: number | string, band = ''): ScoredRow {
  return { evaluation_id: id, name: `Pessoa ${id}`, total, band };
}

interface GaugeSeries {
  type: string;
  min: number;
  max: number;
  axisLine: { lineStyle: { color: [number, string][] } };
  detail: { formatter: string; textBorderColor: string };
  title: { textBorderColor: string; color: string };
  axisLabel: { textBorderColor: string };
  data: { value: number; name: string }[];
}

function series(option: ReturnType<typeof buildGauge>): GaugeSeries {
  return (option.series as unknown as GaugeSeries[])[0]!;
}

describe('buildGauge', () => {
  it('turns the questionnaire bands into axis segments at their fractions of the range', () => {
    const gauge = series(buildGauge(widget, { rows: [], classification }));
    expect(gauge.type).toBe('gauge');
    expect(gauge.min).toBe(0);
    expect(gauge.max).toBe(56);
    const colors = classification!.bands.map((band) => band.color);
    expect(gauge.axisLine.lineStyle.color).toEqual([
      [13 / 56, colors[0]],
      [27 / 56, colors[1]],
      [40 / 56, colors[2]],
      [1, colors[3]],
    ]);
  });

  it('puts the needle at the mean of the rows, with one decimal, a comma and the band label', () => {
    const rows = [row('1', 20), row('2', 25), row('3', '22')];
    const gauge = series(buildGauge(widget, { rows, classification }));
    expect(gauge.data).toEqual([{ value: 67 / 3, name: 'Estresse moderado' }]);
    expect(gauge.detail.formatter).toBe('22,3');
  });

  it('draws no needle for empty rows', () => {
    const gauge = series(buildGauge(widget, { rows: [], classification }));
    expect(gauge.data).toEqual([]);
    expect(gauge.detail.formatter).toBe('');
    expect(gaugeSummary(widget, { rows: [], classification }).value).toBeNull();
  });

  it('keeps label halos transparent for the server-side SVG', () => {
    const gauge = series(buildGauge(widget, { rows: [row('1', 10)], classification }));
    expect(gauge.detail.textBorderColor).toBe('transparent');
    expect(gauge.title.textBorderColor).toBe('transparent');
    expect(gauge.axisLabel.textBorderColor).toBe('transparent');
  });

  it('falls back to a plain dial without a classification', () => {
    expect(bandSegments(undefined)).toEqual([[1, '#9e9e9e']]);
    const gauge = series(buildGauge(widget, { rows: [row('1', 40)] }));
    expect(gauge.max).toBe(100);
    expect(gauge.data[0]!.name).toBe('');
  });

  it('is registered under its kind', () => {
    expect(chartBuilders.gauge).toBe(buildGauge);
  });
});
