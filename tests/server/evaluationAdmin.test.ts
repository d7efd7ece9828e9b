import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { expiryFor } from '../../engine/lifecycle/linkState.ts';
import { countRows, expire } from './fixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

type Created = { evaluation_id: string; user_id: number; rated: number | null; type_evaluation: number; expire_at: string | null };

async function call(method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, token: string | null, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: token ? bearer(token) : {} });
}

async function createOk(token: string, users: Record<string, unknown>[]): Promise<Created[]> {
  const response = await call('POST', '/api/evaluation', token, { users });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().evaluations as Created[];
}

describe('POST /api/evaluation: the catalogue rules', () => {
  it('creates the five scanner evaluations for each participant, in one call', async () => {
    const [first, second] = demo.employees;
    const response = await call('POST', '/api/evaluation', companyToken, {
      users: [
        { user_id: first!.id, type_evaluation: -1, validate: 10 },
        { user_id: second!.id, type_evaluation: -1, validate: 10 },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('10 avaliações Criadas');
    const created = response.json().evaluations as Created[];
    expect(created.filter((row) => row.user_id === first!.id).map((row) => row.type_evaluation)).toEqual([3, 4, 5, 6, 9]);
    expect(created.every((row) => row.rated === row.user_id && row.expire_at !== null)).toBe(true);
  });

  it('creates a 360 interview with no expiry and an evaluated person', async () => {
    const [first, second] = demo.employees;
    const created = await createOk(adminToken, [{ user_id: first!.id, type_evaluation: 11, evaluated: second!.id }]);
    expect(created).toEqual([expect.objectContaining({ type_evaluation: 11, rated: second!.id, expire_at: null })]);
  });

  it('says "Avaliação Criada" for one evaluation and refuses a course participation of someone else', async () => {
    const response = await call('POST', '/api/evaluation', adminToken, { users: [{ user_id: demo.employees[0]!.id, type_evaluation: 16, validate: 3 }] });
    expect(response.json().message).toBe('Avaliação Criada');
    const before = await countRows(t.db, 'evaluations');
    const wrongCourse = await call('POST', '/api/evaluation', adminToken, {
      users: [{ user_id: demo.employees[0]!.id, type_evaluation: 16, validate: 3, usercourse_id: 999 }],
    });
    expect(wrongCourse.statusCode).toBe(400);
    expect(wrongCourse.json().message).toBe('A participação 999 no treinamento não é deste usuário.');
    expect(await countRows(t.db, 'evaluations')).toBe(before);
  });
});

describe('PATCH /api/evaluation (renew)', () => {
  it('gives pending evaluations a new expiry counted from today, expired ones included', async () => {
    const [row] = await createOk(companyToken, [{ user_id: demo.employees[2]!.id, type_evaluation: 13, validate: 2 }]);
    await expire(t.db, row!.evaluation_id);
    const before = new Date();
    const response = await call('PATCH', '/api/evaluation', companyToken, { evaluations: [{ evaluation_id: row!.evaluation_id.toUpperCase(), validate: 15 }] });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Ação concluída com sucesso!');
    const [stored] = await t.db.select().from(evaluations).where(eq(evaluations.id, row!.evaluation_id));
    expect(stored!.expireAt!.toISOString()).toBe(expiryFor(before, 15, 'America/Sao_Paulo').toISOString());
  });

  it('refuses done evaluations, interviews, bad days and other companies, changing nothing', async () => {
    const [pending] = await createOk(companyToken, [{ user_id: demo.employees[3]!.id, type_evaluation: 13, validate: 2 }]);
    const [done] = await createOk(companyToken, [{ user_id: demo.employees[3]!.id, type_evaluation: 16, validate: 2 }]);
    await t.db.update(evaluations).set({ done: true }).where(eq(evaluations.id, done!.evaluation_id));
    const [interview] = await createOk(adminToken, [{ user_id: demo.employees[3]!.id, type_evaluation: 11, evaluated: demo.employees[0]!.id }]);
    const renew = (id: string, validate = 5, token = companyToken) =>
      call('PATCH', '/api/evaluation', token, { evaluations: [{ evaluation_id: pending!.evaluation_id, validate: 5 }, { evaluation_id: id, validate }] });
    const [before] = await t.db.select().from(evaluations).where(eq(evaluations.id, pending!.evaluation_id));

    const doneAnswer = await renew(done!.evaluation_id);
    expect(doneAnswer.statusCode).toBe(400);
    expect(doneAnswer.json().message).toBe(`A avaliação ${done!.evaluation_id} já foi respondida e não pode ser renovada.`);
    const interviewAnswer = await renew(interview!.evaluation_id);
    expect(interviewAnswer.json().message).toBe('A Avaliação 360 por entrevista não expira e não pode ser renovada.');
    expect((await renew(pending!.evaluation_id, 0)).json().message).toBe('O prazo deve ser de 1 a 365 dias.');
    const foreign = await renew(other.evaluationId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Questionário/avaliação não existente!');
    expect((await renew('not-a-uuid')).statusCode).toBe(404);

    const [after] = await t.db.select().from(evaluations).where(eq(evaluations.id, pending!.evaluation_id));
    expect(after!.expireAt).toEqual(before!.expireAt);
  });
});

describe('DELETE /api/evaluation/{id}', () => {
  it('deletes an evaluation with its answers, for administrators only', async () => {
    const [row] = await createOk(adminToken, [{ user_id: demo.employees[4]!.id, type_evaluation: 13, validate: 5 }]);
    await t.db.insert(responses).values({ evaluationId: row!.evaluation_id, question: '1', response: '2' });
    const forbidden = await call('DELETE', `/api/evaluation/${row!.evaluation_id}`, companyToken);
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await call('DELETE', `/api/evaluation/${row!.evaluation_id}`, null);
    expect(anonymous.statusCode).toBe(401);
    const deleted = await call('DELETE', `/api/evaluation/${row!.evaluation_id}`, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Ação concluída com sucesso!');
    expect(await t.db.select().from(evaluations).where(eq(evaluations.id, row!.evaluation_id))).toEqual([]);
    expect(await t.db.select().from(responses).where(eq(responses.evaluationId, row!.evaluation_id))).toEqual([]);
    const again = await call('DELETE', `/api/evaluation/${row!.evaluation_id}`, adminToken);
    expect(again.statusCode).toBe(404);
    expect((await call('DELETE', '/api/evaluation/nope', adminToken)).statusCode).toBe(404);
  });
});

describe('GET /api/evaluation/versions/{companyId}/{rated}/{type}', () => {
  it('lists the 360 versions given to an evaluated person, for staff of that company', async () => {
    const [evaluator, rated] = [demo.employees[5]!, demo.employees[6]!];
    await createOk(companyToken, [
      { user_id: evaluator.id, type_evaluation: 2, validate: 5, evaluated: rated.id, version: 1 },
      { user_id: demo.employees[0]!.id, type_evaluation: 2, validate: 5, evaluated: rated.id, version: 1 },
      { user_id: evaluator.id, type_evaluation: 2, validate: 5, evaluated: rated.id, version: 2 },
    ]);
    const response = await call('GET', `/api/evaluation/versions/${demo.companyId}/${rated.id}/2`, companyToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((row: { version: number }) => row.version)).toEqual([1, 2]);
    expect(response.json()[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const foreign = await call('GET', `/api/evaluation/versions/${other.companyId}/${other.employeeId}/2`, companyToken);
    expect(foreign.statusCode).toBe(404);
    const mismatch = await call('GET', `/api/evaluation/versions/${other.companyId}/${rated.id}/2`, adminToken);
    expect(mismatch.statusCode).toBe(404);
  });
});

describe('POST /api/evaluation/find (data management)', () => {
  it('lists a company user only its own company, newest first, with the row fields of the spec', async () => {
    const response = await call('POST', '/api/evaluation/find', companyToken, { limit: 500 });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { total: number; evaluations: { evaluation_id: string; created_at: string; type: string; user_id: number; version: number | null }[] };
    expect(body.total).toBe(body.evaluations.length);
    expect(body.evaluations.some((row) => row.evaluation_id === other.evaluationId)).toBe(false);
    const times = body.evaluations.map((row) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.evaluations[0]).toEqual({
      evaluation_id: expect.any(String),
      user_id: expect.any(Number),
      user_name: expect.any(String),
      rated: expect.anything(),
      rated_name: expect.anything(),
      type: expect.stringMatching(/^-?\d+$/),
      type_name: expect.any(String),
      version: body.evaluations[0]!.version === null ? null : expect.any(Number),
      expire_at: expect.anything(),
      done: expect.any(Boolean),
      expired: expect.any(Boolean),
      created_at: expect.any(String),
    });
    const foreignCompany = await call('POST', '/api/evaluation/find', companyToken, { company_id: other.companyId });
    expect(foreignCompany.statusCode).toBe(404);
    const foreignUser = await call('POST', '/api/evaluation/find', companyToken, { user_id: other.employeeId });
    expect(foreignUser.statusCode).toBe(404);
  });

  it('filters by user, or by company and type ("product"), marks expired rows, and pages', async () => {
    const user = demo.employees[1]!;
    const byUser = (await call('POST', '/api/evaluation/find', adminToken, { user_id: user.id, limit: 500 })).json();
    expect(byUser.evaluations.length).toBeGreaterThan(0);
    expect(byUser.evaluations.every((row: { user_id: number }) => row.user_id === user.id)).toBe(true);

    const byType = (await call('POST', '/api/evaluation/find', adminToken, { company_id: demo.companyId, type_evaluation: '13', limit: 500 })).json();
    const pss = (await t.db.select().from(evaluations).where(eq(evaluations.typeEvaluation, 13))).filter((row) => row.id !== other.evaluationId);
    expect(byType.total).toBe(pss.length);

    const target = byType.evaluations[0];
    await expire(t.db, target.evaluation_id);
    const again = (await call('POST', '/api/evaluation/find', adminToken, { company_id: demo.companyId, type_evaluation: 13, limit: 500 })).json();
    expect(again.evaluations.find((row: { evaluation_id: string }) => row.evaluation_id === target.evaluation_id).expired).toBe(true);

    const first = (await call('POST', '/api/evaluation/find', adminToken, { company_id: demo.companyId, limit: 2, offset: 0 })).json();
    const second = (await call('POST', '/api/evaluation/find', adminToken, { company_id: demo.companyId, limit: 2, offset: 2 })).json();
    expect(first.evaluations).toHaveLength(2);
    expect(second.total).toBe(first.total);
    const ids = new Set([...first.evaluations, ...second.evaluations].map((row: { evaluation_id: string }) => row.evaluation_id));
    expect(ids.size).toBe(4);
    const all = await t.db.select({ id: evaluations.id }).from(evaluations).where(inArray(evaluations.id, [...ids] as string[]));
    expect(all).toHaveLength(4);
  });

  it('answers 400 to malformed filters and 401 without a session', async () => {
    expect((await call('POST', '/api/evaluation/find', adminToken, { limit: 0 })).statusCode).toBe(400);
    expect((await call('POST', '/api/evaluation/find', adminToken, { type_evaluation: 'abc' })).statusCode).toBe(400);
    expect((await call('POST', '/api/evaluation/find', null, {})).statusCode).toBe(401);
  });
});
