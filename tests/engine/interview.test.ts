import { describe, expect, it } from 'vitest';
import question360 from '../../definitions/questionnaires/question360new.json' with { type: 'json' };
import definitionJson from '../../definitions/interview360.json' with { type: 'json' };
import { decodeInterview, encodeInterview, isIsoDate, parseGrade } from '../../engine/interview/answers.ts';
import { consolidateInterviews, printDataset, type ConsolidationInput } from '../../engine/interview/consolidate.ts';
import { gradeBand, parseInterviewDefinition, statusLabel } from '../../engine/interview/definition.ts';
import { interview360 as definition } from '../../engine/interview/interview360.ts';
import { sanitizeRichText } from '../../engine/interview/richText.ts';

describe('the interview definition', () => {
  it('names the 10 competencies like pages 1-10 of the 360 questionnaire', () => {
    expect(definition.competencies.map((item) => item.name)).toEqual(question360.pages.slice(0, 10).map((page) => page.title));
    expect(definition.openBlocks.map((item) => [item.block, item.key, item.name])).toEqual([
      [11, 'forces', 'Pontos fortes'],
      [12, 'weakness', 'Pontos a desenvolver'],
      [13, 'final', 'Comentários finais'],
    ]);
  });

  it('reports every problem of a broken file with its pointer', () => {
    const broken = { ...definitionJson, typeEvaluation: 2, competencies: definitionJson.competencies.slice(0, 9), finishedStatus: 'done' };
    const result = parseInterviewDefinition(broken);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((error) => error.pointer)).toEqual(['/typeEvaluation', '/competencies', '/finishedStatus']);
    expect(parseInterviewDefinition('x').ok).toBe(false);
  });

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

describe('interview answers', () => {
  it('parses grades with a comma or a dot; empty is 0', () => {
    expect(['7,5', '7.5', '', ' ', '10', '.5', '8,'].map(parseGrade)).toEqual([7.5, 7.5, 0, 0, 10, 0.5, 8]);
    expect(['7,5,1', '1.2.3', 'abc', '-1', '1e1', ','].map(parseGrade)).toEqual([null, null, null, null, null, null]);
  });

  it('checks calendar dates', () => {
    expect(['2024-02-29', '2023-02-29', '2024-13-01', '24-01-01'].map(isIsoDate)).toEqual([true, false, false, false]);
  });

  it('decodes a save and encodes it back in the form order', () => {
    const { document, errors } = decodeInterview(definition, [
      { question: 'status', response: 'willCorrect' },
      { question: '13.final', response: ' ' },
      { question: '1.grade', response: '9,25' },
      { question: 'date', response: '2024-05-02' },
      { question: 'date', response: ['2024-05-02', ' ', '2024-05-09'] },
      { question: 'show', response: 'Ana' },
      { question: '14.confidential', response: '<p onclick="x">a</p>' },
    ]);
    expect(errors).toEqual([]);
    expect(document).toEqual({
      status: 'willCorrect',
      dates: ['2024-05-02', '2024-05-09'],
      show: ['Ana'],
      answers: { '1.grade': '9.25', '13.final': ' ', '14.confidential': '<p>a</p>' },
    });
    expect(encodeInterview(definition, document.answers)).toEqual([
      { question: '1.grade', response: '9.25' },
      { question: '13.final', response: ' ' },
      { question: '14.confidential', response: '<p>a</p>' },
    ]);
  });

  it('lists every problem', () => {
    const { errors } = decodeInterview(definition, [
      { question: '1.grade', response: '11' },
      { question: '2.grade', response: 'x' },
      { question: '0.grade', response: '1' },
      { question: 'status', response: 'closed' },
      { question: '3.positive', response: ['a'] },
    ]);
    expect(errors).toHaveLength(5);
    expect(errors[0]).toBe('A nota do bloco 1 deve estar entre 0 e 10; foi enviada 11.');
  });
});

describe('confidential comments', () => {
  it('keep only the allowlist', () => {
    expect(sanitizeRichText('<h2>T</h2><ul><li><em>a</em></li></ul><blockquote>q</blockquote><script>x()</script><svg onload="x()"></svg>')).toBe(
      '<h2>T</h2><ul><li><em>a</em></li></ul><blockquote>q</blockquote>',
    );
    expect(sanitizeRichText('<a href=" JaVaScRiPt:alert(1)">a</a><a href="mailto:x@y.z" target="_blank">m</a><img src="x" onerror="alert(1)">')).toBe(
      '<a>a</a><a href="mailto:x@y.z">m</a>',
    );
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
