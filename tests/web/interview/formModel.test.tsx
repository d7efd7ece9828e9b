import { describe, expect, it } from 'vitest';
import { interview360 } from '../../../engine/interview/interview360';
import { keepNewest } from '../../../apps/web/src/pages/interview/filterChoice';
import {
  blockDone,
  emptyForm,
  formatIsoDate,
  formFromSaved,
  formToPairs,
  gradeOutOfRange,
  gradeToWire,
  parseBrDate,
  sanitizeGradeInput,
} from '../../../apps/web/src/pages/interview/formModel';

describe('interview form model', () => {
  it('keeps only digits and one comma in a grade', () => {
    expect(sanitizeGradeInput('7a,5')).toBe('7,5');
    expect(sanitizeGradeInput('7.5')).toBe('75');
    expect(sanitizeGradeInput('7,5,3')).toBe('7,53');
    expect(sanitizeGradeInput(' 10 ')).toBe('10');
  });

  it('sends the grade with a dot, and an empty grade as 0', () => {
    expect(gradeToWire('7,5')).toBe('7.5');
    expect(gradeToWire('')).toBe('0');
    expect(gradeOutOfRange(interview360, '10,5')).toBe(true);
    expect(gradeOutOfRange(interview360, '')).toBe(false);
    expect(gradeOutOfRange(interview360, '9,9')).toBe(false);
  });

  it('encodes every block, empty texts as one space, and omits an unchosen status', () => {
    const form = emptyForm(interview360);
    form.competencies[1] = { grade: '8,5', positive: 'Ótimo', better: '', reviewed: true };
    form.open.forces = 'Dedicado';
    form.confidential = '<p></p>';
    form.dates = ['2024-03-05'];
    form.show = ['2024-03-05'];
    const pairs = formToPairs(interview360, form);
    const get = (question: string) => pairs.find((pair) => pair.question === question)?.response;
    expect(get('1.grade')).toBe('8.5');
    expect(get('1.positive')).toBe('Ótimo');
    expect(get('1.better')).toBe(' ');
    expect(get('1.reviewed')).toBe('true');
    expect(get('2.grade')).toBe('0');
    expect(get('2.reviewed')).toBe('false');
    expect(get('11.forces')).toBe('Dedicado');
    expect(get('13.final')).toBe(' ');
    expect(get('14.confidential')).toBe(' ');
    expect(get('status')).toBeUndefined();
    expect(get('date')).toEqual(['2024-03-05']);
    expect(get('show')).toEqual(['2024-03-05']);
    expect(pairs).toHaveLength(10 * 4 + 3 + 1 + 2);
  });

  it('reads a saved interview back into the form', () => {
    const form = formFromSaved(interview360, {
      evaluation_id: 'x',
      status: 'finished',
      dates: ['2024-03-05'],
      show: ['2024-03-12'],
      answers: [
        { question: '1.grade', response: '7.5' },
        { question: '1.positive', response: ' ' },
        { question: '1.reviewed', response: 'true' },
        { question: '12.weakness', response: 'Ansioso' },
        { question: '14.confidential', response: '<p><strong>x</strong></p>' },
      ],
    });
    expect(form.competencies[1]).toEqual({ grade: '7,5', positive: '', better: '', reviewed: true });
    expect(form.open.weakness).toBe('Ansioso');
    expect(form.confidential).toBe('<p><strong>x</strong></p>');
    expect(form.status).toBe('finished');
    expect(form.dates).toEqual(['2024-03-05', '2024-03-12']);
    expect(blockDone(interview360, form, 1)).toBe(true);
    expect(blockDone(interview360, form, 2)).toBe(false);
    expect(blockDone(interview360, form, 12)).toBe(true);
    expect(blockDone(interview360, form, 13)).toBe(false);
  });

  it('converts Brazilian dates to ISO and back', () => {
    expect(parseBrDate('5/3/2024')).toBe('2024-03-05');
    expect(parseBrDate('31/02/2024')).toBeNull();
    expect(parseBrDate('2024-03-05')).toBeNull();
    expect(formatIsoDate('2024-03-05')).toBe('05/03/2024');
  });

  it('keeps only the newly chosen filter value', () => {
    expect(keepNewest(['a'], ['a', 'b'])).toEqual(['b']);
    expect(keepNewest(['a'], [])).toEqual([]);
    expect(keepNewest([], ['c'])).toEqual(['c']);
  });
});
