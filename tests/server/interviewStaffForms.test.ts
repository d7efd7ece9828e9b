/**
 * Staff forms are found in the loaded definitions, not by a type in code: a throwaway second staff form
 * (type 99, the interview's blocks with its own title, statuses and finished status) is served by the
 * same routes with no code of its own, and the paths without a type refuse to start when they cannot
 * tell which form they serve. The routes run on a bare Fastify with the app's auth and error handler,
 * so two staff forms can be loaded side by side (the whole app refuses to start with two: the report's
 * calls without a type serve the one staff form).
 */
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluations } from '../../apps/server/src/db/schema.ts';
import { loadDefinitions, type Definitions } from '../../apps/server/src/definitions.ts';
import { authPlugin } from '../../apps/server/src/plugins/auth.ts';
import { errorHandler } from '../../apps/server/src/plugins/errorHandler.ts';
import { staffFormRoutes } from '../../apps/server/src/routes/staffForms.ts';
import { staffFormsOf, theOneStaffForm } from '../../apps/server/src/staffForms.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { interviewQuestionnaire } from '../staffForms.ts';
import { bearer, testJwtSecret } from './testApp.ts';
import { adminToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

/** A second staff form the code has never seen: type 99, its own title, statuses and finished status. */
function exitInterview(): QuestionnaireDefinition {
  const definition = structuredClone(interviewQuestionnaire);
  definition.type = 99;
  definition.title = 'Entrevista de desligamento';
  definition.staff = {
    ...definition.staff!,
    reportTitle: 'Desligamento',
    statuses: [
      { key: 'draft', label: 'Rascunho' },
      { key: 'done', label: 'Concluída' },
    ],
    finishedStatus: 'done',
  };
  return definition;
}

/** The loaded definitions with the throwaway form added (`keepInterview`) or in the interview's place. */
function definitionsWith(keepInterview: boolean): Definitions {
  const loaded = loadDefinitions();
  const questionnaires = new Map(loaded.questionnaires);
  if (!keepInterview) questionnaires.delete(11);
  questionnaires.set(99, exitInterview());
  const types = new Map(loaded.types).set(99, { type: 99, name: 'Entrevista de desligamento', definition: 'desligamento' });
  return { ...loaded, types, questionnaires };
}

let bare: FastifyInstance;
let rated: number;
let evaluator: number;

/** A Fastify with the app's error handler, auth and database, and the staff forms' routes of these definitions (not yet ready). */
function bareApp(definitions: Definitions): FastifyInstance {
  // Registered in order when the app loads; not awaited here (a Fastify instance is itself a thenable).
  const app = Fastify();
  void app.register(errorHandler);
  void app.register(authPlugin, { secret: testJwtSecret });
  app.decorate('db', t.db);
  app.decorate('definitions', definitions);
  void app.register(staffFormRoutes, { prefix: '/api' });
  return app;
}

beforeAll(async () => {
  [rated, evaluator] = demo.employees.slice(0, 2).map((employee) => employee.id) as [number, number];
  await t.db.insert(evaluations).values({ userId: evaluator, rated, typeEvaluation: 99, expireAt: null });
  bare = bareApp(definitionsWith(false));
  await bare.ready();
});

afterAll(async () => {
  await bare?.close();
});

function call(method: 'GET' | 'PUT', url: string, payload?: object) {
  return bare.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
}

describe('the staff forms of the loaded definitions', () => {
  it('are the questionnaires with staff, whatever their type', () => {
    expect(staffFormsOf(definitionsWith(true)).map((form) => [form.type, form.model.finishedStatus])).toEqual([
      [11, 'finished'],
      [99, 'done'],
    ]);
    expect(staffFormsOf(loadDefinitions()).map((form) => form.type)).toEqual([11]);
  });

  it('refuse to start when the paths without a type have several forms or none to serve', async () => {
    const paths = '/interview/answers/:ratedId/:evaluatorUserId, /interview/evaluators/rated/:ratedId, /interview/evaluators/company/:companyId';
    expect(() => theOneStaffForm([], ['/a/:id', '/b'])).toThrow('Os caminhos sem tipo (/a/:id, /b) servem um único formulário da equipe (questionário com a seção staff), e as definições carregadas têm 0: nenhum.');
    const both = bareApp(definitionsWith(true));
    await expect(both.ready()).rejects.toThrow(
      `Os caminhos sem tipo (${paths}) servem um único formulário da equipe (questionário com a seção staff), e as definições carregadas têm 2: 11 (Avaliação 360 por entrevista), 99 (Entrevista de desligamento).`,
    );
    await both.close().catch(() => undefined);
  });
});

describe('a second staff form, with no code of its own', () => {
  it('saves by the type in the body, its own finished status marking the evaluation done', async () => {
    const body = { type_evaluation: '99', evaluator_user_id: evaluator, rated_user_id: rated, questions: [{ question: '1.grade', response: '8,5' }, { question: 'status', response: 'done' }] };
    const saved = await call('PUT', '/api/tableresponse/multiple', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Avaliação salva com sucesso!' });
    const [row] = await t.db.select().from(evaluations).where(eq(evaluations.typeEvaluation, 99));
    expect(row!.done).toBe(true);

    const interviewStatus = await call('PUT', '/api/tableresponse/multiple', { ...body, questions: [{ question: 'status', response: 'finished' }] });
    expect(interviewStatus.statusCode).toBe(400);
    expect(interviewStatus.json().message).toBe("Status da entrevista inválido: 'finished'. Use draft ou done.");
    const interviewType = await call('PUT', '/api/tableresponse/multiple', { ...body, type_evaluation: '11' });
    expect(interviewType.statusCode).toBe(400);
    expect(interviewType.json().message).toBe('A avaliação por entrevista é do tipo 99; foi enviado o tipo 11.');
  });

  it('answers its saved form, its evaluators with its labels and its rated people at its own type', async () => {
    const answers = (await call('GET', `/api/interview/answers/${rated}/${evaluator}`)).json() as { status: string; answers: { question: string; response: string }[] };
    expect(answers.status).toBe('done');
    expect(answers.answers).toContainEqual({ question: '1.grade', response: '8.5' });
    const rows = (await call('GET', `/api/interview/evaluators/rated/${rated}`)).json() as { evaluator_id: number; status: string }[];
    expect(rows.map((row) => [row.evaluator_id, row.status])).toEqual([[evaluator, 'Concluída']]);
    const listed = await call('GET', `/api/tableresponse/respondents/${demo.companyId}/99`);
    expect(listed.json()).toEqual([{ id: rated, name: demo.employees[0]!.name }]);
    expect((await call('GET', `/api/tableresponse/respondents/${demo.companyId}/11`)).statusCode).toBe(404);
  });
});
