/**
 * Issue 23, item 2: every id a request body carries is checked against the account's scope (a company
 * user: its own company; another company's id answers 404 as if it did not exist) and against the other
 * ids of the request, or the field is not accepted. First the reported case (a report e-mail linked to
 * another company's evaluation), then every id-like field of every body of the OpenAPI document, sent
 * with the other company's id by the company user: refused with nothing written, or (the result calls'
 * documented lists) left out silently with nothing of the other company in the answer.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, cycles, evaluations, positions, sectors, userCourses, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { JOB_SCHEMA } from '../../apps/server/src/jobs/queue.ts';
import { messages } from '../../engine/messages.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

// No workers: every row a call writes (an outbox e-mail included) starts as a queued job or a row written
// by the call itself, and nothing changes the tables behind the test's back.
setUpWorld({ queue: { workers: false } });

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function call(method: Method, url: string, token: string | null, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown> | undefined, headers: token ? bearer(token) : {} });
}

/** Rows of every table of the application and of the job queue, by table. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await t.db.execute(sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', ${JOB_SCHEMA}) and table_type = 'BASE TABLE' order by 1, 2`)) as unknown as {
    rows: { table_schema: string; table_name: string }[];
  };
  const counts: Record<string, number> = {};
  for (const { table_schema: schema, table_name: name } of tables.rows) {
    const result = (await t.db.execute(sql.raw(`select count(*)::int as n from "${schema}"."${name}"`))) as unknown as { rows: { n: number }[] };
    counts[`${schema}.${name}`] = Number(result.rows[0]!.n);
  }
  return counts;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}-${(seq += 1)}`;

/** The other company's rows beyond world.ts: a position, a course with a participation, a done evaluation. */
const foreign = { positionId: 0, courseId: 0, usercourseId: 0, doneEvaluationId: '', cycleId: 0 };
/** The demo company's rows the example bodies use. */
const own = { positionId: 0, courseId: 0, usercourseId: 0, doneEvaluationId: '', pendingEvaluationId: '', companyUserId: 0 };

async function freshEmployee(): Promise<number> {
  const [user] = await t.db.insert(users).values({ name: 'Pessoa Corpo', email: `${unique('corpo')}@demo.com.br`, typeAccount: 3, companyId: demo.companyId }).returning();
  await t.db.insert(userSectors).values({ userId: user!.id, sectorId: demo.sectors[0]!.id });
  await t.db.insert(userPositions).values({ userId: user!.id, positionId: own.positionId });
  return user!.id;
}

async function freshEvaluation(values: Partial<typeof evaluations.$inferInsert> = {}): Promise<string> {
  const person = demo.employees[0]!.id;
  const [row] = await t.db
    .insert(evaluations)
    .values({ userId: person, rated: person, typeEvaluation: 13, expireAt: new Date(Date.now() + 86_400_000), ...values })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  const [position] = await t.db.insert(positions).values({ companyId: other.companyId, positionName: 'Cargo da Outra' }).returning();
  foreign.positionId = position!.id;
  const [course] = await t.db.insert(courses).values({ name: 'Curso da Outra', companyId: other.companyId }).returning();
  foreign.courseId = course!.id;
  const [participation] = await t.db.insert(userCourses).values({ userId: other.employeeId, courseId: course!.id }).returning();
  foreign.usercourseId = participation!.id;
  const [done] = await t.db.insert(evaluations).values({ userId: other.employeeId, rated: other.employeeId, typeEvaluation: 3, done: true }).returning();
  foreign.doneEvaluationId = done!.id;
  const [cycle] = await t.db.insert(cycles).values({ companyId: other.companyId, name: 'Ciclo da Outra', opensOn: '2026-01-05' }).returning();
  foreign.cycleId = cycle!.id;

  const [ownPosition] = await t.db.insert(positions).values({ companyId: demo.companyId, positionName: 'Cargo do Corpo' }).returning();
  own.positionId = ownPosition!.id;
  const [ownCourse] = await t.db.insert(courses).values({ name: 'Curso da Demo', companyId: demo.companyId }).returning();
  own.courseId = ownCourse!.id;
  const [ownParticipation] = await t.db.insert(userCourses).values({ userId: demo.employees[0]!.id, courseId: ownCourse!.id }).returning();
  own.usercourseId = ownParticipation!.id;
  own.doneEvaluationId = await freshEvaluation({ typeEvaluation: 3, done: true, expireAt: null });
  own.pendingEvaluationId = await freshEvaluation();
  const everyone = (await call('GET', '/api/users/all', adminToken)).json() as { id: number; type_account: number; company_id: number | null }[];
  own.companyUserId = everyone.find((row) => row.type_account === 2 && row.company_id === demo.companyId)!.id;
});

describe('POST /api/evaluation/report with an evaluation id', () => {
  it("refuses, as the company user, its own person with the other company's evaluation (404), and queues nothing", async () => {
    const before = await rowCounts();
    const response = await call('POST', '/api/evaluation/report', companyToken, { user_id: demo.employees[0]!.id, type_evaluation: '-1', evaluation_id: foreign.doneEvaluationId });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: messages.api.evaluationNotFound });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an evaluation of another person of the same company, or of a type the report does not read (400), and queues nothing', async () => {
    const colleague = demo.employees[1]!.id;
    const ofColleague = await freshEvaluation({ userId: colleague, rated: colleague, typeEvaluation: 3, done: true, expireAt: null });
    // PSS-14 (13) is no scanner type.
    const ofOtherType = await freshEvaluation({ typeEvaluation: 13, done: true, expireAt: null });
    for (const [label, token] of [['company user', companyToken], ['administrator', adminToken]] as const) {
      for (const evaluationId of [ofColleague, ofOtherType]) {
        const before = await rowCounts();
        const response = await call('POST', '/api/evaluation/report', token, { user_id: demo.employees[0]!.id, type_evaluation: '-1', evaluation_id: evaluationId });
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(response.json().message).toMatch(/^A avaliação .* não é /);
        expect(await rowCounts()).toEqual(before);
      }
    }
    // The administrator is refused the other company's evaluation with a person of the demo company too.
    const crossed = await call('POST', '/api/evaluation/report', adminToken, { user_id: demo.employees[0]!.id, type_evaluation: '-1', evaluation_id: foreign.doneEvaluationId });
    expect(crossed.statusCode).toBe(400);
  });

  it("still queues the report with the person's own evaluation of a type the report reads, or with none", async () => {
    for (const evaluationId of [own.doneEvaluationId, undefined, null]) {
      const response = await call('POST', '/api/evaluation/report', companyToken, { user_id: demo.employees[0]!.id, type_evaluation: '-1', ...(evaluationId === undefined ? {} : { evaluation_id: evaluationId }) });
      expect(response.statusCode, response.body).toBe(200);
    }
    // A malformed evaluation id is not quietly dropped any more.
    const malformed = await call('POST', '/api/evaluation/report', companyToken, { user_id: demo.employees[0]!.id, type_evaluation: '-1', evaluation_id: 'nao-e-um-uuid' });
    expect(malformed.statusCode).toBe(404);
  });
});

/* ---------- Every id of every body ---------- */

/** What the other company's id in a field must get from the company user. */
type Outcome =
  /** 404 or 400, and no row written. */
  | 'refused'
  /** A 2xx read that leaves the id out (the result calls' documented lists), nothing of the other company in it. */
  | 'silent'
  /** 403: the route is not the company user's (an administrator's call, the user's own account), or the filter is staff's (a course). */
  | 'forbidden';

/** The other company's id of each kind. */
const kinds = {
  company: () => other.companyId,
  sector: () => other.sectorId,
  position: () => foreign.positionId,
  user: () => other.employeeId,
  evaluation: () => other.evaluationId,
  doneEvaluation: () => foreign.doneEvaluationId,
  course: () => foreign.courseId,
  usercourse: () => foreign.usercourseId,
  cycle: () => foreign.cycleId,
} as const;
type Kind = keyof typeof kinds;

interface Entry {
  method: Method;
  /** The URL with its path parameters about the demo company. */
  url?: () => string;
  /** Without a session (public calls); the default is the company user's token. */
  token?: 'none';
  /** A valid body about the demo company, built fresh for each request. */
  body(): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Every id-like field of the body schema (paths as `users[].user_id`, `target_ids[]`): the kind of id and the outcome. */
  ids: Record<string, [Kind, Outcome]>;
}

const A = () => demo.companyId;
const employee = (index = 0) => demo.employees[index]!.id;
const own360 = () => ({ user_id: employee(0), type_evaluation: 13, validate: 5 });

const entries: Record<string, Entry> = {
  'POST /api/users': {
    method: 'POST',
    body: () => ({ name: 'Novo Corpo', email: `${unique('novo')}@demo.com.br`, phone: '11987654321', company_id: A(), type_account: 3, sector_id: demo.sectors[0]!.id, position_id: own.positionId }),
    ids: { company_id: ['company', 'refused'], sector_id: ['sector', 'refused'], position_id: ['position', 'refused'] },
  },
  'PATCH /api/users/update': {
    method: 'PATCH',
    body: async () => ({ id: await freshEmployee(), name: 'Editada', email: `${unique('editada')}@demo.com.br`, phone: '11987654321', status: true, sector_ids: [demo.sectors[0]!.id], position_id: own.positionId }),
    ids: { id: ['user', 'refused'], 'sector_ids[]': ['sector', 'refused'], position_id: ['position', 'refused'] },
  },
  'POST /api/relationusers': {
    method: 'POST',
    body: async () => ({ user_id: await freshEmployee(), position_id: own.positionId, sector_id: demo.sectors[1]!.id }),
    ids: { user_id: ['user', 'refused'], position_id: ['position', 'refused'], sector_id: ['sector', 'refused'] },
  },
  // The user's own profile: another id is no one the company user may edit.
  'PATCH /api/users/updateprofile': {
    method: 'PATCH',
    body: () => ({ id: own.companyUserId, name: 'Empresa Demo', email: 'empresa@teste.avalia', phone: '11987654321' }),
    ids: { id: ['user', 'forbidden'] },
  },
  'POST /api/users/different-companies/evaluation': {
    method: 'POST',
    body: () => ({ sector_ids: [demo.sectors[0]!.id], course_ids: [own.courseId], company_ids: [A()], allSectors: false, type_evaluation: 13 }),
    ids: { 'sector_ids[]': ['sector', 'refused'], 'course_ids[]': ['course', 'refused'], 'company_ids[]': ['company', 'refused'] },
  },
  'PATCH /api/companies': {
    method: 'PATCH',
    body: () => ({ id: A(), commercial_name: 'Empresa Demonstração', company_name: 'Empresa Demonstração Ltda', cnpj: '11222333000181' }),
    ids: { id: ['company', 'forbidden'] },
  },
  'PATCH /api/sectors/{companyId}': {
    method: 'PATCH',
    url: () => `/api/sectors/${A()}`,
    body: async () => {
      const [sector] = await t.db.insert(sectors).values({ companyId: A(), sectorName: unique('Setor') }).returning();
      return { sectors: [{ id: sector!.id, sector_name: unique('Renomeado') }] };
    },
    ids: { 'sectors[].id': ['sector', 'refused'] },
  },
  'POST /api/sectors/different-companies': { method: 'POST', body: () => ({ company_ids: [A()] }), ids: { 'company_ids[]': ['company', 'refused'] } },
  'PATCH /api/positions/{companyId}': {
    method: 'PATCH',
    url: () => `/api/positions/${A()}`,
    body: async () => {
      const [position] = await t.db.insert(positions).values({ companyId: A(), positionName: unique('Cargo') }).returning();
      return { positions: [{ id: position!.id, position_name: unique('Renomeado') }] };
    },
    ids: { 'positions[].id': ['position', 'refused'] },
  },
  'POST /api/courses': { method: 'POST', body: () => ({ name: unique('Curso'), company_id: A() }), ids: { company_id: ['company', 'forbidden'] } },
  'POST /api/usercourses': {
    method: 'POST',
    body: async () => ({ userId: await freshEmployee(), courseId: own.courseId }),
    ids: { userId: ['user', 'forbidden'], courseId: ['course', 'forbidden'] },
  },
  'POST /api/evaluation': {
    method: 'POST',
    body: () => ({ users: [{ ...own360(), usercourse_id: own.usercourseId, rated_sector: demo.sectors[0]!.id }] }),
    ids: {
      'users[].user_id': ['user', 'refused'],
      'users[].evaluated': ['user', 'refused'],
      'users[].usercourse_id': ['usercourse', 'refused'],
      'users[].rated_sector': ['sector', 'refused'],
      cycle_id: ['cycle', 'refused'],
    },
  },
  // An administrator's call: the company user is refused whatever ids it names.
  // Publishing a risk inventory is an administrator's call: the company user is refused whatever the round.
  'POST /api/risk/{companyId}/inventories': {
    method: 'POST',
    url: () => `/api/risk/${A()}/inventories`,
    body: () => ({ type: 18, responsible_name: 'Dra. Corpo', responsible_registration: 'CRP 06/00002' }),
    ids: { cycle_id: ['cycle', 'forbidden'] },
  },
  'POST /api/risk/{companyId}/inventories/preview': {
    method: 'POST',
    url: () => `/api/risk/${A()}/inventories/preview`,
    body: () => ({ type: 18, responsible_name: 'Dra. Corpo', responsible_registration: 'CRP 06/00002' }),
    ids: { cycle_id: ['cycle', 'forbidden'] },
  },
  // The action plan's measures are written by administrators only: the company user is refused whatever ids it names.
  'POST /api/risk/{companyId}/measures': {
    method: 'POST',
    url: () => `/api/risk/${A()}/measures`,
    body: () => ({ type: 18, factor: 'demands', group_kind: 'sector', group_id: demo.sectors[0]!.id, description: 'Pausas programadas.', owner_id: employee(0), due_on: '2027-01-15', effectiveness_check: 'Nova rodada.', effectiveness_on: '2027-03-01' }),
    ids: { group_id: ['sector', 'forbidden'], owner_id: ['user', 'forbidden'], cycle_id: ['cycle', 'forbidden'] },
  },
  // Exposure groups are written by administrators only: the company user is refused whatever sectors and positions it names.
  'POST /api/risk/{companyId}/exposure-groups': {
    method: 'POST',
    url: () => `/api/risk/${A()}/exposure-groups`,
    body: () => ({ name: unique('Grupo'), sector_ids: [demo.sectors[0]!.id], position_ids: [own.positionId] }),
    ids: { 'sector_ids[]': ['sector', 'forbidden'], 'position_ids[]': ['position', 'forbidden'] },
  },
  'PATCH /api/risk/exposure-groups/{id}': {
    method: 'PATCH',
    url: () => '/api/risk/exposure-groups/1',
    body: () => ({ sector_ids: [demo.sectors[0]!.id], position_ids: [own.positionId] }),
    ids: { 'sector_ids[]': ['sector', 'forbidden'], 'position_ids[]': ['position', 'forbidden'] },
  },
  'PATCH /api/risk/measures/{id}': {
    method: 'PATCH',
    url: () => '/api/risk/measures/1',
    body: () => ({ group_kind: 'sector', group_id: demo.sectors[0]!.id }),
    ids: { group_id: ['sector', 'forbidden'], owner_id: ['user', 'forbidden'], cycle_id: ['cycle', 'forbidden'] },
  },
  'POST /api/cycles': { method: 'POST', body: () => ({ company_id: A(), name: unique('Ciclo') }), ids: { company_id: ['company', 'forbidden'], course_id: ['course', 'forbidden'] } },
  'PATCH /api/evaluation': {
    method: 'PATCH',
    body: async () => ({ evaluations: [{ evaluation_id: await freshEvaluation(), validate: 5 }] }),
    ids: { 'evaluations[].evaluation_id': ['evaluation', 'refused'] },
  },
  'POST /api/evaluation/find': {
    method: 'POST',
    body: () => ({ user_id: employee(0), company_id: A(), course_id: own.courseId }),
    ids: { user_id: ['user', 'refused'], company_id: ['company', 'refused'], course_id: ['course', 'refused'] },
  },
  'POST /api/tableresponse/report/email': {
    method: 'POST',
    body: () => ({ evaluation_type: 3, target_ids: [own.doneEvaluationId] }),
    ids: { 'target_ids[]': ['doneEvaluation', 'refused'] },
  },
  // The respondent's call (no session): the ids must be those of the evaluation it names.
  'POST /api/tableresponse/multiple': {
    method: 'POST',
    token: 'none',
    body: async () => ({
      evaluation_id: await freshEvaluation({ ratedSector: demo.sectors[0]!.id }),
      evaluator_user_id: employee(0),
      rated_user_id: employee(0),
      rated_sector_id: demo.sectors[0]!.id,
      type_evaluation: 13,
      questions: Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: '2' })),
    }),
    ids: { evaluator_user_id: ['user', 'refused'], rated_user_id: ['user', 'refused'], evaluation_id: ['evaluation', 'refused'], rated_sector_id: ['sector', 'refused'] },
  },
  'PUT /api/tableresponse/multiple': {
    method: 'PUT',
    body: () => ({ type_evaluation: '11', evaluator_user_id: employee(3), rated_user_id: employee(4), questions: [{ question: '1.grade', response: '7.5' }] }),
    ids: { evaluator_user_id: ['user', 'forbidden'], rated_user_id: ['user', 'forbidden'], evaluation_id: ['evaluation', 'forbidden'] },
  },
  'POST /api/tableresponse/evaluations': {
    method: 'POST',
    body: () => ({ type_evaluation: 3, company_id: A(), sector_id: demo.sectors[0]!.id, evaluations: [own.doneEvaluationId] }),
    ids: { 'evaluations[]': ['doneEvaluation', 'silent'], company_id: ['company', 'refused'], sector_id: ['sector', 'refused'] },
  },
  ...Object.fromEntries(
    (['data', 'report'] as const).map((what) => [
      `POST /api/dashboards/{id}/${what}`,
      {
        method: 'POST',
        url: () => `/api/dashboards/13/${what}`,
        body: () => ({ company_id: A() }),
        ids: {
          company_id: ['company', 'refused'],
          course_id: ['course', 'forbidden'],
          cycle_id: ['cycle', 'refused'],
          compare_cycle_id: ['cycle', 'refused'],
          sector_id: ['sector', 'refused'],
          colleague_id: ['user', 'refused'],
          evaluated_id: ['user', 'refused'],
          evaluator_id: ['user', 'refused'],
          alignment_id: ['evaluation', 'refused'],
        },
      } satisfies Entry,
    ]),
  ),
  'POST /api/dashboards/{id}/exports/{index}': {
    method: 'POST',
    url: () => '/api/dashboards/-1/exports/1',
    body: () => ({ company_id: A() }),
    ids: {
      company_id: ['company', 'refused'],
      course_id: ['course', 'forbidden'],
      cycle_id: ['cycle', 'refused'],
      compare_cycle_id: ['cycle', 'refused'],
      sector_id: ['sector', 'refused'],
      colleague_id: ['user', 'refused'],
      evaluated_id: ['user', 'refused'],
      evaluator_id: ['user', 'refused'],
      alignment_id: ['evaluation', 'refused'],
    },
  },
  'POST /api/tableresponse/report/download': {
    method: 'POST',
    body: () => ({ evaluation_type: -1, target_ids: [employee(0)] }),
    // company_ids and selected_ids are accepted and ignored (README, "Reports and e-mails").
    ids: { 'target_ids[]': ['user', 'refused'], 'company_ids[]': ['company', 'silent'], 'selected_ids[]': ['user', 'silent'] },
  },
  'POST /api/evaluation/report': {
    method: 'POST',
    body: () => ({ user_id: employee(0), type_evaluation: '-1', evaluation_id: own.doneEvaluationId }),
    ids: { user_id: ['user', 'refused'], evaluation_id: ['doneEvaluation', 'refused'] },
  },
  ...Object.fromEntries(
    ['cloud', 'alpha/consolidated', 'comunicacao/consolidated', 'motivacional/consolidated', 'temperamentos/consolidated'].map((path) => [
      `POST /api/tableresponse/${path}`,
      { method: 'POST', body: () => ({ evaluations: [own.doneEvaluationId] }), ids: { 'evaluations[]': ['doneEvaluation', 'silent'] } } satisfies Entry,
    ]),
  ),
  'POST /api/tableresponse/scanner/consolidated': { method: 'POST', body: () => ({ user_ids: [employee(0)] }), ids: { 'user_ids[]': ['user', 'silent'] } },
  'POST /api/evaluation/scanner/respondents': {
    method: 'POST',
    body: () => ({ sector_ids: [demo.sectors[0]!.id], course_ids: [own.courseId], company_ids: [A()] }),
    ids: { 'sector_ids[]': ['sector', 'silent'], 'course_ids[]': ['course', 'silent'], 'company_ids[]': ['company', 'silent'] },
  },
  'PATCH /api/users/data': {
    method: 'PATCH',
    body: async () => {
      const [sector] = await t.db.insert(sectors).values({ companyId: A(), sectorName: unique('Setor') }).returning();
      const [position] = await t.db.insert(positions).values({ companyId: A(), positionName: unique('Cargo') }).returning();
      return {
        company_id: A(),
        sectors: [{ id: sector!.id, sector_name: sector!.sectorName }],
        positions: [{ id: position!.id, position_name: position!.positionName }],
        users: [{ id: await freshEmployee(), name: 'Pessoa Corpo', email: `${unique('dados')}@demo.com.br`, phone: '11987654321', sector: sector!.sectorName, position: position!.positionName }],
      };
    },
    // Existing rows are read-only in this call, their ids ignored (README, the registration link): nothing is written.
    ids: { company_id: ['company', 'refused'], 'sectors[].id': ['sector', 'silent'], 'positions[].id': ['position', 'silent'], 'users[].id': ['user', 'silent'] },
  },
};

/** A field name that carries an id (or a list of ids). */
const ID_NAME = /(^|_)ids?$|Ids?$|^evaluations$|^evaluated$|^rated$|_sector$/;

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
}

/** Whether a schema (or any of its alternatives) is an object or a list of objects. */
function holdsObjects(schema: Schema): boolean {
  const types = [schema.type ?? []].flat();
  if (types.includes('object') || schema.properties) return true;
  if (schema.items) return holdsObjects(schema.items);
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(holdsObjects);
}

/** The paths of the id-like scalar fields (or lists of them) of a body schema. */
function idFields(schema: Schema | undefined, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) found.push(...idFields(alternative, path));
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const at = path ? `${path}.${name}` : name;
    if (ID_NAME.test(name) && !holdsObjects(field)) found.push(field.items || [field.type].flat().includes('array') ? `${at}[]` : at);
    found.push(...idFields(field, at));
  }
  if (schema.items) found.push(...idFields(schema.items, `${path}[]`));
  return [...new Set(found)];
}

/** Sets the field at `path` (as `idFields` names it) to `value` in every item along the way. */
function put(body: Record<string, unknown>, path: string, value: number | string): void {
  const [head, ...rest] = path.split('.');
  const list = head!.endsWith('[]');
  const name = list ? head!.slice(0, -2) : head!;
  if (rest.length === 0) {
    body[name] = list ? [value] : value;
    return;
  }
  const target = body[name];
  if (list) {
    const items = Array.isArray(target) && target.length > 0 ? (target as Record<string, unknown>[]) : [{}];
    for (const item of items) put(item, rest.join('.'), value);
    body[name] = items;
  } else {
    const item = (target as Record<string, unknown> | undefined) ?? {};
    put(item, rest.join('.'), value);
    body[name] = item;
  }
}

/** The routes of the OpenAPI document whose JSON body has id-like fields, with those fields. */
async function documentedIdFields(): Promise<Map<string, string[]>> {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  };
  const routes = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const fields = idFields(operation.requestBody?.content?.['application/json']?.schema).sort();
      if (fields.length > 0) routes.set(`${method.toUpperCase()} ${path}`, fields);
    }
  }
  return routes;
}

/** Strings of the other company the company user must never receive. */
const otherSecrets = ['Outra Empresa', 'Pedro Outra', 'pedro@outra.com.br', 'Cargo da Outra', 'Curso da Outra'];

describe('the other company id in every id field of every body', () => {
  it('has an entry for every route whose body carries an id, naming every id field of its schema', async () => {
    const documented = await documentedIdFields();
    const listed = Object.fromEntries(Object.entries(entries).map(([route, entry]) => [route, Object.keys(entry.ids).sort()]));
    expect(listed).toEqual(Object.fromEntries(documented));
  });

  // A test a route (31 of them, about 75 fields): each is short, whatever the machine's load.
  it.each(Object.entries(entries))('is refused (404 or 400) with nothing written, or left out of a documented read: %s', async (route, entry) => {
    const failures: string[] = [];
    const url = entry.url?.() ?? route.slice(route.indexOf(' ') + 1);
    const token = entry.token === 'none' ? null : companyToken;
    // The example itself is valid, so that a refusal below is the id's and not the body's.
    // (A route that is not the company user's answers it 403 whatever the body: nothing to prove there.)
    if (!Object.values(entry.ids).every(([, outcome]) => outcome === 'forbidden')) {
      const valid = await call(entry.method, url, token, await entry.body());
      if (valid.statusCode >= 300) failures.push(`${route} (its valid example): ${valid.statusCode} ${valid.body.slice(0, 200)}`);
    }
    for (const [path, [kind, outcome]] of Object.entries(entry.ids)) {
      const body = await entry.body();
      put(body, path, kinds[kind]());
      const before = await rowCounts();
      const response = await call(entry.method, url, token, body);
      const after = await rowCounts();
      const label = `${route} ${path}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      const status = response.statusCode;
      if (outcome === 'refused' && status !== 404 && status !== 400) failures.push(`${label} (expected 404 or 400)`);
      if (outcome === 'forbidden' && status !== 403) failures.push(`${label} (expected 403)`);
      if (outcome === 'silent' && (status < 200 || status >= 300)) failures.push(`${label} (expected 2xx)`);
      // A documented read may record its export in the audit log (the ids it left out are not in it).
      const changed = Object.keys(after).filter((table) => after[table] !== before[table] && !(outcome === 'silent' && table === 'public.audit_log'));
      if (changed.length > 0) {
        failures.push(`${label}: rows written in ${changed.join(', ')}`);
      }
      const text = response.headers['content-type']?.toString().includes('json') ? response.body : '';
      for (const secret of otherSecrets) if (text.includes(secret)) failures.push(`${label}: answered "${secret}"`);
    }
    expect(failures).toEqual([]);
  });
});
