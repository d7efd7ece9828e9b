import { describe, expect, it } from 'vitest';
import { parseQuestionnaire } from '../../../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';
import { compileScoringKey, evaluateFormula, partTotals } from '../../../engine/scoring/scoringKey.ts';
import { scoreAnswers } from '../../../engine/scoring/score.ts';

/*
 * An `oriented` count or share reads, on a reverse item, the tags of the option at the mirrored value,
 * as the item's value is scored: 'unfavourable' written once on the frequency scale's high end means
 * "unfavourable" on every item, the reverse ones included (the psychosocial factors' shares).
 */

const frequency = [
  { value: 0, label: 'Prefiro não dizer', scored: false },
  { value: 1, label: 'Nunca' },
  { value: 2, label: 'Raramente' },
  { value: 3, label: 'Às vezes' },
  { value: 4, label: 'Frequentemente', tags: ['unfavourable'] },
  { value: 5, label: 'Sempre', tags: ['unfavourable'] },
];

const definition: QuestionnaireDefinition = {
  type: 97,
  slug: 'orientada',
  title: 'Orientada',
  scales: { frequency },
  progress: { kind: 'page', label: '{n}' },
  pages: [
    {
      questions: [
        { id: '1', kind: 'choice', scale: 'frequency', text: 'Trabalho em ritmo acelerado.' },
        { id: '2', kind: 'choice', scale: 'frequency', reverse: true, text: 'Posso fazer pausas.' },
      ],
    },
  ],
  scoring: {
    scores: [
      { id: 'mean', label: 'Média', aggregate: 'mean' },
      { id: 'oriented', label: 'Desfavoráveis', aggregate: 'share', tag: 'unfavourable', shareOf: 'answered', oriented: true },
      { id: 'literal', label: 'Marcadas', aggregate: 'share', tag: 'unfavourable', shareOf: 'answered' },
      { id: 'count', label: 'Desfavoráveis (contagem)', aggregate: 'count', tag: 'unfavourable', oriented: true },
      { id: 'ofTagged', label: 'Desfavoráveis (das opções)', aggregate: 'share', tag: 'unfavourable', oriented: true },
    ],
  },
};

/** Every score as the database computes it, from the compiled key. */
function keyScores(items: { question: string; response: string }[]): Record<string, number> {
  const key = compileScoringKey(definition);
  const totals = partTotals(key, items);
  return Object.fromEntries(key.scores.map((score) => [score.key, evaluateFormula(score.formula, totals)]));
}

describe('an oriented count or share', () => {
  it.each([
    // 'Sempre' on both: unfavourable on the direct item, favourable on the reverse one (mirrored to 'Nunca').
    { answers: { 1: 5, 2: 5 }, expected: { mean: 3, oriented: 50, literal: 100, count: 1, ofTagged: 25 } },
    // 'Nunca' on the reverse item is mirrored to 'Sempre': unfavourable.
    { answers: { 1: 1, 2: 1 }, expected: { mean: 3, oriented: 50, literal: 0, count: 1, ofTagged: 25 } },
    // 'Raramente' on the reverse item mirrors to 'Frequentemente'; 'Frequentemente' on the direct one.
    { answers: { 1: 4, 2: 2 }, expected: { mean: 4, oriented: 100, literal: 50, count: 2, ofTagged: 50 } },
    // An unscored option is not mirrored and counts as answered, not unfavourable.
    { answers: { 1: 3, 2: 0 }, expected: { mean: 3, oriented: 0, literal: 0, count: 0, ofTagged: 0 } },
  ])('reads the mirrored option on the reverse item: $answers', ({ answers, expected }) => {
    expect(scoreAnswers(definition, answers).scores).toEqual(expected);
    const items = Object.entries(answers).map(([question, value]) => ({ question, response: String(value) }));
    expect(keyScores(items)).toEqual(expected);
  });

  it('is refused on a mean, and on a reverse item whose options have no mirror', () => {
    const lopsided = {
      ...definition,
      scales: { frequency: frequency.filter((option) => option.value !== 2) },
      scoring: { scores: [{ id: 'mean', label: 'Média', aggregate: 'mean', oriented: true }, ...definition.scoring!.scores.slice(1, 2)] },
    };
    const parsed = parseQuestionnaire(lopsided);
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      { pointer: '/scoring/scores/0/oriented', message: '"oriented" vale só para "aggregate" "count" e "share": as médias e somas já invertem os itens com "reverse"' },
      { pointer: '/scoring/scores/1/oriented', message: 'com "oriented", a opção 4 da pergunta invertida 2 conta as tags da opção espelhada 2, que não existe: dê à pergunta opções simétricas' },
    ]);
    expect(parseQuestionnaire(definition).ok).toBe(true);
  });
});
