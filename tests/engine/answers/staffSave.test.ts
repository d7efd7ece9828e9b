import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../../engine/answers/richText.ts';
import { decodeStaffSave, storedAnswerPairs } from '../../../engine/answers/staffSave.ts';
import { interviewQuestionnaire as questionnaire } from '../../staffForms.ts';

/*
 * The save of a staff form, on the one staff form there is (the 360 interview): the pairs of
 * `PUT /tableresponse/multiple` read into the document to store, and given back in the definition's
 * order. The expected values are written by hand from the spec (administration.md 5).
 */

describe('decodeStaffSave and storedAnswerPairs on the interview definition', () => {
  it('decodes a save and encodes it back in the definition’s question order', () => {
    const { document, errors } = decodeStaffSave(questionnaire, [
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
    expect(storedAnswerPairs(questionnaire, document.answers)).toEqual([
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
    expect(storedAnswerPairs(questionnaire, { '3.grade': '4', '15.grade': '1', status: 'open' })).toEqual([{ question: '3.grade', response: '4' }]);
  });

  it('lists every problem in the order sent, each naming its block', () => {
    const { document, errors } = decodeStaffSave(questionnaire, [
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
    const { document, errors } = decodeStaffSave(questionnaire, [
      { question: '1.grade', response: '0' },
      { question: '2.grade', response: '10' },
      { question: '3.grade', response: '7,25' },
      { question: '4.grade', response: '.5' },
    ]);
    expect(errors).toEqual([]);
    expect(document.answers).toEqual({ '1.grade': '0', '2.grade': '10', '3.grade': '7.25', '4.grade': '0.5' });
  });
});

describe('the confidential comments (rich text)', () => {
  it('keep only the allowlist', () => {
    expect(sanitizeRichText('<h2>T</h2><ul><li><em>a</em></li></ul><blockquote>q</blockquote><script>x()</script><svg onload="x()"></svg>')).toBe(
      '<h2>T</h2><ul><li><em>a</em></li></ul><blockquote>q</blockquote>',
    );
    expect(sanitizeRichText('<a href=" JaVaScRiPt:alert(1)">a</a><a href="mailto:x@y.z" target="_blank">m</a><img src="x" onerror="alert(1)">')).toBe(
      '<a>a</a><a href="mailto:x@y.z">m</a>',
    );
  });
});

