import { describe, expect, it } from 'vitest';
import { consolidateInterviews, printDataset, type ConsolidationInput } from '../../engine/interview/consolidate.ts';
import { competencyAnswer, gradeBand, statusLabel } from '../../engine/interview/definition.ts';
import { interview360 as definition } from '../../engine/interview/interview360.ts';

/*
 * The model itself (blocks, statuses, guide, shapes refused): tests/engine/interviewModel.test.ts; the
 * save's codec: tests/engine/answers/staffSave.test.ts.
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

describe('consolidation', () => {
  const input = (evaluatorId: number, grades: Record<number, string>, extra: Record<string, string> = {}): ConsolidationInput => ({
    evaluationId: `e${evaluatorId}`,
    evaluatorId,
    evaluatorName: `Pessoa ${evaluatorId}`,
    answers: { ...Object.fromEntries(Object.entries(grades).map(([block, grade]) => [`${block}.grade`, grade])), ...extra },
  });

  it('means, minimum and maximum exclude the self-evaluation', () => {
    const result = consolidateInterviews(definition, 1, [
      input(2, { 1: '6', 2: '7' }, { '1.positive': 'Bom ouvinte', '11.forces': 'Calma', '14.confidential': 'segredo' }),
      input(3, { 1: '9', 2: '7.5' }, { '1.positive': ' ' }),
      input(4, { 1: '4' }),
      input(1, { 1: '10', 2: '3' }),
    ]);
    expect(result.count).toBe(4);
    // Block 1: (6 + 9 + 4) / 3 = 6.33; block 2: (7 + 7.5 + 0) / 3 = 4.83 (a missing grade is 0, as the form sends it).
    expect(result.competencies[0]).toEqual({ block: 1, name: 'Responsabilidade', average: 6.33, self: 10, min: 4, max: 9 });
    expect(result.competencies[1]).toEqual({ block: 2, name: 'Planejamento', average: 4.83, self: 3, min: 0, max: 7.5 });
    expect(result.rated[1]).toEqual({ block: 2, name: 'Planejamento', grade: 3 });
    expect(result.responses.map((response) => response.evaluator_id)).toEqual([2, 3, 4]);
    expect(result.selfResponses.map((response) => response.evaluator_id)).toEqual([1]);
    expect(JSON.stringify(result)).not.toContain('segredo');

    const print = printDataset(definition, result);
    expect(print.title).toBe('Entrevista 360 graus');
    expect(print.count).toBe(4);
    expect(print.competencies[0]!.positive).toEqual(['Bom ouvinte']);
    expect(print.forces).toEqual(['Calma']);
  });

  it('gives nulls without evaluators or self-evaluation', () => {
    const empty = consolidateInterviews(definition, 1, []);
    expect(empty.count).toBe(0);
    expect(empty.competencies[0]).toEqual({ block: 1, name: 'Responsabilidade', average: null, self: null, min: null, max: null });
  });
});
