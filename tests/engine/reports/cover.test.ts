/**
 * A report's first page: the respondents and the period of the answers, and the summary lines of the
 * view's definition filled from its rows (values written by hand here, ties named together).
 */
import { describe, expect, it } from 'vitest';
import { reportCover } from '../../../engine/reports/cover.ts';
import type { DashboardData, SummaryLine } from '../../../engine/definition/dashboard.ts';

const data = (rows: Record<string, string | number | null>[], extra: Partial<DashboardData> = {}): DashboardData => ({ respondents: 7, datasets: { scores: { rows } }, ...extra });

const strongest: SummaryLine = { text: 'Fator mais forte: {name} ({value})', dataset: 'scores', name: 'factor', value: 'mean', format: 'decimal' };

describe('the first page of a report', () => {
  it('says how many answered and between which days, in the app’s time zone', () => {
    const cover = reportCover([], data([], { period: { first: '2026-11-02T02:30:00.000Z', last: '2026-11-20T15:00:00.000Z', people: 7 } }), 'America/Sao_Paulo');
    // 02:30 UTC on the 2nd is still the 1st in São Paulo (UTC−3).
    expect(cover.facts).toEqual([
      { label: 'Respondentes', value: '7' },
      { label: 'Período das respostas', value: 'de 01/11/2026 a 20/11/2026' },
    ]);
    expect(reportCover([], data([], { period: { first: '2026-11-20T12:00:00.000Z', last: '2026-11-20T18:00:00.000Z', people: 7 } }), 'America/Sao_Paulo').facts[1]!.value).toBe('20/11/2026');
  });

  it('counts people, and the answered evaluations too when some answered several questionnaires of the view', () => {
    // The scanner: 7 people, 30 of their tests answered.
    const cover = reportCover([], { respondents: 30, datasets: {}, period: { first: '2026-11-02T12:00:00.000Z', last: '2026-11-20T12:00:00.000Z', people: 7 } }, 'UTC');
    expect(cover.facts.slice(0, 2)).toEqual([
      { label: 'Respondentes', value: '7' },
      { label: 'Avaliações respondidas', value: '30' },
    ]);
  });

  it('names the row with the highest value, every row tied on it, the lowest or the first', () => {
    const rows = [
      { factor: 'Clareza', mean: 4.25 },
      { factor: 'Conflitos', mean: 2.5 },
      { factor: 'Relacionamento', mean: 4.25 },
      { factor: 'Sem nota', mean: null },
      { factor: 'Autonomia', mean: 3 },
    ];
    const lines: SummaryLine[] = [
      strongest,
      { ...strongest, text: 'Mais fraco: {name} ({value})', pick: 'lowest' },
      { ...strongest, text: 'Primeiro: {name}', pick: 'first' },
      { ...strongest, text: 'Só os fortes: {name}', where: [{ field: 'factor', in: ['Autonomia', 'Conflitos'] }] },
    ];
    expect(reportCover(lines, data(rows), 'UTC').summary).toEqual(['Fator mais forte: Clareza e Relacionamento (4,3)', 'Mais fraco: Conflitos (2,5)', 'Primeiro: Clareza', 'Só os fortes: Autonomia']);
  });

  it('sets tied names that hold an "e" apart with semicolons', () => {
    const rows = [
      { factor: 'Sabedoria e Conhecimento', mean: 3 },
      { factor: 'Transcendência', mean: 3 },
    ];
    expect(reportCover([strongest], data(rows), 'UTC').summary).toEqual(['Fator mais forte: Sabedoria e Conhecimento; Transcendência (3,0)']);
  });

  it('leaves out a line whose rows are empty (no answers, a withheld group) and says nothing of a view without answers', () => {
    expect(reportCover([strongest], data([]), 'UTC')).toEqual({ facts: [{ label: 'Respondentes', value: '7' }], summary: [] });
    expect(reportCover([strongest], { respondents: 0, datasets: {} }, 'UTC')).toEqual({ facts: [], summary: [] });
  });
});
