import { describe, expect, it } from 'vitest';
import { barLabel, buildInterviewBars, INTERVIEW_SERIES } from '../../../engine/charts/interviewBars';
import { reportChartBuilders } from '../../../engine/charts/registry';
import type { CompetencySeries } from '../../../engine/interview/consolidate';

const names = { average: 'Média', self: 'Autoavaliação', min: 'Mínimo', max: 'Máximo' };
const competencies: CompetencySeries[] = [
  { block: 1, name: 'Responsabilidade', average: 7.25, self: 6, min: 5, max: 9.5 },
  { block: 2, name: 'Planejamento', average: null, self: 8, min: null, max: null },
];

type BarItem = { value: number | string; label: { show: boolean; formatter?: string } };
type Series = { type: string; name: string; data: BarItem[] };

describe('buildInterviewBars', () => {
  it('is registered as a report chart builder', () => {
    expect(reportChartBuilders.interviewBars).toBe(buildInterviewBars);
  });

  it('draws four named bar series over the competencies on a 0 to 10 axis', () => {
    const option = buildInterviewBars(competencies, names);
    expect((option.xAxis as { data: string[] }).data).toEqual(['Responsabilidade', 'Planejamento']);
    expect(option.yAxis).toMatchObject({ min: 0, max: 10 });
    const series = option.series as Series[];
    expect(series.map((item) => [item.type, item.name])).toEqual(INTERVIEW_SERIES.map((key) => ['bar', names[key]]));
  });

  it('labels each bar with one decimal and a comma, and leaves missing values empty', () => {
    const series = buildInterviewBars(competencies, names).series as Series[];
    const [average, self] = series;
    expect(average!.data[0]).toMatchObject({ value: 7.25, label: { show: true, formatter: '7,3' } });
    expect(average!.data[1]).toMatchObject({ value: '-', label: { show: false } });
    expect(self!.data.map((item) => item.label.formatter)).toEqual(['6,0', '8,0']);
  });

  it('formats labels the Brazilian way', () => {
    expect(barLabel(10)).toBe('10,0');
    expect(barLabel(3.15)).toBe('3,2');
    expect(barLabel(null)).toBe('');
  });

  it('is plain data (no functions), so the server can render it to SVG', () => {
    expect(JSON.parse(JSON.stringify(buildInterviewBars(competencies, names)))).toEqual(buildInterviewBars(competencies, names));
  });
});
