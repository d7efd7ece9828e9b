/**
 * A view never mixes client companies unless asked to (issue 22, defect 9): an administrator's data,
 * report and export calls on a view with the company filter name a company, a course or
 * `all_companies: true`, else they answer 400 in Portuguese; 'Todas as empresas' is the first choice
 * of the company filter; a company user is kept to its company whatever it sends.
 */
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, courses, evaluations, responses } from '../../apps/server/src/db/schema.ts';
import type { DashboardData } from '../../engine/definition/dashboard.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld({ seed: { demoResults: true } });

const CHOOSE = 'Escolha a empresa, um curso ou "Todas as empresas": um painel não mistura empresas clientes sem que isso seja pedido.';

async function post(url: string, payload: object, token = adminToken) {
  return t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}
async function options(id: number, filter: string, query = '', token = adminToken) {
  const answer = await t.app.inject({ method: 'GET', url: `/api/dashboards/${id}/options/${filter}${query}`, headers: bearer(token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { options: { value: number | string; label: string }[] }).options;
}
const respondents = async (payload: object, token = adminToken) => {
  const answer = await post('/api/dashboards/13/data', payload, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as DashboardData).respondents;
};

/** One answered PSS-14 of the second company (its only one), so that pooling shows. */
async function answerInOtherCompany() {
  const [row] = await t.db.insert(evaluations).values({ userId: other.employeeId, rated: other.employeeId, typeEvaluation: 13, done: true }).returning();
  await t.db.insert(responses).values(Array.from({ length: 14 }, (_, index) => ({ evaluationId: row!.id, question: String(index + 1), response: '2' })));
}

describe('an administrator who chose nothing', () => {
  it('gets a 400 saying what to choose from the data, report and export calls', async () => {
    for (const [url, payload] of [
      ['/api/dashboards/13/data', {}],
      ['/api/dashboards/16/data', {}],
      ['/api/dashboards/13/report', {}],
      ['/api/dashboards/-1/exports/1', {}],
      ['/api/dashboards/13/data', { all_companies: false }],
    ] as const) {
      const answer = await post(url, payload);
      expect(answer.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(answer.json().message).toBe(CHOOSE);
    }
    // A null body is nothing chosen too.
    const none = await t.app.inject({ method: 'POST', url: '/api/dashboards/8/data', headers: { ...bearer(adminToken), 'content-type': 'application/json' }, payload: 'null' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(CHOOSE);
  });

  it('is refused a malformed all_companies', async () => {
    const answer = await post('/api/dashboards/13/data', { all_companies: 'talvez' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^Requisição inválida/);
  });
});

describe('an explicit choice', () => {
  it('of every company pools them: the respondents of each company added up', async () => {
    await answerInOtherCompany();
    const demoOnly = await respondents({ company_id: demo.companyId });
    const otherOnly = await respondents({ company_id: other.companyId });
    // The second company has exactly the one answered PSS-14 stored above.
    expect(otherOnly).toBe(1);
    expect(demoOnly).toBeGreaterThan(0);
    expect(await respondents({ all_companies: true })).toBe(demoOnly + 1);
    // A company chosen beside it wins: one company.
    expect(await respondents({ company_id: demo.companyId, all_companies: true })).toBe(demoOnly);
  });

  it('of a course is a choice (a course may gather several companies)', async () => {
    const [course] = await t.db.insert(courses).values({ name: 'Curso Sem Ninguém' }).returning();
    expect(await respondents({ course_id: course!.id })).toBe(0);
  });

  it('gives the report and the export of every company', async () => {
    const report = await post('/api/dashboards/13/report', { all_companies: true });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    const exported = await post('/api/dashboards/-1/exports/1', { all_companies: true });
    expect(exported.statusCode, exported.body).toBe(200);
    // The export log says every company was asked for.
    const [logged] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'report.export'), eq(auditLog.target, 'dashboard:-1'))).orderBy(desc(auditLog.id)).limit(1);
    expect(logged!.details).toEqual({ view: '-1', index: 1, filters: { all_companies: true } });
  });
});

describe('a company user', () => {
  it('is unaffected: its company without asking, and all_companies does not widen it', async () => {
    const own = await respondents({ company_id: demo.companyId });
    expect(await respondents({}, companyToken)).toBe(own);
    expect(await respondents({ all_companies: true }, companyToken)).toBe(own);
    const report = await post('/api/dashboards/13/report', {}, companyToken);
    expect(report.statusCode, report.body).toBe(200);
  });
});

describe('the company filter', () => {
  it("offers an administrator 'Todas as empresas' first, then each company; a company user only its own", async () => {
    expect(await options(13, 'company')).toEqual([
      { value: 'all', label: 'Todas as empresas' },
      { value: demo.companyId, label: 'Empresa Demonstração' },
      { value: other.companyId, label: 'Outra Empresa' },
    ]);
    expect(await options(13, 'company', '', companyToken)).toEqual([{ value: demo.companyId, label: 'Empresa Demonstração' }]);
  });

  it('narrows the lower filters to every company when every company is chosen', async () => {
    // Someone of the second company who answered the view's questionnaire (Alpha).
    await t.db.insert(evaluations).values({ userId: other.employeeId, rated: other.employeeId, typeEvaluation: 3, done: true });
    const everyone = (await options(3, 'colleague', '?all_companies=true')).map((option) => option.label);
    expect(everyone).toContain('Pedro Outra');
    expect(everyone).toEqual(expect.arrayContaining(demo.employees.map((employee) => employee.name)));
    const mine = (await options(3, 'colleague', '?all_companies=true', companyToken)).map((option) => option.label);
    expect(mine).not.toContain('Pedro Outra');
  });
});
