import { describe, expect, it } from 'vitest';
import { rankingPlaces, scoreAnswers } from '../../../engine/scoring/score.ts';
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

  it('shares a place between tied scores by default, naming them in the order of the list', () => {
    // 4B counts for B, 5A for A: 1 each.
    expect(scoreAnswers(definition, { '4': 2, '5': [1] }).rankings.styles).toEqual(['Empate: Estilo B, Estilo A']);
  });
});

describe('rankings from scores with ties "group" (a tie is a tie, no answer is no profile)', () => {
  // One checkbox list whose options carry the four profiles W, X, Y, Z several times each, so any
  // counts up to 12 per profile can be ticked; the counts below are read straight off the ticks.
  const tags = ['w', 'x', 'y', 'z'];
  const words = tags.flatMap((tag, index) => Array.from({ length: 12 }, (_, n) => ({ value: index * 12 + n + 1, label: `${tag}${n + 1}`, tags: [tag] })));
  const profiles: QuestionnaireDefinition = {
    type: 97,
    slug: 'perfis',
    title: 'Perfis',
    scales: {},
    progress: { kind: 'page', label: '{n}' },
    pages: [{ questions: [{ id: '1', kind: 'checkboxes', options: words, text: 'marque' }] }],
    scoring: {
      scores: tags.map((tag) => ({ id: tag, label: tag.toUpperCase(), aggregate: 'count' as const })),
      rankings: [
        { id: 'two', label: 'Dois primeiros', from: 'scores', scores: tags, take: 2, ties: 'group' },
        { id: 'all', label: 'Todos', from: 'scores', scores: tags, ties: 'group' },
        { id: 'listed', label: 'Na ordem da lista', from: 'scores', scores: tags, take: 2, ties: 'order' },
      ],
    },
  };
  /** Ticks `counts[i]` options of profile i (W, X, Y, Z). */
  const ticks = (...counts: number[]) => ({ '1': counts.flatMap((count, index) => Array.from({ length: count }, (_, n) => index * 12 + n + 1)) });
  const rank = (...counts: number[]) => scoreAnswers(profiles, ticks(...counts)).rankings;

  it.each([
    ['3-3-3-3: one shared first place, no second', [3, 3, 3, 3], ['Empate: W, X, Y, Z'], ['Empate: W, X, Y, Z']],
    ['5-1-5-1: W and Y share the first place, X and Z the second', [5, 1, 5, 1], ['Empate: W, Y', 'Empate: X, Z'], ['Empate: W, Y', 'Empate: X, Z']],
    ['5-5-1-1: W and X first, Y and Z second', [5, 5, 1, 1], ['Empate: W, X', 'Empate: Y, Z'], ['Empate: W, X', 'Empate: Y, Z']],
    ['1-4-2-5: a clear winner and a clear second', [1, 4, 2, 5], ['Z', 'X'], ['Z', 'X', 'Y', 'W']],
    ['4-2-2-0: a winner, then a shared second place', [4, 2, 2, 0], ['W', 'Empate: X, Y'], ['W', 'Empate: X, Y']],
    ['0-0-12-0: only Y was chosen: no second place (a 0 takes no place)', [0, 0, 12, 0], ['Y'], ['Y']],
    ['4-4-4-0: three share the first place, nothing second', [4, 4, 4, 0], ['Empate: W, X, Y'], ['Empate: W, X, Y']],
    ['nothing ticked: no profile at all', [0, 0, 0, 0], [], []],
  ])('%s', (_name, counts, two, all) => {
    const result = rank(...counts);
    expect(result.two).toEqual(two);
    expect(result.all).toEqual(all);
  });

  it('with ties "order" keeps one place per score, equal ones (zeros too) in the order of the list', () => {
    expect(rank(5, 1, 5, 1).listed).toEqual(['W', 'Y']);
    expect(rank(0, 0, 0, 0).listed).toEqual(['W', 'X']);
  });

  it('gives the profiles of each place, in the order of the list, for the rows of the dashboards', () => {
    const two = profiles.scoring!.rankings![0]!;
    expect(rankingPlaces(profiles, two, { w: 5, x: 1, y: 5, z: 1 })).toEqual([['W', 'Y'], ['X', 'Z']]);
    expect(rankingPlaces(profiles, two, { w: 0, x: 0, y: 0, z: 0 })).toEqual([]);
    // Scores a database computes as shares may differ in the last bits: 1/3 of 100 is a tie with 100/3.
    expect(rankingPlaces(profiles, two, { w: (1 / 3) * 100, x: 100 / 3, y: 0, z: 0 })).toEqual([['W', 'X']]);
    // A score the row does not have counts as 0.
    expect(rankingPlaces(profiles, two, { z: 2 })).toEqual([['Z']]);
  });
});
