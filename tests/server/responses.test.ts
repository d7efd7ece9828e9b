import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { messages } from '../../engine/messages.ts';
import { countRows, expire } from './fixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

interface DefinitionJson {
  pages: { questions: { id: string; reverse?: boolean }[] }[];
}
const definition = JSON.parse(readFileSync(new URL('../../definitions/questionnaires/estresse.json', import.meta.url), 'utf8')) as DefinitionJson;
const questions = definition.pages.flatMap((page) => page.questions);

/** The PSS-14 total computed by hand: a reverse item scores 4 - value on the 0-4 scale. */
function expectedTotal(values: number[]): number {
  return questions.reduce((sum, question, index) => sum + (question.reverse ? 4 - values[index]! : values[index]!), 0);
}

setUpWorld();

/** A fresh pending PSS-14 evaluation of a demo employee (created through the API). */
async function newEvaluation(employeeIndex = 0): Promise<{ id: string; userId: number }> {
  const employee = demo.employees[employeeIndex]!;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/evaluation',
    headers: bearer(adminToken),
    payload: { users: [{ user_id: employee.id, type_evaluation: 13, validate: 10 }] },
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().evaluations[0].evaluation_id, userId: employee.id };
}

function payload(evaluation: { id: string | number; userId: number }, values: (number | string)[], overrides: Record<string, unknown> = {}) {
  return {
    evaluator_user_id: evaluation.userId,
    rated_user_id: evaluation.userId,
    type_evaluation: 13,
    evaluation_id: evaluation.id,
    rated_sector_id: null,
    version: 1,
    questions: values.map((value, index) => ({ question: questions[index]!.id, response: String(value) })),
    ...overrides,
  };
}

function submit(body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/tableresponse/multiple', payload: body as Record<string, unknown> });
}

async function stored(evaluationId: string) {
  const [evaluation] = await t.db.select().from(evaluations).where(eq(evaluations.id, evaluationId));
  const items = await t.db.select().from(responses).where(eq(responses.evaluationId, evaluationId)).orderBy(asc(responses.id));
  return { done: evaluation!.done, items };
}

const ALL_ONES = questions.map(() => 1);

/** A 360 interview (type 11) of employee `evaluatorIndex` about employee 0, created through the API. */
async function newInterview(evaluatorIndex: number): Promise<{ id: string; userId: number; rated: number }> {
  const [rated, evaluator] = [demo.employees[0]!, demo.employees[evaluatorIndex]!];
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/evaluation',
    headers: bearer(adminToken),
    payload: { users: [{ user_id: evaluator.id, type_evaluation: 11, evaluated: rated.id }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().evaluations[0].evaluation_id, userId: evaluator.id, rated: rated.id };
}

describe('POST /api/tableresponse/multiple', () => {
  it('stores the answers and marks the evaluation done in one go', async () => {
    const evaluation = await newEvaluation();
    const values = questions.map((_question, index) => index % 5);
    const response = await submit(payload(evaluation, values));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    const { done, items } = await stored(evaluation.id);
    expect(done).toBe(true);
    expect(items.map((item) => [item.question, item.response])).toEqual(questions.map((question, index) => [question.id, String(values[index])]));
    const find = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${evaluation.id}` });
    expect(find.json().done).toBe(true);
  });

  it('answers 400 with the first Portuguese message and every message for a missing answer, storing nothing', async () => {
    const evaluation = await newEvaluation();
    const body = payload(evaluation, ALL_ONES);
    body.questions = body.questions.filter((item) => item.question !== '3' && item.question !== '9');
    const response = await submit(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Você precisa responder a pergunta número: 3',
      errors: ['Você precisa responder a pergunta número: 3', 'Você precisa responder a pergunta número: 9'],
    });
    expect(await stored(evaluation.id)).toEqual({ done: false, items: [] });
  });

  it('answers 400 for out-of-range, unreadable, unknown and repeated answers', async () => {
    const evaluation = await newEvaluation();
    const outOfRange = await submit(payload(evaluation, [5, ...ALL_ONES.slice(1)]));
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toBe('A resposta da questão 1 não é uma opção válida.');
    const unreadable = await submit(payload(evaluation, ['muito', ...ALL_ONES.slice(1)]));
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe('A resposta da questão 1 não é uma opção válida.');
    const unknown = payload(evaluation, ALL_ONES);
    unknown.questions.push({ question: '15', response: '1' });
    expect((await submit(unknown)).json().message).toBe('A questão 15 não existe neste questionário.');
    const repeated = payload(evaluation, ALL_ONES);
    repeated.questions.push({ question: '2', response: '3' });
    expect((await submit(repeated)).json().message).toBe('A questão 2 foi enviada mais de uma vez.');
    expect(await stored(evaluation.id)).toEqual({ done: false, items: [] });
  });

  it('answers 400 to a payload that does not match the evaluation, and to malformed payloads', async () => {
    const evaluation = await newEvaluation();
    const mismatches = [
      payload(evaluation, ALL_ONES, { type_evaluation: 2 }),
      payload(evaluation, ALL_ONES, { evaluator_user_id: demo.employees[1]!.id }),
      payload(evaluation, ALL_ONES, { rated_user_id: demo.employees[1]!.id }),
    ];
    for (const body of mismatches) {
      const response = await submit(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.api.evaluationMismatch });
    }
    const malformed = [
      { ...payload(evaluation, ALL_ONES), questions: 'tudo' },
      { ...payload(evaluation, ALL_ONES), questions: [{ question: '1' }] },
      { ...payload(evaluation, ALL_ONES), evaluator_user_id: 'fulano' },
      { ...payload(evaluation, ALL_ONES), evaluator_user_id: 99999999999 },
      [],
    ];
    for (const body of malformed) {
      const response = await submit(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(/^Requisição inválida: /);
    }
    expect(await stored(evaluation.id)).toEqual({ done: false, items: [] });
  });

  it('answers 404 for an unknown evaluation or a non-UUID id', async () => {
    const evaluation = await newEvaluation();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-existe', 12]) {
      const response = await submit(payload({ ...evaluation, id }, ALL_ONES));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.api.evaluationNotFound });
    }
  });

  it('answers 410 for an expired evaluation, storing nothing', async () => {
    const evaluation = await newEvaluation();
    await expire(t.db, evaluation.id);
    const response = await submit(payload(evaluation, ALL_ONES));
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toMatch(/^O Link do Questionário expirou ao final do dia \d{2}\/\d{2}\/\d{4}\.$/);
    expect(await stored(evaluation.id)).toEqual({ done: false, items: [] });
  });

  it('answers 409 to a second submission', async () => {
    const evaluation = await newEvaluation();
    expect((await submit(payload(evaluation, ALL_ONES))).statusCode).toBe(201);
    const again = await submit(payload(evaluation, questions.map(() => 4)));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.api.evaluationDone });
    const { items } = await stored(evaluation.id);
    expect(items.map((item) => item.response)).toEqual(ALL_ONES.map(String));
  });

  it('refuses a staff form (the 360 interview, type 11): it is filled in on the interview screen, never by link', async () => {
    const interview = await newInterview(2);
    // Answers the interview's definition would read (a grade, a text, the reviewed mark).
    const body = {
      evaluator_user_id: interview.userId,
      rated_user_id: interview.rated,
      type_evaluation: 11,
      evaluation_id: interview.id,
      questions: [
        { question: '1.grade', response: '7.5' },
        { question: '1.positive', response: 'Pontual' },
        { question: '1.reviewed', response: 'true' },
      ],
    };
    const response = await submit(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Esta avaliação é preenchida pela equipe na tela da entrevista, não por link.' });
    expect(await stored(interview.id)).toEqual({ done: false, items: [] });
  });

  it('stores exactly one of two simultaneous identical submissions', async () => {
    const evaluation = await newEvaluation();
    const body = payload(evaluation, ALL_ONES);
    const results = await Promise.all([submit(body), submit(body)]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    const { done, items } = await stored(evaluation.id);
    expect(done).toBe(true);
    expect(items).toHaveLength(14);
  });
});

describe('POST /api/tableresponse/evaluations', () => {
  let allZero: { id: string; userId: number };
  let mixed: { id: string; userId: number };
  let mixedValues: number[];
  let pending: { id: string; userId: number };

  beforeAll(async () => {
    // Employees 0-2 are in Administrativo, 3-6 in Operações.
    allZero = await newEvaluation(3);
    mixed = await newEvaluation(4);
    pending = await newEvaluation(5);
    mixedValues = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 4, 3, 2, 1];
    expect((await submit(payload(allZero, questions.map(() => 0)))).statusCode).toBe(201);
    expect((await submit(payload(mixed, mixedValues))).statusCode).toBe(201);
    // An answered evaluation of the other company.
    const foreign = { id: other.evaluationId, userId: other.employeeId };
    expect((await submit(payload(foreign, ALL_ONES))).statusCode).toBe(201);
  });

  function scored(token: string, body: unknown) {
    return t.app.inject({ method: 'POST', url: '/api/tableresponse/evaluations', headers: bearer(token), payload: body as Record<string, unknown> });
  }

  it('scores answered evaluations with the reverse items (all "0" → 28)', async () => {
    expect(expectedTotal(questions.map(() => 0))).toBe(28);
    const response = await scored(adminToken, { evaluations: [allZero.id, mixed.id, pending.id] });
    expect(response.statusCode).toBe(200);
    const rows = response.json().responses as Record<string, unknown>[];
    expect(rows).toEqual([
      { evaluation_id: allZero.id, name: demo.employees[3]!.name, total: 28, band: 'Estresse alto' },
      { evaluation_id: mixed.id, name: demo.employees[4]!.name, total: expectedTotal(mixedValues), band: expect.any(String) },
    ]);
    expect(expectedTotal(mixedValues)).not.toBe(mixedValues.reduce((a, b) => a + b, 0));
  });

  it('filters by type, company and sector (the evaluator belongs to the sector)', async () => {
    const all = await scored(adminToken, { type_evaluation: 13 });
    expect(all.statusCode).toBe(200);
    const allIds = all.json().responses.map((row: { evaluation_id: string }) => row.evaluation_id);
    expect(allIds).toEqual(expect.arrayContaining([allZero.id, mixed.id, other.evaluationId]));

    const company = await scored(adminToken, { type_evaluation: 13, company_id: demo.companyId });
    const companyIds = company.json().responses.map((row: { evaluation_id: string }) => row.evaluation_id);
    expect(companyIds).toEqual(expect.arrayContaining([allZero.id, mixed.id]));
    expect(companyIds).not.toContain(other.evaluationId);

    const operations = await scored(adminToken, { type_evaluation: 13, company_id: demo.companyId, sector_id: demo.sectorId('Operações') });
    expect(operations.json().responses.map((row: { evaluation_id: string }) => row.evaluation_id).sort()).toEqual([allZero.id, mixed.id].sort());
    const administrative = await scored(adminToken, { type_evaluation: 13, sector_id: demo.sectorId('Administrativo') });
    const administrativeIds = administrative.json().responses.map((row: { evaluation_id: string }) => row.evaluation_id);
    expect(administrativeIds).not.toContain(allZero.id);
    expect(administrativeIds).not.toContain(other.evaluationId);
  });

  it('shows a company user only its own company', async () => {
    const own = await scored(companyToken, { type_evaluation: 13 });
    expect(own.statusCode).toBe(200);
    const ids = own.json().responses.map((row: { evaluation_id: string }) => row.evaluation_id);
    expect(ids).toEqual(expect.arrayContaining([allZero.id, mixed.id]));
    expect(ids).not.toContain(other.evaluationId);
    // Ids of another company are silently left out.
    const byIds = await scored(companyToken, { evaluations: [other.evaluationId, allZero.id] });
    expect(byIds.json().responses.map((row: { evaluation_id: string }) => row.evaluation_id)).toEqual([allZero.id]);
    // Asking for another company or its sector is a 404.
    const foreignCompany = await scored(companyToken, { type_evaluation: 13, company_id: other.companyId });
    expect(foreignCompany.statusCode).toBe(404);
    expect(foreignCompany.json()).toEqual({ message: `Empresa ${other.companyId} não encontrada.` });
    const foreignSector = await scored(companyToken, { type_evaluation: 13, sector_id: other.sectorId });
    expect(foreignSector.statusCode).toBe(404);
  });

  it('leaves out a finished 360 interview: a staff form has no scored link responses', async () => {
    const interview = await newInterview(3);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/tableresponse/multiple',
      headers: bearer(adminToken),
      payload: { type_evaluation: '11', evaluator_user_id: interview.userId, rated_user_id: interview.rated, questions: [{ question: '1.grade', response: '8' }, { question: 'status', response: 'finished' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await stored(interview.id)).done).toBe(true);
    const response = await scored(adminToken, { evaluations: [interview.id, allZero.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json().responses.map((row: { evaluation_id: string }) => row.evaluation_id)).toEqual([allZero.id]);
  });

  it('validates the query (400), and needs staff (401)', async () => {
    expect((await scored(adminToken, {})).json()).toEqual({ message: messages.api.filtersRequired });
    expect((await scored(adminToken, { type_evaluation: 99 })).json()).toEqual({ message: 'Tipo de avaliação inexistente: 99.' });
    expect((await scored(adminToken, { type_evaluation: 11 })).json()).toEqual({
      message: 'O tipo de avaliação 11 é preenchido pela equipe na tela da entrevista e não tem resultados pontuados: veja o relatório da entrevista.',
    });
    expect((await scored(adminToken, { type_evaluation: 'treze' })).statusCode).toBe(400);
    expect((await scored(adminToken, { evaluations: ['nao-uuid'] })).json()).toEqual({ responses: [] });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/tableresponse/evaluations', payload: { type_evaluation: 13 } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('stored rows', () => {
  it('never stores responses for evaluations that are not done', async () => {
    const rows = await t.db.select({ done: evaluations.done }).from(responses).innerJoin(evaluations, eq(evaluations.id, responses.evaluationId));
    expect(rows.every((row) => row.done)).toBe(true);
    expect(await countRows(t.db, 'responses')).toBe(rows.length);
  });
});
