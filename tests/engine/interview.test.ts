import { describe, expect, it } from 'vitest';
import { decodeInterview, encodeInterview, isIsoDate, parseGrade } from '../../engine/interview/answers.ts';
import { consolidateInterviews, printDataset, type ConsolidationInput } from '../../engine/interview/consolidate.ts';
import { gradeBand, statusLabel } from '../../engine/interview/definition.ts';
import { interview360 as definition, interviewQuestionnaire as questionnaire } from '../../engine/interview/interview360.ts';
import { sanitizeRichText } from '../../engine/interview/richText.ts';

/* The model itself (blocks, statuses, guide, shapes refused): tests/engine/interviewModel.test.ts. */

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

describe('interview answers', () => {
  it('parses grades with a comma or a dot; empty is 0', () => {
    expect(['7,5', '7.5', '', ' ', '10', '.5', '8,'].map(parseGrade)).toEqual([7.5, 7.5, 0, 0, 10, 0.5, 8]);
    expect(['7,5,1', '1.2.3', 'abc', '-1', '1e1', ','].map(parseGrade)).toEqual([null, null, null, null, null, null]);
  });

  it('checks calendar dates', () => {
    expect(['2024-02-29', '2023-02-29', '2024-13-01', '24-01-01'].map(isIsoDate)).toEqual([true, false, false, false]);
  });

  it('decodes a save and encodes it back in the definition’s question order', () => {
    const { document, errors } = decodeInterview(questionnaire, [
      { question: 'status', response: 'willCorrect' },
      { question: '14.confidential', response: '<p onclick="x">a</p>' },
      { question: '13.final', response: ' ' },
      { question: '2.reviewed', response: 'true' },
      { question: '2.better', response: '' },
      { question: '1.grade', response: '9,25' },
      { question: '2.grade', response: '   ' },
      { question: 'date', response: '2024-05-02' },
      { question: 'date', response: ['2024-05-02', ' ', '2024-05-09'] },
      { question: 'show', response: 'Ana' },
      { question: '1.reviewed', response: 'false' },
    ]);
    expect(errors).toEqual([]);
    // Grades with a dot, a blank grade "0", the mark "true"/"false", texts as sent, the rich text sanitised.
    expect(document).toEqual({
      status: 'willCorrect',
      dates: ['2024-05-02', '2024-05-09'],
      show: ['Ana'],
      answers: {
        '1.grade': '9.25',
        '1.reviewed': 'false',
        '2.grade': '0',
        '2.better': '',
        '2.reviewed': 'true',
        '13.final': ' ',
        '14.confidential': '<p>a</p>',
      },
    });
    expect(encodeInterview(questionnaire, document.answers)).toEqual([
      { question: '1.grade', response: '9.25' },
      { question: '1.reviewed', response: 'false' },
      { question: '2.grade', response: '0' },
      { question: '2.better', response: '' },
      { question: '2.reviewed', response: 'true' },
      { question: '13.final', response: ' ' },
      { question: '14.confidential', response: '<p>a</p>' },
    ]);
  });

  it('leaves out of the load call what is not a question of the definition', () => {
    expect(encodeInterview(questionnaire, { '3.grade': '4', '15.grade': '1', status: 'open' })).toEqual([{ question: '3.grade', response: '4' }]);
  });

  it('lists every problem in the order sent, each naming its block', () => {
    const { document, errors } = decodeInterview(questionnaire, [
      { question: '1.grade', response: '11' },
      { question: '2.grade', response: 'x' },
      { question: '0.grade', response: '1' },
      { question: 'status', response: 'closed' },
      { question: '3.positive', response: ['a'] },
      { question: '4.grade', response: '-0,5' },
      { question: '5.grade', response: '7,125' },
      { question: '6.reviewed', response: 'sim' },
      { question: '6.grade', response: '5' },
      { question: '6.grade', response: '6' },
      { question: 'date', response: '2024-02-30' },
    ]);
    expect(errors).toEqual([
      'A nota do bloco 1 deve estar entre 0 e 10; foi enviada 11.',
      "A nota do bloco 2 deve ser um número (use apenas dígitos e uma vírgula ou ponto): 'x'.",
      'A questão 0.grade não existe na entrevista 360.',
      "Status da entrevista inválido: 'closed'. Use open, willCorrect, correcting ou finished.",
      'Requisição inválida: o campo 3.positive tem um valor inválido',
      'A nota do bloco 4 deve estar entre 0 e 10; foi enviada -0,5.',
      'A nota do bloco 5 aceita no máximo 2 casas decimais; foi enviada 7,125.',
      "O campo revisado do bloco 6 deve ser 'true' ou 'false'.",
      'A questão 6.grade foi enviada mais de uma vez.',
      "Data de entrevista inválida: '2024-02-30'. Use o formato aaaa-mm-dd.",
    ]);
    // What was readable is decoded; the route stores nothing when there is any error.
    expect(document.answers).toEqual({ '6.grade': '5' });
  });

  it('accepts two decimals and the bounds themselves', () => {
    const { document, errors } = decodeInterview(questionnaire, [
      { question: '1.grade', response: '0' },
      { question: '2.grade', response: '10' },
      { question: '3.grade', response: '7,25' },
      { question: '4.grade', response: '.5' },
    ]);
    expect(errors).toEqual([]);
    expect(document.answers).toEqual({ '1.grade': '0', '2.grade': '10', '3.grade': '7.25', '4.grade': '0.5' });
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
