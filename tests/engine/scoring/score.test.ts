import { describe, expect, it } from 'vitest';
import { scoreAnswers } from '../../../engine/scoring/score.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';

const agree = [
  { value: 0, label: 'Sem informação', scored: false },
  ...[1, 2, 3, 4, 5].map((value) => ({ value, label: String(value) })),
];
const styles = (question: string) => [
  { value: 1, label: `${question}A`, tags: ['a'] },
  { value: 2, label: `${question}B`, tags: ['b'] },
  { value: 3, label: `${question}C`, tags: ['a', 'c'] },
];

const definition: QuestionnaireDefinition = {
  type: 98,
  slug: 'pontuacao',
  title: 'Pontuação',
  scales: { agree },
  progress: { kind: 'page', label: '{n}' },
  pages: [
    {
      questions: [
        { id: '1', kind: 'choice', scale: 'agree', text: 'x' },
        { id: '2', kind: 'choice', scale: 'agree', reverse: true, text: 'y' },
        { id: '3', kind: 'choice', scale: 'agree', text: 'z' },
        { id: '4', kind: 'choice', options: styles('4'), text: 'estilo' },
        { id: '5', kind: 'checkboxes', options: styles('5'), text: 'marque' },
      ],
    },
  ],
  scoring: {
    scores: [
      { id: 'sum', label: 'Soma', questions: ['1', '2', '3'], aggregate: 'sum' },
      { id: 'mean', label: 'Média', questions: ['1', '2', '3'], aggregate: 'mean' },
      { id: 'percent', label: 'Percentual', questions: ['1', '2', '3'], aggregate: 'percent' },
      { id: 'item', label: 'Item', questions: ['1', '2'], aggregate: 'sum', perQuestion: true },
      { id: 'a', label: 'Estilo A', questions: ['4', '5'], aggregate: 'count' },
      { id: 'aShare', label: 'A entre as opções', questions: ['4', '5'], aggregate: 'share', tag: 'a' },
      { id: 'cAnswered', label: 'C entre as respostas', questions: ['4', '5'], aggregate: 'share', tag: 'c', shareOf: 'answered' },
      { id: 'b', label: 'Estilo B', questions: ['4', '5'], aggregate: 'count' },
    ],
    rankings: [
      { id: 'chosen', label: 'Escolhidas', from: 'answers', questions: ['4', '5'] },
      { id: 'styles', label: 'Estilos', from: 'scores', scores: ['b', 'a'], take: 1 },
    ],
    classification: { score: 'percent', min: 0, max: 100, bands: [{ id: 'low', label: 'Baixo', below: 60, color: '#c00' }, { id: 'high', label: 'Alto', color: '#0c0' }] },
  },
};

describe('scoreAnswers', () => {
  it('flips reverse items over the scored values and leaves "no information" out of sums, means and percents', () => {
    const result = scoreAnswers(definition, { '1': 5, '2': 1, '3': 0 });
    // Item 2 reversed on 1..5 (0 is not scored): 5 + 1 - 1 = 5; item 3 answered "no information".
    expect(result.scores).toMatchObject({ sum: 10, mean: 5, percent: 100, 'item.1': 5, 'item.2': 5 });
    expect(result.band?.id).toBe('high');
    expect(scoreAnswers(definition, { '1': 2, '2': 5, '3': 3 }).scores).toMatchObject({ sum: 6, mean: 2, percent: 40 });
  });

  it('counts tagged options of choices and ticks, as counts and as shares of options or of answers', () => {
    const result = scoreAnswers(definition, { '4': 3, '5': [1, 2] });
    expect(result.scores).toMatchObject({ a: 2, b: 1, aShare: 50, cAnswered: 50 });
    expect(result.rankings).toEqual({ chosen: ['4C', '5A', '5B'], styles: ['Estilo A'] });
  });

  it('keeps the order of the list for tied scores', () => {
    expect(scoreAnswers(definition, { '4': 2, '5': [1] }).rankings.styles).toEqual(['Estilo B']);
  });
});
