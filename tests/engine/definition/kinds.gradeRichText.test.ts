import { describe, expect, it } from 'vitest';
import { decodeAnswers } from '../../../engine/answers/decoding.ts';
import { encodeAnswers } from '../../../engine/answers/encoding.ts';
import { answersFromFields } from '../../../engine/answers/formValues.ts';
import { submissionErrors } from '../../../engine/answers/validation.ts';
import { kindSettingErrors } from '../../../engine/definition/kinds.ts';
import { parseQuestionnaire } from '../../../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';
import type { GradeQuestion } from '../../../engine/definition/questionTypes.ts';
import { definitionChanges } from '../../../engine/definition/versions.ts';
import fixture from '../../fixtures/gradeRichText.json' with { type: 'json' };

/*
 * The `grade` and `richText` kinds reproduce the 360 interview's wire format: a grade is typed with a
 * comma and sent with a dot ('7,5' → '7.5': administration.md 5, "the comma is converted to a dot on
 * sending"), and is read with a comma or a dot. Rich text is the confidential comments' allowlisted
 * HTML (the expectations of tests/engine/answers/staffSave.test.ts, 'the confidential comments').
 */

const parsed = parseQuestionnaire(fixture);
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
const definition = parsed.value;

/** The fixture with its grade question changed. */
function withGrade(patch: Partial<GradeQuestion>): QuestionnaireDefinition {
  const [grade, rich] = definition.pages[0]!.questions;
  return { ...definition, pages: [{ questions: [{ ...(grade as GradeQuestion), ...patch }, rich!] }] };
}

describe('the grade kind', () => {
  it('sends a grade as the interview does: with a dot, whole grades without decimals', () => {
    expect(encodeAnswers(definition, { '1.grade': 7.5 })).toEqual([{ question: '1.grade', response: '7.5' }]);
    expect(encodeAnswers(definition, { '1.grade': 10 })).toEqual([{ question: '1.grade', response: '10' }]);
    expect(encodeAnswers(definition, { '1.grade': 0 })).toEqual([{ question: '1.grade', response: '0' }]);
  });

  it('reads a grade sent with a comma or a dot, and what the interview reads, the same', () => {
    const read = (response: string) => decodeAnswers(definition, [{ question: '1.grade', response }]);
    expect(read('7,5')).toEqual({ answers: { '1.grade': 7.5 }, errors: [] });
    expect(read('7.5')).toEqual({ answers: { '1.grade': 7.5 }, errors: [] });
    expect(read('10')).toEqual({ answers: { '1.grade': 10 }, errors: [] });
    const expected: [string, number][] = [['7,5', 7.5], ['7.5', 7.5], ['10', 10], ['.5', 0.5], ['8,', 8], ['0', 0]];
    for (const [typed, grade] of expected) expect(read(typed).answers['1.grade'], typed).toBe(grade);
    // Unlike the interview, an empty grade is no answer (an unanswered question sends nothing).
    for (const bad of ['', 'abc', '7,5,1', '1e1', ',']) {
      expect(read(bad), bad).toEqual({ answers: {}, errors: ['A nota da questão 1 deve ser um número (use apenas dígitos e uma vírgula).'] });
    }
  });

  it('refuses a grade out of range or with too many decimals, in Portuguese', () => {
    const errorsOf = (def: QuestionnaireDefinition, grade: number) => submissionErrors(def, { '1.grade': grade }).map((error) => error.message);
    expect(errorsOf(definition, 10)).toEqual([]);
    expect(errorsOf(definition, 0)).toEqual([]);
    expect(errorsOf(definition, 9.9)).toEqual([]);
    expect(errorsOf(definition, 10.5)).toEqual(['A nota da questão 1 deve estar entre 0 e 10.']);
    expect(errorsOf(definition, -1)).toEqual(['A nota da questão 1 deve estar entre 0 e 10.']);
    expect(errorsOf(definition, 7.55)).toEqual(['A nota da questão 1 aceita no máximo 1 casa decimal.']);
    expect(errorsOf(withGrade({ decimals: 0 }), 7.5)).toEqual(['A nota da questão 1 deve ser um número inteiro.']);
    expect(errorsOf(withGrade({ decimals: 2 }), 9.25)).toEqual([]);
    expect(errorsOf(withGrade({ decimals: 2 }), 9.255)).toEqual(['A nota da questão 1 aceita no máximo 2 casas decimais.']);
    expect(errorsOf(withGrade({ min: 1, max: 5.5 }), 6)).toEqual(['A nota da questão 1 deve estar entre 1 e 5,5.']);
    // Required: no grade is no answer; 0 is an answer.
    expect(submissionErrors(definition, {}).map((error) => error.message)).toEqual(['Por favor, responda a questão 1!']);
    // A held value that is no number (a damaged saved answer) is refused, even on an optional grade.
    expect(submissionErrors(withGrade({ required: false }), { '1.grade': 'sete' }).map((error) => error.message)).toEqual([
      'A nota da questão 1 deve ser um número (use apenas dígitos e uma vírgula).',
    ]);
  });

  it('reads the grade typed in the server-drawn field before the script ran', () => {
    const fields: Record<string, string[]> = { 'q-1.grade': ['7,5'] };
    expect(answersFromFields(definition, 0, {}, (name) => fields[name] ?? [])).toEqual({ '1.grade': 7.5 });
  });

  it('reports a grade range whose minimum is not below its maximum', () => {
    const grade = (patch: Partial<GradeQuestion>): GradeQuestion => ({ id: '1', kind: 'grade', text: 'Nota', ...patch });
    expect(kindSettingErrors(grade({}))).toEqual([]);
    expect(kindSettingErrors(grade({ min: 10 }))).toEqual([{ pointer: '/min', message: 'A nota mínima (10) deve ser menor que a máxima (10).' }]);
    expect(kindSettingErrors(grade({ min: 2, max: 1.5 }))).toEqual([{ pointer: '/max', message: 'A nota mínima (2) deve ser menor que a máxima (1,5).' }]);
    // The definition check reports it at the question's own path.
    const inverted = { ...definition, scoring: undefined, pages: [{ questions: [grade({ min: 8, max: 2 })] }] };
    expect(parseQuestionnaire(inverted)).toEqual({ ok: false, errors: [{ pointer: '/pages/0/questions/0/max', message: 'A nota mínima (8) deve ser menor que a máxima (2).' }] });
  });

  it("counts a change of a grade's bounds or decimals as a scoring change", () => {
    for (const patch of [{ min: 1 }, { max: 5 }, { decimals: 2 }]) {
      const changes = definitionChanges(definition, withGrade(patch));
      const field = Object.keys(patch)[0]!;
      expect(changes, field).toContainEqual(expect.objectContaining({ pointer: `/pages/0/questions/0/${field}`, kind: 'scoring' }));
    }
  });

  it('is accepted by the schema only with sound settings', () => {
    const broken = { ...fixture, pages: [{ questions: [{ id: '1', kind: 'grade', text: 'Nota', decimals: 1.5 }] }] };
    expect(parseQuestionnaire(broken).ok).toBe(false);
  });
});

describe('the richText kind', () => {
  it('stores the allowlisted HTML (the interview sanitiser): read back on the server, whatever the browser sent', () => {
    const typed = '<p>Muito <strong>bom</strong><script>x()</script><img src="x" onerror="alert(1)"></p><ul><li><em>a</em></li></ul>';
    const sent = encodeAnswers(definition, { '1.grade': 7, '14.confidential': typed });
    // The server reads the submission back (decodeAnswers) and stores what it encodes again.
    const stored = encodeAnswers(definition, decodeAnswers(definition, sent).answers);
    expect(stored).toEqual([
      { question: '1.grade', response: '7' },
      { question: '14.confidential', response: '<p>Muito <strong>bom</strong></p><ul><li><em>a</em></li></ul>' },
    ]);
    const decoded = decodeAnswers(definition, [{ question: '14.confidential', response: '<a href=" JaVaScRiPt:alert(1)">a</a><a href="mailto:x@y.z" target="_blank">m</a>' }]);
    expect(decoded).toEqual({ answers: { '14.confidential': '<a>a</a><a href="mailto:x@y.z">m</a>' }, errors: [] });
  });

  it('takes an empty editor for no answer', () => {
    expect(encodeAnswers(definition, { '1.grade': 7, '14.confidential': '<p></p>' })).toEqual([{ question: '1.grade', response: '7' }]);
    const required = { ...definition, pages: [{ questions: [{ id: '14', kind: 'richText' as const, text: 'Comentários', required: true }] }] };
    expect(submissionErrors(required, { '14': '<p> &nbsp;</p>' }).map((error) => error.message)).toEqual(['Por favor, responda a questão 1!']);
    expect(submissionErrors(required, { '14': '<p>ok</p>' })).toEqual([]);
  });

  it('refuses an answer longer than its limit, counted on the HTML the server stores', () => {
    const limited = { ...definition, pages: [{ questions: [{ id: '14', kind: 'richText' as const, text: 'Comentários', maxLength: 14 }] }] };
    const onServer = (html: string) => submissionErrors(limited, decodeAnswers(limited, [{ question: '14', response: html }]).answers).map((error) => error.message);
    expect(onServer('<p>abcdefg</p>')).toEqual([]);
    // 14 characters once sanitised; the script that made it longer is not counted.
    expect(onServer('<p>abcdefg<script>long()</script></p>')).toEqual([]);
    expect(onServer('<p>abcdefgh</p>')).toEqual(['A resposta da questão 1 passou de 14 caracteres.']);
    // The default is the interview's limit for one response (50000).
    expect(submissionErrors(definition, { '1.grade': 1, '14.confidential': `<p>${'a'.repeat(49993)}</p>` })).toEqual([]);
    expect(submissionErrors(definition, { '1.grade': 1, '14.confidential': `<p>${'a'.repeat(49994)}</p>` }).map((error) => error.message)).toEqual([
      'A resposta da questão 2 passou de 50000 caracteres.',
    ]);
  });
});
