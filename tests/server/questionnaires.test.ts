/**
 * Route tests of every questionnaire of the catalogue: a generated, valid set of answers is stored in
 * the wire format and scored from the definition; the definition's own rules refuse bad submissions
 * (a strength in two slots, a missing required follow-up, a wrong tick count) with its message, and
 * nothing is stored.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { parseQuestionnaireFile } from '../../apps/server/src/definitions.ts';
import { encodeAnswers } from '../../engine/answers/encoding.ts';
import { allQuestions } from '../../engine/definition/questions.ts';
import type { QuestionnaireDefinition, WireItem } from '../../engine/definition/types.ts';
import { scoreAnswers } from '../../engine/scoring/score.ts';
import catalog from '../../definitions/catalog.json' with { type: 'json' };
import { generateAnswers } from '../definitions/generate.ts';
import { jsonFiles } from '../definitions/load.ts';
import { bearer } from './testApp.ts';
import { adminToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

const questionnaires = catalog.types.flatMap((entry) => {
  if (!('definition' in entry)) return [];
  const parsed = parseQuestionnaireFile(entry.definition as string);
  if (!parsed.ok) throw new Error(`${entry.definition}: ${JSON.stringify(parsed.errors)}`);
  // A staff form (the 360 interview) is not answered by link: tests/server/interview.test.ts.
  if (parsed.value.staff) return [];
  return [{ type: entry.type, name: entry.name, definition: parsed.value }];
});

/**
 * Types a dashboard shows only as an anonymous group, with the kind of group (read from the dashboard
 * files): "evaluators" (the 360: a self-evaluation is its person's own) or "group" (everyone).
 */
const anonymousTypes = new Map(
  (jsonFiles('dashboards') as { json: { datasets: Record<string, { types?: number[]; anonymous?: string }> } }[]).flatMap(({ json }) =>
    Object.values(json.datasets).flatMap((dataset) => (dataset.anonymous ? (dataset.types ?? []).map((type) => [type, dataset.anonymous!] as const) : [])),
  ),
);

const byType = (type: number): QuestionnaireDefinition => questionnaires.find((entry) => entry.type === type)!.definition;

/** A pending evaluation of `type` for the first demo employee (the 360 rates the second; maps rate a sector). */
async function newEvaluation(type: number): Promise<{ id: string; userId: number; rated: number; sector: number }> {
  const [evaluator, rated] = demo.employees;
  const sector = demo.sectors[0]!.id;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/evaluation',
    headers: bearer(adminToken),
    payload: { users: [{ user_id: evaluator!.id, type_evaluation: type, validate: 10, evaluated: type === 2 ? rated!.id : null, rated_sector: sector, version: 1 }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().evaluations[0].evaluation_id, userId: evaluator!.id, rated: type === 2 ? rated!.id : evaluator!.id, sector };
}

function submit(type: number, evaluation: Awaited<ReturnType<typeof newEvaluation>>, questions: WireItem[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/tableresponse/multiple',
    payload: {
      evaluator_user_id: evaluation.userId,
      rated_user_id: evaluation.rated,
      type_evaluation: type,
      evaluation_id: evaluation.id,
      rated_sector_id: evaluation.sector,
      version: 1,
      questions,
    },
  });
}

async function stored(evaluationId: string) {
  const [evaluation] = await t.db.select().from(evaluations).where(eq(evaluations.id, evaluationId));
  const items = await t.db.select().from(responses).where(eq(responses.evaluationId, evaluationId)).orderBy(asc(responses.id));
  return { done: evaluation!.done, items: items.map((item) => ({ question: item.question, response: item.response })) };
}

describe.each(questionnaires)('$name ($type)', ({ type, definition }) => {
  it('stores a valid submission in the wire format and scores it from the definition', async () => {
    const evaluation = await newEvaluation(type);
    const answers = generateAnswers(definition);
    const items = encodeAnswers(definition, answers);
    const response = await submit(type, evaluation, items);
    expect(response.statusCode, response.body).toBe(201);
    expect(await stored(evaluation.id)).toEqual({ done: true, items });

    const results = await t.app.inject({ method: 'POST', url: '/api/tableresponse/evaluations', headers: bearer(adminToken), payload: { evaluations: [evaluation.id] } });
    expect(results.statusCode).toBe(200);
    const expected = scoreAnswers(definition, answers);
    const kind = anonymousTypes.get(type);
    if (kind === 'group' || (kind === 'evaluators' && evaluation.rated !== evaluation.userId)) {
      // One answer of an anonymous type is a group of one: withheld, with no name and no score.
      expect(results.json().responses).toEqual([]);
      expect(results.json().withheld).toEqual([expect.objectContaining({ type_evaluation: type, respondents: 1, minimum: 3 })]);
      expect(results.body).not.toContain(demo.employees[0]!.name);
      return;
    }
    expect(results.json().responses).toEqual([
      { evaluation_id: evaluation.id, name: demo.employees[0]!.name, ...expected.scores, ...(expected.band ? { band: expected.band.label } : {}) },
    ]);
  });
});

describe("the definitions' own rules, enforced by the server", () => {
  async function refused(type: number, questions: WireItem[], message: string) {
    const evaluation = await newEvaluation(type);
    const response = await submit(type, evaluation, questions);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await stored(evaluation.id)).toEqual({ done: false, items: [] });
  }

  it('refuses a VIA ranking with one strength in two slots', async () => {
    const definition = byType(4);
    const items = encodeAnswers(definition, generateAnswers(definition));
    const first = items[0]!.response;
    items[1] = { question: items[1]!.question, response: first };
    const label = definition.scales.forcas!.find((option) => String(option.value) === first)!.label;
    await refused(4, items, `A opção "${label}" da questão 1 já foi escolhida em outra questão.`);
  });

  it('refuses an area map whose required follow-up is missing', async () => {
    const definition = byType(8);
    const followUp = allQuestions(definition).find(({ question }) => question.when && question.required && question.when.gt !== undefined)!;
    const answers = generateAnswers(definition);
    answers[followUp.question.when!.question] = followUp.question.when!.gt! + 1;
    delete answers[followUp.question.id];
    await refused(8, encodeAnswers(definition, answers), `Por favor, preencha a questão ${followUp.number}!`);
  });

  it('refuses a values step with nine values ticked instead of ten', async () => {
    const definition = byType(15);
    const answers = generateAnswers(definition);
    answers['1'] = (answers['1'] as number[]).slice(0, 9);
    await refused(15, encodeAnswers(definition, answers), 'Por favor, assinale dez opções! Você marcou 9 de 10');
  });
});
