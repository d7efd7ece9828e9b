/**
 * The database scores each evaluation as the engine does, on messy stored answers: for every
 * questionnaire with scores, generated evaluations hold answers the key scores, a question answered
 * twice (the same answer stored twice, or two different ones), answers the key does not know, an
 * exclusive answer ('Não sei avaliar') stored beside others, and no answer at all. Each evaluation's
 * scores from `scoreEvaluations` (one SQL statement) must equal `evaluateFormula` over `partTotals`
 * (the engine, in memory), and the summary's means their average.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { scoreEvaluations, summarizeScores } from '../../apps/server/src/repositories/results/scoreSql.ts';
import { compileScoringKey, evaluateFormula, partTotals, type ScoringKey } from '../../engine/scoring/scoringKey.ts';
import type { WireItem } from '../../engine/definition/types.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { demoData } from './fixtures.ts';
import { createTestDatabase, seedOptions, type TestDatabase } from './testApp.ts';

/** A key wider than any definition's: 130 questions of 4 answers, counted in parts of more than 63 questions (several bigint marks). */
function wideKey(): ScoringKey {
  const rows = Array.from({ length: 130 }, (_question, index) => String(index + 1)).flatMap((question) =>
    ['1', '2', '3', '4'].flatMap((response) => [
      { question, response, part: 'all', weight: Number(response) },
      ...(Number(question) % 2 === 0 ? [{ question, response, part: 'even', weight: 5 - Number(response) }] : []),
      ...(response === '4' ? [] : [{ question, response, part: 'answered', weight: 0 }]),
    ]),
  );
  return {
    rows,
    scores: [
      { key: 'mean', formula: { kind: 'ratio', part: 'all', over: { part: 'all', of: 'questions' }, scale: 1 } },
      { key: 'even', formula: { kind: 'ratio', part: 'even', over: { part: 'answered', of: 'questions' }, scale: 100 } },
      { key: 'total', formula: { kind: 'sum', part: 'even' } },
      { key: 'share', formula: { kind: 'ratio', part: 'even', over: { part: 'all', of: 'sum' }, scale: 1 } },
    ],
    exclusive: [{ question: '7', response: '4' }],
  };
}

const scored = [
  ...[...loadDefinitions().questionnaires.values()].map((definition) => ({ name: `${definition.type} ${definition.title}`, type: definition.type, key: compileScoringKey(definition) })),
  { name: 'a key of 130 questions', type: 900, key: wideKey() },
].filter(({ key }) => key.scores.length > 0);

/** One messy evaluation's stored answers for a key, from fast-check's choices. */
function messyAnswers(key: ScoringKey): fc.Arbitrary<WireItem[]> {
  const known = key.rows.map((row) => ({ question: row.question, response: row.response }));
  const questions = [...new Set(known.map((item) => item.question))];
  const item = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(...questions).map((question) => ({ question, response: 'resposta desconhecida' })) },
    { weight: 1, arbitrary: fc.constantFrom(...(key.exclusive.length > 0 ? key.exclusive : known)) },
  );
  // Duplicates come from drawing the same pair or question more than once.
  return fc.array(item, { maxLength: Math.min(3 * questions.length, 300) });
}

let database: TestDatabase;
let employeeIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db, seedOptions);
  employeeIds = (await demoData(database.db)).employees.map((employee) => employee.id);
}, 120000);

afterAll(async () => {
  await database?.drop();
});

describe('the database scores messy answers as the engine does', () => {
  it.each(scored.map((entry) => [entry.name, entry] as const))('%s', async (_name, { type, key }) => {
    const sets = fc.sample(messyAnswers(key), { numRuns: 40, seed: type });
    const expected = new Map<string, Record<string, number>>();
    await database.db.transaction(async (tx) => {
      for (const [index, items] of sets.entries()) {
        const userId = employeeIds[index % employeeIds.length]!;
        const [row] = await tx.insert(evaluations).values({ userId, rated: userId, typeEvaluation: type, done: true }).returning();
        if (items.length > 0) await tx.insert(responses).values(items.map((answer) => ({ evaluationId: row!.id, ...answer })));
        const totals = partTotals(key, items);
        expected.set(row!.id, Object.fromEntries(key.scores.map((score) => [score.key, evaluateFormula(score.formula, totals)])));
      }
    });
    const scope = sql`evaluations.type_evaluation = ${type} and evaluations.done`;
    const found = await scoreEvaluations(database.db, key, scope);
    expect(found).toHaveLength(sets.length);
    for (const evaluation of found) {
      const mine = expected.get(evaluation.evaluationId)!;
      for (const score of key.scores) expect(evaluation.scores[score.key], `${evaluation.evaluationId} ${score.key}`).toBeCloseTo(mine[score.key]!, 9);
    }
    const summary = await summarizeScores(database.db, key, scope);
    expect(summary.respondents).toBe(sets.length);
    for (const score of key.scores) {
      const mean = [...expected.values()].reduce((total, scores) => total + scores[score.key]!, 0) / sets.length;
      expect(summary.means[score.key], score.key).toBeCloseTo(mean, 9);
    }
  });
});
