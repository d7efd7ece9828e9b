import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { decodeAnswers } from '../../../engine/answers/decoding.ts';
import { encodeAnswers } from '../../../engine/answers/encoding.ts';
import { answeredCount, pageErrors, submissionErrors } from '../../../engine/answers/validation.ts';
import { answerSummary } from '../../../engine/answers/summary.ts';
import { allQuestions, takenOptions } from '../../../engine/definition/questions.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';
import { questionnaireMachine, type QuestionnaireEmitted } from '../../../engine/machine/questionnaireMachine.ts';

const likert = [1, 2, 3, 4, 5].map((value) => ({ value, label: `L${value}` }));
const strengths = ['Amor', 'Bravura', 'Criatividade'].map((label, index) => ({ value: index + 1, label }));

/** One definition exercising the general capabilities every questionnaire can switch on. */
const definition: QuestionnaireDefinition = {
  type: 99,
  slug: 'teste',
  title: 'Teste',
  scales: { likert, strengths },
  progress: { kind: 'answered', label: 'Respondidas {n} de {total}' },
  messages: { required: 'Por favor, preencha a questão {n}!', toastEveryError: true, nextToast: { variant: 'info', durationMs: 1500 } },
  pages: [
    {
      questions: [
        { id: '1.1', kind: 'choice', scale: 'likert', required: true, text: 'Afirmação' },
        { id: '1.1.1', kind: 'text', required: true, text: 'Por quê?', when: { question: '1.1', gt: 4 } },
        { id: '1.2', kind: 'choice', required: true, text: 'Sim ou não', options: [{ value: 1, label: 'Sim' }, { value: 0, label: 'Não' }] },
        { id: '1.2.1', kind: 'text', text: 'Qual?', when: { question: '1.2', in: [1] } },
      ],
    },
    {
      questions: [
        {
          id: '2',
          kind: 'checkboxes',
          text: 'Marque duas',
          wire: 'qualified',
          options: [1, 2, 3, 4].map((value) => ({ value, label: `V${value}` })),
          select: { exactly: 2, message: 'Por favor, assinale duas opções! Você marcou {count} de 2' },
        },
        { id: '3', kind: 'choice', scale: 'strengths', display: 'select', exclusiveGroup: 'forcas', required: true, text: '1ª força' },
        { id: '4', kind: 'choice', scale: 'strengths', display: 'select', exclusiveGroup: 'forcas', required: true, text: '2ª força' },
      ],
    },
  ],
};

describe('conditional follow-ups', () => {
  it('show, require and send a follow-up only while its condition holds', () => {
    expect(pageErrors(definition, 0, { '1.1': 3, '1.2': 0 })).toEqual([]);
    expect(pageErrors(definition, 0, { '1.1': 5, '1.2': 0 })).toEqual([{ questionId: '1.1.1', message: 'Por favor, preencha a questão 1!' }]);
    // A follow-up answered and then hidden by a new answer is neither checked nor sent.
    const answers = { '1.1': 3, '1.1.1': 'texto antigo', '1.2': 1, '1.2.1': 'um motivo' };
    expect(encodeAnswers(definition, answers).map((item) => item.question)).toEqual(['1.1', '1.2', '1.2.1']);
    expect(answeredCount(definition, answers)).toEqual({ answered: 3, total: 6 });
  });

  it('numbers a follow-up as the question it follows', () => {
    expect(allQuestions(definition).map(({ question, number }) => [question.id, number])).toEqual([
      ['1.1', 1], ['1.1.1', 1], ['1.2', 2], ['1.2.1', 2], ['2', 3], ['3', 4], ['4', 5],
    ]);
  });
});

describe('checkbox lists', () => {
  it('enforce the tick count with the definition message, live count included', () => {
    expect(pageErrors(definition, 1, { '3': 1, '4': 2 })).toEqual([{ questionId: '2', message: 'Por favor, assinale duas opções! Você marcou 0 de 2' }]);
    expect(pageErrors(definition, 1, { '2': [1, 2, 3], '3': 1, '4': 2 })[0]?.message).toBe('Por favor, assinale duas opções! Você marcou 3 de 2');
    expect(pageErrors(definition, 1, { '2': [1, 4], '3': 1, '4': 2 })).toEqual([]);
  });

  it('send one qualified item per tick and read them back', () => {
    const items = encodeAnswers(definition, { '2': [4, 1] }).filter((item) => item.question === '2');
    expect(items).toEqual([{ question: '2', response: '2.1' }, { question: '2', response: '2.4' }]);
    expect(decodeAnswers(definition, items)).toEqual({ answers: { '2': [1, 4] }, errors: [] });
  });

  it('refuse repeated ticks, unqualified responses and a second answer to a one-answer question', () => {
    expect(decodeAnswers(definition, [{ question: '2', response: '2.1' }, { question: '2', response: '2.1' }]).errors).toHaveLength(1);
    expect(decodeAnswers(definition, [{ question: '2', response: '1' }]).errors).toEqual(['A resposta da questão 3 não é uma opção válida.']);
    expect(decodeAnswers(definition, [{ question: '1.1', response: '1' }, { question: '1.1', response: '2' }]).errors).toEqual(['A questão 1.1 foi enviada mais de uma vez.']);
  });
});

describe('exclusive groups (ranked slots)', () => {
  it('take an option chosen in one slot out of the others, and refuse the same option twice', () => {
    const [, , , , , slot1, slot2] = allQuestions(definition).map(({ question }) => question);
    expect([...takenOptions(definition, slot2!, { '3': 2 })]).toEqual([2]);
    expect(takenOptions(definition, slot1!, { '3': 2 }).size).toBe(0);
    const repeated = submissionErrors(definition, { '1.1': 1, '1.2': 0, '2': [1, 2], '3': 2, '4': 2 });
    expect(repeated.map((error) => error.message)).toEqual([
      'A opção "Bravura" da questão 4 já foi escolhida em outra questão.',
      'A opção "Bravura" da questão 5 já foi escolhida em outra questão.',
    ]);
  });

  it('lists the chosen options in order for a confirmation dialog', () => {
    expect(answerSummary(definition, { '1.1': 2, '1.2': 0, '2': [1, 3], '3': 3 })).toEqual(['1. L2', '2. Não', '3. V1, V3', '4. Criatividade', '5. (sem resposta)']);
  });
});

describe('validation toasts', () => {
  it('toast every refused answer of the page, in the style the definition asks', () => {
    const actor = createActor(questionnaireMachine, { input: { definition } }).start();
    const emitted: QuestionnaireEmitted[] = [];
    actor.on('notify', (event) => emitted.push(event));
    actor.send({ type: 'answer.set', questionId: '1.1', value: 5 });
    actor.send({ type: 'page.next' });
    expect(emitted).toEqual([
      { type: 'notify', variant: 'info', durationMs: 1500, message: 'Por favor, preencha a questão 1!' },
      { type: 'notify', variant: 'info', durationMs: 1500, message: 'Por favor, preencha a questão 2!' },
    ]);
  });
});
