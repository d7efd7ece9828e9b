import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations } from '../../apps/server/src/db/schema.ts';
import { expiryFor } from '../../engine/lifecycle/linkState.ts';
import { messages } from '../../engine/messages.ts';
import { countRows } from './fixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

function create(token: string | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/evaluation',
    payload: payload as Record<string, unknown>,
    headers: token ? bearer(token) : {},
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /api/evaluation', () => {
  it('creates evaluations in one call, expiring at the end of the day N days later in São Paulo', async () => {
    const [first, second] = demo.employees;
    const before = new Date();
    const response = await create(companyToken, {
      users: [
        { user_id: first!.id, user_name: first!.name, type_evaluation: 13, validate: 7 },
        { user_id: second!.id, user_name: second!.name, type_evaluation: 2, validate: 1, evaluated: first!.id, rated_sector: demo.sectorId('Administrativo'), version: 2 },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('2 avaliações Criadas');
    const created = response.json().evaluations as { evaluation_id: string; user_id: number; type_evaluation: number; expire_at: string }[];
    expect(created).toHaveLength(2);
    expect(created[0]!.evaluation_id).toMatch(UUID);
    expect(created[0]).toMatchObject({ user_id: first!.id, type_evaluation: 13 });
    expect(created[0]!.expire_at).toBe(expiryFor(before, 7, 'America/Sao_Paulo').toISOString());
    // São Paulo has no daylight saving time: 23:59:59.999 local is 02:59:59.999 UTC.
    expect(created[0]!.expire_at).toMatch(/T02:59:59\.999Z$/);
    const [row] = await t.db.select().from(evaluations).where(eq(evaluations.id, created[1]!.evaluation_id));
    expect(row).toMatchObject({ userId: second!.id, rated: first!.id, ratedSector: demo.sectorId('Administrativo'), typeEvaluation: 2, version: 2, done: false });
    const [self] = await t.db.select().from(evaluations).where(eq(evaluations.id, created[0]!.evaluation_id));
    // Without an evaluated user, the evaluator evaluates themself.
    expect(self!.rated).toBe(first!.id);
  });

  it('lets an administrator create for any company', async () => {
    const response = await create(adminToken, { users: [{ user_id: other.employeeId, type_evaluation: 13, validate: 30 }] });
    expect(response.statusCode).toBe(201);
  });

  it('rejects invalid batches with a Portuguese 400 and stores nothing', async () => {
    const userId = demo.employees[0]!.id;
    const before = await countRows(t.db, 'evaluations');
    const cases: [unknown, string][] = [
      [{ users: [{ user_id: userId, type_evaluation: 99, validate: 5 }] }, 'Tipo de avaliação inexistente: 99.'],
      [{ users: [{ user_id: userId, type_evaluation: 13, validate: 0 }] }, messages.api.validateDays],
      [{ users: [{ user_id: userId, type_evaluation: 13, validate: 366 }] }, messages.api.validateDays],
      [{ users: [{ user_id: userId, type_evaluation: 13 }] }, 'Informe o prazo em dias da Escala de Estresse Percebido.'],
      [{ users: [{ user_id: userId, type_evaluation: null, validate: 5 }] }, 'Selecione o tipo de avaliação.'],
      [{ users: [{ user_id: userId, type_evaluation: 2, validate: 5 }] }, 'Informe o avaliado da Avaliação 360.'],
      [{ users: [{ user_id: userId, type_evaluation: 2, validate: 5, evaluated: demo.employees[1]!.id }] }, 'Informe a versão da Avaliação 360.'],
      [{ users: [{ user_id: userId, type_evaluation: 8, validate: 5 }] }, 'Informe o setor avaliado do Mapa Operacional da Área.'],
      [{ users: [{ user_id: userId, type_evaluation: 11 }] }, 'Informe o avaliado da Avaliação 360 por entrevista.'],
      [
        { users: [{ user_id: userId, type_evaluation: -1, validate: 5 }, { user_id: userId, type_evaluation: 13, validate: 5 }] },
        'Scanner deve ser criada sozinha, sem outros tipos de avaliação.',
      ],
      [{ users: [{ user_id: 'abc', type_evaluation: 13, validate: 5 }] }, 'Requisição inválida: o campo users.0.user_id tem um valor inválido'],
      [{ users: [] }, 'Requisição inválida: o campo users tem um valor inválido'],
      [{}, 'Requisição inválida: o campo users é obrigatório'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(adminToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await countRows(t.db, 'evaluations')).toBe(before);
  });

  it('answers 404 to a company user for users or sectors of another company, and for unknown users', async () => {
    const before = await countRows(t.db, 'evaluations');
    const unknownForAdmin = await create(adminToken, {
      users: [{ user_id: demo.employees[0]!.id, type_evaluation: 13, validate: 5 }, { user_id: 777777, type_evaluation: 13, validate: 5 }],
    });
    expect(unknownForAdmin.statusCode).toBe(404);
    expect(unknownForAdmin.json()).toEqual({ message: 'Usuário 777777 não encontrado.' });
    const foreignUser = await create(companyToken, { users: [{ user_id: other.employeeId, type_evaluation: 13, validate: 5 }] });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json()).toEqual({ message: `Usuário ${other.employeeId} não encontrado.` });
    const unknown = await create(companyToken, { users: [{ user_id: 777777, type_evaluation: 13, validate: 5 }] });
    expect(unknown.statusCode).toBe(404);
    const foreignSector = await create(companyToken, {
      users: [{ user_id: demo.employees[0]!.id, type_evaluation: 13, validate: 5, rated_sector: other.sectorId }],
    });
    expect(foreignSector.statusCode).toBe(404);
    expect(foreignSector.json()).toEqual({ message: `Setor ${other.sectorId} não encontrado.` });
    const foreignEvaluated = await create(companyToken, {
      users: [{ user_id: demo.employees[0]!.id, type_evaluation: 2, validate: 5, evaluated: other.employeeId, version: 1 }],
    });
    expect(foreignEvaluated.statusCode).toBe(404);
    expect(await countRows(t.db, 'evaluations')).toBe(before);
  });

  it("refuses (400) an administrator's evaluation whose evaluated person or rated sector is of another company, and stores nothing", async () => {
    const evaluator = demo.employees[0]!;
    const before = await countRows(t.db, 'evaluations');
    const otherPerson = `Pedro Outra não é da mesma empresa que o avaliador ${evaluator.name}: avaliador e avaliado devem ser da mesma empresa.`;
    const otherSector = `O setor Vendas não é da empresa do avaliador ${evaluator.name}: escolha um setor da mesma empresa.`;
    const cases: [unknown, string][] = [
      [{ users: [{ user_id: evaluator.id, type_evaluation: 2, validate: 5, evaluated: other.employeeId, version: 1 }] }, otherPerson],
      [{ users: [{ user_id: evaluator.id, type_evaluation: 11, evaluated: other.employeeId }] }, otherPerson],
      [{ users: [{ user_id: evaluator.id, type_evaluation: 8, validate: 5, rated_sector: other.sectorId }] }, otherSector],
      [{ users: [{ user_id: evaluator.id, type_evaluation: 13, validate: 5, rated_sector: other.sectorId }] }, otherSector],
      // One bad item refuses the whole batch.
      [
        {
          users: [
            { user_id: evaluator.id, type_evaluation: 13, validate: 5 },
            { user_id: evaluator.id, type_evaluation: 2, validate: 5, evaluated: other.employeeId, version: 1 },
          ],
        },
        otherPerson,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await create(adminToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    // The other way round too: an evaluator of the other company rating someone of the demo company.
    const reverse = await create(adminToken, { users: [{ user_id: other.employeeId, type_evaluation: 2, validate: 5, evaluated: evaluator.id, version: 1 }] });
    expect(reverse.statusCode).toBe(400);
    expect(await countRows(t.db, 'evaluations')).toBe(before);
    // Within one company the administrator still creates them.
    const same = await create(adminToken, {
      users: [{ user_id: evaluator.id, type_evaluation: 2, validate: 5, evaluated: demo.employees[1]!.id, version: 1, rated_sector: demo.sectorId('Administrativo') }],
    });
    expect(same.statusCode).toBe(201);
  });

  it('needs a signed-in staff member (401)', async () => {
    const response = await create(null, { users: [{ user_id: demo.employees[0]!.id, type_evaluation: 13, validate: 5 }] });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/evaluation/find/{id}', () => {
  it('answers the evaluation with the evaluator and evaluated names', async () => {
    const evaluation = demo.evaluations.find((row) => row.typeEvaluation === 13)!;
    const employee = demo.employees.find((row) => row.id === evaluation.userId)!;
    const response = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${evaluation.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: evaluation.id,
      user_id: employee.id,
      rated: employee.id,
      rated_sector: employee.sectorId,
      rated_sector_name: demo.sectors.find((sector) => sector.id === employee.sectorId)!.sectorName,
      type_evaluation: 13,
      version: 1,
      // The questionnaire version it opens: estresse.json's only published one (definitions/versions/estresse/1.0.json).
      definition_version: '1.0',
      done: false,
      expire_at: evaluation.expireAt!.toISOString(),
      evaluator_name: employee.name,
      rated_name: employee.name,
    });
    const upper = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${evaluation.id.toUpperCase()}` });
    expect(upper.json().id).toBe(evaluation.id);
  });

  it('names the rated sector for the area maps (the open sector lookup is gone), null without one', async () => {
    const [row] = await t.db
      .insert(evaluations)
      .values({ userId: demo.employees[3]!.id, rated: demo.employees[3]!.id, ratedSector: demo.sectorId('Operações'), typeEvaluation: 8, expireAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const map = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${row!.id}` });
    expect(map.statusCode).toBe(200);
    expect(map.json()).toMatchObject({ rated_sector: demo.sectorId('Operações'), rated_sector_name: 'Operações', type_evaluation: 8 });
    const none = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${other.evaluationId}` });
    expect(none.json()).toMatchObject({ rated_sector: null, rated_sector_name: null });
    // The respondent page needs no session for it, while the sector lookup now does.
    expect((await t.app.inject({ method: 'GET', url: `/api/sectors/${demo.sectorId('Operações')}` })).statusCode).toBe(401);
  });

  it('answers 404 (never 500) for unknown ids and for anything that is not a UUID', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'abc', '1', "1' OR '1'='1", '%E0%A4%A', 'ç']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${encodeURIComponent(id)}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: messages.api.evaluationNotFound });
    }
    for (const url of ['/api/evaluation/find/', `/api/evaluation/find/${'x'.repeat(500)}`, '/api/evaluation/find/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json().message, url).toEqual(expect.any(String));
    }
  });
});
