import { describe, expect, it } from 'vitest';
import { parseQuestionnaireFile, questionnaireNames } from '../../../apps/server/src/definitions';
import { encodeAnswers } from '../../../engine/answers/encoding';
import type { QuestionnaireDefinition, WireItem } from '../../../engine/definition/types';
import { compileScoringKey, evaluateFormula, partTotals } from '../../../engine/scoring/scoringKey';
import { scoreAnswers } from '../../../engine/scoring/score';
import { generateAnswers } from '../../definitions/generate';
import { jsonFiles } from '../../definitions/load';

const definitions = new Map(
  questionnaireNames().map((name) => {
    const parsed = parseQuestionnaireFile(name);
    if (!parsed.ok) throw new Error(`${name} does not parse`);
    return [name, parsed.value] as const;
  }),
);

/** Every score through the key, as the database computes them. */
function keyScores(definition: QuestionnaireDefinition, items: WireItem[]): Record<string, number> {
  const key = compileScoringKey(definition);
  const totals = partTotals(key, items);
  return Object.fromEntries(key.scores.map((score) => [score.key, evaluateFormula(score.formula, totals)]));
}

const fixtures = jsonFiles('fixtures') as { file: string; json: { questionnaire: string; cases: { name: string; responses: Record<string, string | string[]>; scores: Record<string, number> }[] } }[];

describe('the scoring key of a definition', () => {
  describe.each(fixtures)('gives the golden scores of $file', ({ json }) => {
    it.each(json.cases)('$name', (fixture) => {
      const items = Object.entries(fixture.responses).flatMap(([question, response]) => (Array.isArray(response) ? response : [response]).map((one) => ({ question, response: one })));
      const scores = keyScores(definitions.get(json.questionnaire)!, items);
      for (const [id, expected] of Object.entries(fixture.scores)) expect(scores[id], id).toBeCloseTo(expected, 9);
      expect(Object.keys(scores).sort()).toEqual(Object.keys(fixture.scores).sort());
    });
  });

  it("counts an answer stored with an exclusive option beside others as that option alone ('Não sei avaliar' of the 360)", () => {
    const definition = definitions.get('question360new')!;
    // Question 1: two positive statements and 'Não sei avaliar' (stored before it stood alone);
    // question 2: two positive statements and one negative.
    const items = ['1.1', '1.3', '1.13'].map((response) => ({ question: '1', response })).concat(['2.1', '2.3', '2.2'].map((response) => ({ question: '2', response })));
    const expected = { 'positive.1': 0, 'negative.1': 0, 'positive.2': 2, 'negative.2': 1 };
    expect(keyScores(definition, items)).toMatchObject(expected);
    expect(scoreAnswers(definition, { 1: [1, 3, 13], 2: [1, 2, 3] }).scores).toMatchObject(expected);
  });

  it.each([...definitions.keys()])('agrees with scoreAnswers on generated answers and on none (%s)', (name) => {
    const definition = definitions.get(name)!;
    for (const answers of [generateAnswers(definition), {}]) {
      const expected = scoreAnswers(definition, answers).scores;
      const scores = keyScores(definition, encodeAnswers(definition, answers));
      expect(Object.keys(scores).sort()).toEqual(Object.keys(expected).sort());
      for (const [id, value] of Object.entries(expected)) expect(scores[id], id).toBeCloseTo(value, 9);
    }
  });
});
