import { describe, expect, it } from 'vitest';
import { competencyAnswer, gradeBand, statusLabel } from '../../engine/interview/definition.ts';
import { interview360 as definition } from '../../engine/interview/interview360.ts';

/*
 * The model itself (blocks, statuses, guide, shapes refused): tests/engine/interviewModel.test.ts; the
 * save's codec: tests/engine/answers/staffSave.test.ts; the consolidation (the view of type 11's
 * datasets): the golden fixture definitions/fixtures/dashboards/11.json and tests/server/interview.test.ts.
 */

describe('the interview definition', () => {
  it("labels the status keys and shows 'Não iniciado' for unknown or missing ones", () => {
    expect(['open', 'willCorrect', 'correcting', 'finished'].map((key) => statusLabel(definition, key))).toEqual([
      'Entrevista em andamento',
      'À corrigir',
      'Corrigindo',
      'Finalizado',
    ]);
    expect(statusLabel(definition, null)).toBe('Não iniciado');
    expect(statusLabel(definition, 'whatever')).toBe('Não iniciado');
  });

  it('finds the grade-guide band', () => {
    expect([0, 0.5, 3, 3.1, 5, 7, 7.5, 8.5, 10].map((grade) => gradeBand(definition, grade)?.label)).toEqual([
      'Péssimo',
      'Muito ruim',
      'Muito ruim',
      'Ruim',
      'Ruim',
      'Regular',
      'Bom',
      'Muito bom',
      'Excelente',
    ]);
  });
});

describe('competencyAnswer', () => {
  it('reads a competency of stored answers: grades with a dot or a comma, a missing or unreadable grade 0, missing texts " "', () => {
    const competency = definition.competencies[2]!;
    expect(competencyAnswer({ '3.grade': '7.5', '3.positive': 'Ouve', '3.reviewed': 'true' }, competency)).toEqual({ grade: 7.5, positive: 'Ouve', better: ' ', reviewed: true });
    expect(competencyAnswer({ '3.grade': '7,5', '3.better': '' }, 3)).toEqual({ grade: 7.5, positive: ' ', better: '', reviewed: false });
    expect(['', ' ', 'x', '10', '.5'].map((grade) => competencyAnswer({ '1.grade': grade }, 1).grade)).toEqual([0, 0, 0, 10, 0.5]);
  });
});
