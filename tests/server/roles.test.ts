/**
 * The role matrix: every private route × {administrator, company A user, company B user,
 * participant, anonymous, forged, expired and unsigned tokens}. Each route states what each caller
 * must get; company B must never see anything of company A. A route missing from the matrix fails the
 * test, so a new route cannot skip it.
 */
import { randomUUID } from 'node:crypto';
import { generateCNPJ } from '@brazilian-utils/brazilian-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses, cycles, evaluations, outbox, positions, responses, userCourses, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { exposureGroups, exposureGroupSectors, riskMatrices, riskMeasures, riskSeverities } from '../../apps/server/src/db/riskSchema.ts';
import { addUserWithPassword } from './fixtures.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { bearer } from './testApp.ts';
import { forge, unsigned } from './tokens.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

type Caller = 'admin' | 'companyA' | 'companyB';
/** 'ok' is any 2xx. */
type Outcome = 'ok' | 401 | 403 | 404;
type Expectation = Record<Caller, Outcome>;

const ADMIN_ONLY: Expectation = { admin: 'ok', companyA: 403, companyB: 403 };
const TENANT: Expectation = { admin: 'ok', companyA: 'ok', companyB: 404 };
const OWN_ACCOUNT: Expectation = { admin: 403, companyA: 'ok', companyB: 403 };

interface Request {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  /** The route as the OpenAPI document names it: "POST /api/evaluation". */
  route: string;
  expect: Expectation;
  /** A valid request about company A's data, built fresh for each caller (some calls consume what they act on). */
  request(): Promise<Request> | Request;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;

/** Company A's world beyond the demo seed: a position, a course, an interview. */
let positionId: number;
let courseId: number;
let interview: { evaluator: number; rated: number };
let doneEvaluationId: string;
let companyUserA: { id: number; email: string };
let companyBToken: string;
let registrationToken: string;
let templateXlsx: Buffer;

async function freshEmployee(): Promise<number> {
  const [user] = await t.db
    .insert(users)
    .values({ name: 'Funcionária Matriz', email: `${unique('matriz')}@demo.com.br`, typeAccount: 3, companyId: demo.companyId })
    .returning();
  await t.db.insert(userSectors).values({ userId: user!.id, sectorId: demo.sectors[0]!.id });
  await t.db.insert(userPositions).values({ userId: user!.id, positionId });
  return user!.id;
}

async function freshEvaluation(done = false): Promise<string> {
  const [row] = await t.db
    .insert(evaluations)
    .values({ userId: demo.employees[0]!.id, rated: demo.employees[0]!.id, typeEvaluation: 13, done, expireAt: new Date(Date.now() + 86_400_000) })
    .returning();
  return row!.id;
}

/** A publication of company A's psychosocial risk inventory (type 18). */
const inventoryBody = { type: 18, responsible_name: 'Dra. Matriz Papéis', responsible_registration: 'CRP 06/00001' };
let inventoryAnswers: Promise<void> | undefined;

/** An administrator's id: a measure's owner. */
async function staffOwner(): Promise<number> {
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.typeAccount, 1)).limit(1);
  return admin!.id;
}
/** A measure of company A's plan against 'demands', whole company, owned by an administrator. */
const measureBody = async () => ({ type: 18, factor: 'demands', group_kind: 'whole', description: 'Pausas programadas na produção.', owner_id: await staffOwner(), due_on: '2027-01-15', effectiveness_check: 'Comparar na próxima rodada.', effectiveness_on: '2027-03-01' });
const measureRow = async () => ({ typeEvaluation: 18, factor: 'demands', groupKind: 'whole', description: 'Rodízio de tarefas.', ownerId: await staffOwner(), dueOn: '2027-01-15', effectivenessCheck: 'Comparar na próxima rodada.', effectivenessOn: '2027-03-01' });

/** Company A ready for its risk inventory: three employees' type-18 answers (once) and a severity on every factor (again each time: a row above clears one). */
async function inventoryReady(): Promise<void> {
  inventoryAnswers ??= (async () => {
    const statements = Object.fromEntries(Array.from({ length: 36 }, (_, index) => [String(index + 1), '3']));
    for (const employee of demo.employees.slice(0, 3)) await insertEvaluation({ userId: employee.id, rated: employee.id, typeEvaluation: 18, done: true, companyId: A() }, statements);
  })();
  await inventoryAnswers;
  const factors = t.app.definitions.questionnaires.get(18)!.risk!.factors;
  await t.db
    .insert(riskSeverities)
    .values(factors.map((factor) => ({ companyId: A(), typeEvaluation: 18, factor: factor.id, severity: 2, reason: 'Severidade para a matriz de papéis.' })))
    .onConflictDoNothing();
}

let publishedInventory: Promise<number> | undefined;

/** One of company A's sectors. */
const sectorOfA = async () => demo.sectors[0]!.id;

/** A new exposure group of company A (made directly, for each call that changes or deletes one). */
async function exposureGroupOfA(): Promise<number> {
  const [group] = await t.db.insert(exposureGroups).values({ companyId: A(), name: unique('Grupo') }).returning({ id: exposureGroups.id });
  await t.db.insert(exposureGroupSectors).values({ groupId: group!.id, sectorId: await sectorOfA() });
  return group!.id;
}

/** The id of a published inventory of company A (published once, by the administrator). */
function inventoryOfA(): Promise<number> {
  publishedInventory ??= (async () => {
    await inventoryReady();
    const response = await t.app.inject({ method: 'POST', url: `/api/risk/${A()}/inventories`, headers: bearer(adminToken), payload: inventoryBody });
    return (response.json() as { inventory: { id: number } }).inventory.id;
  })();
  return publishedInventory;
}

/** A new round of company A with one pending evaluation of a type with a link. */
async function freshPendingCycle(): Promise<number> {
  const [cycle] = await t.db.insert(cycles).values({ companyId: demo.companyId, name: unique('Ciclo'), types: [13], opensOn: '2026-01-05' }).returning();
  await t.db.insert(evaluations).values({ userId: demo.employees[0]!.id, rated: demo.employees[0]!.id, typeEvaluation: 13, cycleId: cycle!.id, expireAt: new Date(Date.now() + 86_400_000) });
  return cycle!.id;
}

/** A new participant of company A, to be erased (each erase needs a person not erased yet). */
async function freshPerson(): Promise<{ id: number; name: string }> {
  const name = `Pessoa ${randomUUID().slice(0, 8)}`;
  const [row] = await t.db.insert(users).values({ name, email: `${name.replace(' ', '.').toLowerCase()}@papeis.test`, typeAccount: 3, companyId: demo.companyId }).returning();
  return { id: row!.id, name };
}

/** A queued report e-mail of a person (as 'Enviar Relatório' makes it); its job id. */
async function sendingOf(userId: number): Promise<string> {
  const [id] = await t.db.transaction((tx) =>
    t.app.jobs.enqueueReportEmails(tx, [{ evaluation_id: '', type_evaluation: -1, user_name: 'x', evaluated_name: null, user_id: userId, report_type: -1 }]),
  );
  return id!;
}

function multipart(content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----matriz${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="colaboradores.xlsx"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const A = () => demo.companyId;
const employee = (index = 0) => demo.employees[index]!.id;

/** A done evaluation of a type by company A's first employee (created once), for the result calls. */
const doneOfType = new Map<number, string>();
async function doneOf(type: number): Promise<string> {
  if (!doneOfType.has(type)) {
    const [row] = await t.db.insert(evaluations).values({ userId: employee(0), rated: employee(0), typeEvaluation: type, done: true }).returning();
    doneOfType.set(type, row!.id);
  }
  return doneOfType.get(type)!;
}

/** Company A's third employee evaluated in a 360 (version 9) with one answer (created once). */
let answered360: Promise<number> | undefined;
function evaluated360(): Promise<number> {
  answered360 ??= (async () => {
    // Three evaluators: the minimum of the anonymous 360 (fewer would be withheld, for every role).
    for (const evaluator of [0, 1, 3]) {
      const [row] = await t.db.insert(evaluations).values({ userId: employee(evaluator), rated: employee(2), typeEvaluation: 2, version: 9, done: true }).returning();
      await t.db.insert(responses).values({ evaluationId: row!.id, question: '1', response: '1.1' });
    }
    return employee(2);
  })();
  return answered360;
}
const EVERYONE: Expectation = { admin: 'ok', companyA: 'ok', companyB: 'ok' };

const rows: Row[] = [
  { route: 'GET /api/users/all', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: '/api/users/all' }) },
  { route: 'GET /api/users/list/{companyId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/users/list/${A()}` }) },
  {
    route: 'GET /api/users/verify/{id}/{email}',
    expect: TENANT,
    request: () => ({ method: 'GET', url: `/api/users/verify/${employee()}/${encodeURIComponent('livre@demo.com.br')}` }),
  },
  {
    route: 'POST /api/users/verifypassword',
    expect: OWN_ACCOUNT,
    request: () => ({ method: 'POST', url: '/api/users/verifypassword', payload: { email: companyUserA.email, password: 'qualquer-senha' } }),
  },
  {
    route: 'PATCH /api/users/updateprofile',
    expect: OWN_ACCOUNT,
    request: () => ({ method: 'PATCH', url: '/api/users/updateprofile', payload: { id: companyUserA.id, name: 'Empresa Demo', email: companyUserA.email, phone: '11987654321' } }),
  },
  {
    route: 'POST /api/users',
    expect: TENANT,
    request: () => ({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Novo Colaborador', email: `${unique('novo')}@demo.com.br`, phone: '11987654321', company_id: A(), type_account: 3 },
    }),
  },
  {
    route: 'PATCH /api/users/update',
    expect: TENANT,
    request: async () => ({
      method: 'PATCH',
      url: '/api/users/update',
      payload: { id: await freshEmployee(), name: 'Editada', email: `${unique('editada')}@demo.com.br`, phone: '11987654321', status: true, sector_ids: [demo.sectors[0]!.id], position_id: positionId },
    }),
  },
  { route: 'DELETE /api/relationusers/{userId}', expect: TENANT, request: async () => ({ method: 'DELETE', url: `/api/relationusers/${await freshEmployee()}` }) },
  {
    route: 'POST /api/relationusers',
    expect: TENANT,
    request: async () => {
      const id = await freshEmployee();
      return { method: 'POST', url: '/api/relationusers', payload: { user_id: id, position_id: positionId, sector_id: demo.sectors[1]!.id } };
    },
  },
  {
    route: 'POST /api/users/different-companies/evaluation',
    expect: TENANT,
    request: () => ({
      method: 'POST',
      url: '/api/users/different-companies/evaluation',
      payload: { sector_ids: [demo.sectors[0]!.id], course_ids: [], company_ids: [A()], allSectors: false, type_evaluation: 13 },
    }),
  },
  // Listed for everyone, each their own: company B's answer is checked for leaks below.
  { route: 'GET /api/companies', expect: { admin: 'ok', companyA: 'ok', companyB: 'ok' }, request: () => ({ method: 'GET', url: '/api/companies' }) },
  {
    route: 'POST /api/companies',
    expect: ADMIN_ONLY,
    // A fresh document each time: two active companies may not share one (and the demo company holds 11222333000181).
    request: () => ({ method: 'POST', url: '/api/companies', payload: { commercial_name: unique('Nova'), company_name: 'Nova Ltda', cnpj: generateCNPJ(), phone: '' } }),
  },
  {
    route: 'PATCH /api/companies',
    expect: ADMIN_ONLY,
    request: () => ({ method: 'PATCH', url: '/api/companies', payload: { id: A(), commercial_name: 'Empresa Demonstração', company_name: 'Empresa Demonstração Ltda', cnpj: '11222333000181' } }),
  },
  { route: 'GET /api/sectors/list/{companyId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/sectors/list/${A()}` }) },
  {
    route: 'PATCH /api/sectors/{companyId}',
    expect: TENANT,
    request: () => ({ method: 'PATCH', url: `/api/sectors/${A()}`, payload: { sectors: [{ sector_name: unique('Setor') }] } }),
  },
  { route: 'POST /api/sectors/different-companies', expect: TENANT, request: () => ({ method: 'POST', url: '/api/sectors/different-companies', payload: { company_ids: [A()] } }) },
  // No longer public: the respondent page reads the rated sector's name from its evaluation.
  { route: 'GET /api/sectors/{id}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/sectors/${demo.sectors[0]!.id}` }) },
  { route: 'GET /api/positions/list/{companyId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/positions/list/${A()}` }) },
  {
    route: 'PATCH /api/positions/{companyId}',
    expect: TENANT,
    request: () => ({ method: 'PATCH', url: `/api/positions/${A()}`, payload: { positions: [{ position_name: unique('Cargo') }] } }),
  },
  { route: 'GET /api/cycles', expect: TENANT, request: () => ({ method: 'GET', url: `/api/cycles?company_id=${A()}` }) },
  { route: 'POST /api/cycles', expect: ADMIN_ONLY, request: () => ({ method: 'POST', url: '/api/cycles', payload: { company_id: A(), name: unique('Ciclo') } }) },
  {
    route: 'PATCH /api/cycles/{id}',
    expect: ADMIN_ONLY,
    request: async () => {
      const [cycle] = await t.db.select({ id: cycles.id }).from(cycles).where(eq(cycles.companyId, A())).limit(1);
      return { method: 'PATCH', url: `/api/cycles/${cycle!.id}`, payload: { name: unique('Ciclo') } };
    },
  },
  {
    route: 'GET /api/cycles/{id}/pending',
    expect: TENANT,
    request: async () => {
      const [cycle] = await t.db.select({ id: cycles.id }).from(cycles).where(eq(cycles.companyId, A())).limit(1);
      return { method: 'GET', url: `/api/cycles/${cycle!.id}/pending` };
    },
  },
  {
    route: 'POST /api/cycles/{id}/remind',
    expect: TENANT,
    // A round of its own with one pending evaluation, so there is someone to remind.
    request: async () => ({ method: 'POST', url: `/api/cycles/${await freshPendingCycle()}/remind` }),
  },
  // A company's psychosocial risk settings: read by its own company user, changed by staff only.
  { route: 'GET /api/risk/{companyId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/risk/${A()}` }) },
  {
    route: 'PUT /api/risk/{companyId}/severities/{type}/{factor}',
    expect: ADMIN_ONLY,
    request: () => ({ method: 'PUT', url: `/api/risk/${A()}/severities/18/demands`, payload: { severity: 2, reason: 'Metas apertadas relatadas pelo setor.' } }),
  },
  {
    route: 'DELETE /api/risk/{companyId}/severities/{type}/{factor}',
    expect: ADMIN_ONLY,
    request: async () => {
      await t.db.insert(riskSeverities).values({ companyId: A(), typeEvaluation: 18, factor: 'autonomy', severity: 2, reason: 'Pouca autonomia relatada.' }).onConflictDoNothing();
      return { method: 'DELETE', url: `/api/risk/${A()}/severities/18/autonomy` };
    },
  },
  { route: 'PUT /api/risk/{companyId}/matrix', expect: ADMIN_ONLY, request: () => ({ method: 'PUT', url: `/api/risk/${A()}/matrix`, payload: { matrix: t.app.definitions.riskMatrix } }) },
  {
    route: 'DELETE /api/risk/{companyId}/matrix',
    expect: ADMIN_ONLY,
    request: async () => {
      await t.db.insert(riskMatrices).values({ companyId: A(), matrix: t.app.definitions.riskMatrix }).onConflictDoNothing();
      return { method: 'DELETE', url: `/api/risk/${A()}/matrix` };
    },
  },
  // Its published risk inventories: read by its own company user, published by staff only.
  { route: 'GET /api/risk/{companyId}/inventories', expect: TENANT, request: () => ({ method: 'GET', url: `/api/risk/${A()}/inventories` }) },
  {
    route: 'POST /api/risk/{companyId}/inventories/preview',
    expect: ADMIN_ONLY,
    request: async () => {
      await inventoryReady();
      return { method: 'POST', url: `/api/risk/${A()}/inventories/preview`, payload: inventoryBody };
    },
  },
  {
    route: 'POST /api/risk/{companyId}/inventories',
    expect: ADMIN_ONLY,
    request: async () => {
      await inventoryReady();
      return { method: 'POST', url: `/api/risk/${A()}/inventories`, payload: inventoryBody };
    },
  },
  { route: 'GET /api/risk/inventories/{id}', expect: TENANT, request: async () => ({ method: 'GET', url: `/api/risk/inventories/${await inventoryOfA()}` }) },
  { route: 'GET /api/risk/inventories/{id}/pdf', expect: TENANT, request: async () => ({ method: 'GET', url: `/api/risk/inventories/${await inventoryOfA()}/pdf` }) },
  { route: 'GET /api/risk/inventories/{id}/xlsx', expect: TENANT, request: async () => ({ method: 'GET', url: `/api/risk/inventories/${await inventoryOfA()}/xlsx` }) },
  // The review of its risk assessment: the list is each account's own companies; triggers read by its own company user, recorded by staff only.
  { route: 'GET /api/risk/reviews', expect: EVERYONE, request: () => ({ method: 'GET', url: '/api/risk/reviews' }) },
  { route: 'GET /api/risk/{companyId}/review-triggers', expect: TENANT, request: () => ({ method: 'GET', url: `/api/risk/${A()}/review-triggers` }) },
  {
    route: 'POST /api/risk/{companyId}/review-triggers',
    expect: ADMIN_ONLY,
    request: () => ({ method: 'POST', url: `/api/risk/${A()}/review-triggers`, payload: { type: 18, kind: 'organizacao', occurred_on: '2026-01-05', description: 'Mudança de turnos na matriz de papéis.' } }),
  },
  // Its exposure groups: read by its own company user, written by staff only.
  { route: 'GET /api/risk/{companyId}/exposure-groups', expect: TENANT, request: () => ({ method: 'GET', url: `/api/risk/${A()}/exposure-groups` }) },
  {
    route: 'POST /api/risk/{companyId}/exposure-groups',
    expect: ADMIN_ONLY,
    request: async () => ({ method: 'POST', url: `/api/risk/${A()}/exposure-groups`, payload: { name: unique('Grupo'), sector_ids: [await sectorOfA()], position_ids: [] } }),
  },
  {
    route: 'PATCH /api/risk/exposure-groups/{id}',
    expect: ADMIN_ONLY,
    request: async () => ({ method: 'PATCH', url: `/api/risk/exposure-groups/${await exposureGroupOfA()}`, payload: { name: unique('Grupo') } }),
  },
  {
    route: 'DELETE /api/risk/exposure-groups/{id}',
    expect: ADMIN_ONLY,
    request: async () => ({ method: 'DELETE', url: `/api/risk/exposure-groups/${await exposureGroupOfA()}` }),
  },
  // Its action plan: read by its own company user, written by staff only (the form's options too).
  { route: 'GET /api/risk/{companyId}/measures', expect: TENANT, request: () => ({ method: 'GET', url: `/api/risk/${A()}/measures` }) },
  { route: 'GET /api/risk/{companyId}/measures/options', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: `/api/risk/${A()}/measures/options` }) },
  { route: 'POST /api/risk/{companyId}/measures', expect: ADMIN_ONLY, request: async () => ({ method: 'POST', url: `/api/risk/${A()}/measures`, payload: await measureBody() }) },
  {
    route: 'PATCH /api/risk/measures/{id}',
    expect: ADMIN_ONLY,
    request: async () => {
      const [measure] = await t.db.insert(riskMeasures).values({ ...(await measureRow()), companyId: A() }).returning({ id: riskMeasures.id });
      return { method: 'PATCH', url: `/api/risk/measures/${measure!.id}`, payload: { status: 'em_andamento' } };
    },
  },
  { route: 'GET /api/courses', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: '/api/courses' }) },
  { route: 'POST /api/courses', expect: ADMIN_ONLY, request: () => ({ method: 'POST', url: '/api/courses', payload: { name: unique('Treinamento') } }) },
  { route: 'GET /api/usercourses/{courseId}', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: `/api/usercourses/${courseId}` }) },
  { route: 'POST /api/usercourses', expect: ADMIN_ONLY, request: async () => ({ method: 'POST', url: '/api/usercourses', payload: { userId: await freshEmployee(), courseId } }) },
  {
    route: 'DELETE /api/usercourses/{id}',
    expect: ADMIN_ONLY,
    request: async () => {
      const [row] = await t.db.insert(userCourses).values({ userId: await freshEmployee(), courseId }).returning();
      return { method: 'DELETE', url: `/api/usercourses/${row!.id}` };
    },
  },
  {
    route: 'POST /api/evaluation',
    expect: TENANT,
    request: () => ({ method: 'POST', url: '/api/evaluation', payload: { users: [{ user_id: employee(1), type_evaluation: 13, validate: 5 }] } }),
  },
  {
    route: 'PATCH /api/evaluation',
    expect: TENANT,
    request: async () => ({ method: 'PATCH', url: '/api/evaluation', payload: { evaluations: [{ evaluation_id: await freshEvaluation(), validate: 5 }] } }),
  },
  { route: 'DELETE /api/evaluation/{id}', expect: ADMIN_ONLY, request: async () => ({ method: 'DELETE', url: `/api/evaluation/${await freshEvaluation()}` }) },
  {
    route: 'GET /api/evaluation/versions/{companyId}/{rated}/{type}',
    expect: TENANT,
    request: () => ({ method: 'GET', url: `/api/evaluation/versions/${A()}/${employee(2)}/2` }),
  },
  { route: 'POST /api/evaluation/find', expect: TENANT, request: () => ({ method: 'POST', url: '/api/evaluation/find', payload: { company_id: A() } }) },
  { route: 'POST /api/evaluation/remainder/{userId}', expect: TENANT, request: async () => ({ method: 'POST', url: `/api/evaluation/remainder/${employee(0)}` }) },
  { route: 'POST /api/evaluation/email/{evaluationId}', expect: TENANT, request: async () => ({ method: 'POST', url: `/api/evaluation/email/${await freshEvaluation()}` }) },
  {
    route: 'POST /api/tableresponse/report/email',
    expect: TENANT,
    request: () => ({ method: 'POST', url: '/api/tableresponse/report/email', payload: { evaluation_type: 13, target_ids: [doneEvaluationId] } }),
  },
  { route: 'GET /api/queues', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: '/api/queues' }) },
  { route: 'GET /api/queues/reminders', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: '/api/queues/reminders' }) },
  { route: 'GET /api/outbox', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: '/api/outbox' }) },
  { route: 'GET /api/queues/retention', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: '/api/queues/retention' }) },
  { route: 'GET /api/users/{id}/personal-data', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: `/api/users/${employee(0)}/personal-data?format=json` }) },
  {
    route: 'POST /api/users/{id}/erase',
    expect: ADMIN_ONLY,
    request: async () => {
      const person = await freshPerson();
      return { method: 'POST', url: `/api/users/${person.id}/erase`, payload: { confirm_name: person.name } };
    },
  },
  { route: 'GET /api/audit', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: `/api/audit?company=${A()}` }) },
  { route: 'GET /api/definitions/questionnaires', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: '/api/definitions/questionnaires' }) },
  {
    route: 'POST /api/definitions/questionnaires/check',
    expect: ADMIN_ONLY,
    request: () => ({ method: 'POST', url: '/api/definitions/questionnaires/check', payload: { definition: { extends: 'estresse' } } }),
  },
  {
    route: 'GET /api/outbox/{id}/attachments/{position}',
    expect: ADMIN_ONLY,
    request: async () => {
      const key = 'matriz:anexo';
      await t.app.mailer.send({ key, to: 'a@demo.com.br', subject: 'Anexo', text: 't', html: '<p>t</p>', kind: 'report', attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') }] });
      const [mail] = await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.key, key));
      return { method: 'GET', url: `/api/outbox/${mail!.id}/attachments/0` };
    },
  },
  {
    route: 'POST /api/tableresponse/evaluations',
    expect: TENANT,
    request: () => ({ method: 'POST', url: '/api/tableresponse/evaluations', payload: { type_evaluation: 13, company_id: A() } }),
  },
  {
    route: 'PUT /api/tableresponse/multiple',
    expect: ADMIN_ONLY,
    request: () => ({
      method: 'PUT',
      url: '/api/tableresponse/multiple',
      payload: { type_evaluation: '11', evaluator_user_id: interview.evaluator, rated_user_id: interview.rated, questions: [{ question: '1.grade', response: '7.5' }] },
    }),
  },
  { route: 'GET /api/interview/answers/{ratedId}/{evaluatorUserId}', expect: ADMIN_ONLY, request: () => ({ method: 'GET', url: `/api/interview/answers/${interview.rated}/${interview.evaluator}` }) },
  { route: 'GET /api/interview/evaluators/rated/{ratedId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/interview/evaluators/rated/${interview.rated}` }) },
  { route: 'GET /api/interview/evaluators/company/{companyId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/interview/evaluators/company/${A()}` }) },
  { route: 'GET /api/tableresponse/respondents/{companyId}/11', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/respondents/${A()}/11` }) },
  { route: 'GET /api/tableresponse/count/all/true/{id}/1/1', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/count/all/true/${interview.rated}/1/1` }) },
  { route: 'GET /api/tableresponse/interview360/{ratedId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/interview360/${interview.rated}` }) },
  { route: 'GET /api/interview/print/{ratedId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/interview/print/${interview.rated}` }) },
  { route: 'GET /api/interview/report/{ratedId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/interview/report/${interview.rated}` }) },
  // The dashboards' generic calls: another company's id does not exist for a company user.
  { route: 'POST /api/dashboards/{id}/data', expect: TENANT, request: () => ({ method: 'POST', url: '/api/dashboards/13/data', payload: { company_id: A() } }) },
  { route: 'POST /api/dashboards/{id}/report', expect: TENANT, request: () => ({ method: 'POST', url: '/api/dashboards/13/report', payload: { company_id: A() } }) },
  { route: 'POST /api/dashboards/{id}/exports/{index}', expect: TENANT, request: () => ({ method: 'POST', url: '/api/dashboards/-1/exports/1', payload: { company_id: A() } }) },
  { route: 'GET /api/evaluation/report/{jobId}', expect: TENANT, request: async () => ({ method: 'GET', url: `/api/evaluation/report/${await sendingOf(employee(0))}` }) },
  { route: 'POST /api/evaluation/report', expect: TENANT, request: () => ({ method: 'POST', url: '/api/evaluation/report', payload: { user_id: employee(0), type_evaluation: '-1' } }) },
  { route: 'GET /api/dashboards/{id}/options/{filter}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/dashboards/3/options/colleague?company_id=${A()}` }) },
  // The result calls (routes/results/): id lists answer everyone, leaving another company's ids out.
  { route: 'GET /api/tableresponse/respondents/{companyId}/2', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/respondents/${A()}/2` }) },
  { route: 'GET /api/tableresponse/count/all/true/{id}/1/{version}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/count/all/true/${employee(2)}/1/2` }) },
  { route: 'GET /api/tableresponse/count/360/{id}/{version}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/count/360/${employee(2)}/2` }) },
  {
    route: 'GET /api/tableresponse/360/{userId}/{question}/{version}',
    expect: TENANT,
    request: async () => ({ method: 'GET', url: `/api/tableresponse/360/${await evaluated360()}/1/9` }),
  },
  { route: 'GET /api/tableresponse/desempenho_equipe/{userId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/desempenho_equipe/${employee()}` }) },
  { route: 'GET /api/tableresponse/operacionalArea/{sectorId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/operacionalArea/${demo.sectors[0]!.id}` }) },
  { route: 'GET /api/tableresponse/taticoArea/{sectorId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/tableresponse/taticoArea/${demo.sectors[0]!.id}` }) },
  ...(
    [
      ['cloud', 4],
      ['alpha/consolidated', 3],
      ['comunicacao/consolidated', 9],
      ['motivacional/consolidated', 6],
      ['temperamentos/consolidated', 5],
    ] as const
  ).map(([path, type]): Row => ({
    route: `POST /api/tableresponse/${path}`,
    expect: EVERYONE,
    request: async () => ({ method: 'POST', url: `/api/tableresponse/${path}`, payload: { evaluations: [await doneOf(type)] } }),
  })),
  {
    route: 'POST /api/tableresponse/scanner/consolidated',
    expect: EVERYONE,
    request: async () => ({ method: 'POST', url: '/api/tableresponse/scanner/consolidated', payload: { user_ids: [(await doneOf(3), employee())] } }),
  },
  {
    route: 'POST /api/evaluation/scanner/respondents',
    expect: EVERYONE,
    request: () => ({ method: 'POST', url: '/api/evaluation/scanner/respondents', payload: { sector_ids: [demo.sectors[0]!.id] } }),
  },
  { route: 'GET /api/evaluation/find/scanner/{userId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/evaluation/find/scanner/${employee()}` }) },
  {
    route: 'GET /api/tableresponse/answeredReport/{dashboardId}',
    expect: TENANT,
    request: () => ({ method: 'GET', url: `/api/tableresponse/answeredReport/-1?sector_id=${demo.sectors[0]!.id}` }),
  },
  { route: 'GET /api/users/full/{userId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/users/full/${employee()}` }) },
  { route: 'GET /api/users/{id}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/users/${employee()}` }) },
  { route: 'GET /api/users/excel/template/{companyId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/users/excel/template/${A()}` }) },
  { route: 'GET /api/users/excel/{companyId}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/users/excel/${A()}` }) },
  { route: 'POST /api/users/excel/{companyId}', expect: TENANT, request: () => ({ method: 'POST', url: `/api/users/excel/${A()}`, ...multipart(templateXlsx) }) },
  { route: 'POST /api/users/data/link/{companyId}', expect: TENANT, request: () => ({ method: 'POST', url: `/api/users/data/link/${A()}` }) },
  { route: 'GET /api/users/data/{key}', expect: TENANT, request: () => ({ method: 'GET', url: `/api/users/data/${A()}` }) },
  {
    route: 'PATCH /api/users/data',
    expect: TENANT,
    request: () => ({ method: 'PATCH', url: '/api/users/data', payload: { company_id: A(), sectors: [{ sector_name: unique('Setor'), new: true }], positions: [], users: [] } }),
  },
];

/** Calls that answer without a session (the respondent links and the registration link). */
const PUBLIC = new Set([
  'POST /api/sessions',
  // Sign-out ends every session of its caller, so the matrix's shared tokens cannot make it
  // (tests/server/hardening.test.ts).
  'DELETE /api/sessions',
  'GET /api/evaluation/find/{id}',
  'POST /api/tableresponse/multiple',
  // A person's own pages, by their personal key (tests/server/personalPages.test.ts).
  'GET /api/tableresponse/answered/{userKey}',
  'GET /api/users/{userKey}',
  // Reports: by personal key without a session (staff with one: tests/server/reports.test.ts), and an
  // answered evaluation's by its unguessable id, as its link.
  'POST /api/tableresponse/report/download',
  'GET /api/tableresponse/report/{id}/{type}',
]);

/** Strings of company A that company B must never receive. */
function companyASecrets(): string[] {
  return ['Empresa Demonstração', ...demo.employees.map((row) => row.email), ...demo.employees.map((row) => row.name)];
}

beforeAll(async () => {
  const [position] = await t.db.insert(positions).values({ companyId: demo.companyId, positionName: 'Cargo da Matriz' }).returning();
  positionId = position!.id;
  const [course] = await t.db.insert(courses).values({ name: 'Liderança', companyId: demo.companyId }).returning();
  courseId = course!.id;
  interview = { evaluator: demo.employees[3]!.id, rated: demo.employees[4]!.id };
  await t.db.insert(evaluations).values({ userId: interview.evaluator, rated: interview.rated, typeEvaluation: 11, expireAt: null });
  doneEvaluationId = await freshEvaluation(true);
  const me = (await t.app.inject({ method: 'GET', url: '/api/users/all', headers: bearer(adminToken) })).json() as { id: number; email: string; type_account: number; company_id: number | null }[];
  const account = me.find((row) => row.type_account === 2 && row.company_id === demo.companyId)!;
  companyUserA = { id: account.id, email: account.email };
  await addUserWithPassword(t.db, { email: 'gestor@outra.com.br', password: 'Outra-senha-1', typeAccount: 2, companyId: other.companyId });
  const signIn = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email: 'gestor@outra.com.br', password: 'Outra-senha-1' } });
  companyBToken = signIn.json().token;
  templateXlsx = (await t.app.inject({ method: 'GET', url: `/api/users/excel/template/${demo.companyId}`, headers: bearer(adminToken) })).rawPayload;
  const link = await t.app.inject({ method: 'POST', url: `/api/users/data/link/${demo.companyId}`, headers: bearer(adminToken) });
  registrationToken = link.json().transaction;
});

async function send(request: Request, authorization: Record<string, string>) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...(request.headers ?? {}), ...authorization },
    ...(request.payload === undefined ? {} : { payload: request.payload as Buffer }),
  });
}

describe('role matrix', () => {
  it('covers every private route of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const covered = new Set([...rows.map((row) => row.route), ...PUBLIC]);
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
    expect(rows.map((row) => row.route).filter((route) => !documented.includes(route))).toEqual([]);
  });

  it.each(rows.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const now = Math.floor(Date.now() / 1000);
    const participant = demo.employees[0]!.id;
    const refused: [string, Record<string, string>][] = [
      ['anonymous', {}],
      ['participant', bearer(forge({ uid: participant, sv: 0, iat: now, exp: now + 600 }))],
      ['forged', bearer(forge({ uid: 1, sv: 0, iat: now, exp: now + 600 }, 'outro-segredo'.padEnd(48, 'z')))],
      ['expired', bearer(forge({ uid: 1, sv: 0, iat: now - 7200, exp: now - 3600 }))],
      ['unsigned', bearer(unsigned({ uid: 1 }))],
      ['HS512', bearer(forge({ uid: 1, sv: 0, iat: now, exp: now + 600 }, undefined, 'HS512'))],
    ];
    for (const [who, authorization] of refused) {
      const response = await send(await row.request(), authorization);
      expect(response.statusCode, `${who}: ${response.body.slice(0, 200)}`).toBe(401);
    }
    const tokens: Record<Caller, string> = { admin: adminToken, companyA: companyToken, companyB: companyBToken };
    // Company B first: a call it is refused must not have consumed anything company A then uses.
    for (const caller of ['companyB', 'companyA', 'admin'] as const) {
      const response = await send(await row.request(), bearer(tokens[caller]));
      const expected = row.expect[caller];
      const label = `${caller}: ${response.statusCode} ${response.body.slice(0, 300)}`;
      if (expected === 'ok') expect(response.statusCode, label).toBeGreaterThanOrEqual(200);
      if (expected === 'ok') expect(response.statusCode, label).toBeLessThan(300);
      else expect(response.statusCode, label).toBe(expected);
      if (caller === 'companyB') {
        for (const secret of companyASecrets()) expect(response.body, `${caller} received "${secret}"`).not.toContain(secret);
      }
    }
  });

  it('opens the registration data by its link without a session, and refuses an unknown or numeric key', async () => {
    const byToken = await t.app.inject({ method: 'GET', url: `/api/users/data/${registrationToken}` });
    expect(byToken.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/data/${registrationToken.slice(0, -2)}xx` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/data/${demo.companyId}` })).statusCode).toBe(401);
  });
});
