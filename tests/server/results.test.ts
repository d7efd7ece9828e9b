/**
 * Scores aggregated by the database from a definition's scoring key: for every questionnaire with
 * golden fixtures, each fixture case is stored as one answered evaluation, and the database's means
 * and band counts must equal those of the fixtures' hand-computed scores. Also: scoping by company
 * keeps another company's answers out, and an empty scope has no means.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuestionnaireFile } from '../../apps/server/src/definitions.ts';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { summarizeScores } from '../../apps/server/src/repositories/results/scoreSql.ts';
import { compileScoringKey } from '../../engine/scoring/scoringKey.ts';
import { jsonFiles } from '../definitions/load.ts';
import { addOtherCompany, demoData } from './fixtures.ts';
import { createTestDatabase, seedOptions, type TestDatabase } from './testApp.ts';
import { seed } from '../../apps/server/src/seed.ts';

interface FixtureCase {
  name: string;
  responses: Record<string, string | string[]>;
  scores: Record<string, number>;
  band?: string;
}
const fixtures = (jsonFiles('fixtures') as { file: string; json: { questionnaire: string; cases: FixtureCase[] } }[]).map(({ json }) => {
  const parsed = parseQuestionnaireFile(json.questionnaire);
  if (!parsed.ok) throw new Error(`${json.questionnaire} does not parse`);
  return { name: json.questionnaire, definition: parsed.value, cases: json.cases };
});

let database: TestDatabase;
let companyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db, seedOptions);
  const demo = await demoData(database.db);
  const other = await addOtherCompany(database.db);
  companyId = demo.companyId;
  otherCompanyId = other.companyId;
  // Every golden case, once, as an answered evaluation of a demo employee; and each again in the other
  // company with its responses reversed in order (the other company's numbers must not leak in).
  for (const { definition, cases } of fixtures) {
    for (const [index, fixture] of cases.entries()) {
      const employee = demo.employees[index % demo.employees.length]!;
      const [row] = await database.db.insert(evaluations).values({ userId: employee.id, rated: employee.id, typeEvaluation: definition.type, done: true }).returning();
      const items = Object.entries(fixture.responses).flatMap(([question, response]) => (Array.isArray(response) ? response : [response]).map((one) => ({ evaluationId: row!.id, question, response: one })));
      if (items.length > 0) await database.db.insert(responses).values(items);
    }
    const first = cases[0]!;
    const [foreign] = await database.db.insert(evaluations).values({ userId: other.employeeId, rated: other.employeeId, typeEvaluation: definition.type, done: true }).returning();
    const items = Object.entries(first.responses).flatMap(([question, response]) => (Array.isArray(response) ? response : [response]).map((one) => ({ evaluationId: foreign!.id, question, response: one })));
    if (items.length > 0) await database.db.insert(responses).values(items);
  }
}, 120000);

afterAll(async () => {
  await database?.drop();
});

const scope = (type: number, company: number) => and(eq(evaluations.typeEvaluation, type), eq(evaluations.done, true), eq(evaluations.companyId, company))!;

describe('scores aggregated by the database', () => {
  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('gives the means and bands of the golden cases of %s', async (_name, { definition, cases }) => {
    const classification = definition.scoring?.classification;
    const summary = await summarizeScores(database.db, compileScoringKey(definition), scope(definition.type, companyId), classification);
    expect(summary.respondents).toBe(cases.length);
    for (const id of Object.keys(cases[0]!.scores)) {
      const expected = cases.reduce((total, fixture) => total + fixture.scores[id]!, 0) / cases.length;
      expect(summary.means[id], id).toBeCloseTo(expected, 9);
    }
    if (classification) {
      expect(summary.bands).toEqual(classification.bands.map((band) => cases.filter((fixture) => fixture.band === band.id).length));
    }
  });

  it('counts only the company in scope, and has no means where nobody answered', async () => {
    const pss = fixtures.find((fixture) => fixture.name === 'estresse')!;
    const foreign = await summarizeScores(database.db, compileScoringKey(pss.definition), scope(13, otherCompanyId), pss.definition.scoring?.classification);
    expect(foreign.respondents).toBe(1);
    expect(foreign.means.total).toBe(pss.cases[0]!.scores.total);
    const nobody = await summarizeScores(database.db, compileScoringKey(pss.definition), sql`false`, pss.definition.scoring?.classification);
    expect(nobody).toEqual({ respondents: 0, means: {}, bands: [0, 0, 0, 0] });
  });
});
