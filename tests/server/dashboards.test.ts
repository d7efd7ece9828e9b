/**
 * The dashboards' generic calls (`POST /api/dashboards/{id}/data`, `GET /api/dashboards/{id}/options/{filter}`)
 * over the demo company with its sample answers (`DEMO_RESULTS`): every dashboard of results.md has
 * numbers on a first start, a company user is kept to its company whatever it sends, bad input is a
 * 4xx in Portuguese, and the PSS-14 respondents table comes a page at a time. The numbers themselves
 * are checked against hand-computed goldens in dashboardGolden.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { dashboardOfType } from '../../apps/server/src/results/dashboards.ts';
import type { DashboardData } from '../../engine/definition/dashboard.ts';
import { jsonFiles } from '../definitions/load.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld({ seed: { demoResults: true } });

const dashboards = (jsonFiles('dashboards') as { json: { id: number; datasets: Record<string, { query?: string }> } }[]).map(({ json }) => json);
const dashboardIds = dashboards.map((dashboard) => dashboard.id).sort((a, b) => a - b);

async function data(id: number | string, payload: object, token = adminToken) {
  return t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/data`, headers: bearer(token), payload });
}
async function options(id: number, filter: string, query = '', token = adminToken) {
  return t.app.inject({ method: 'GET', url: `/api/dashboards/${id}/options/${filter}${query}`, headers: bearer(token) });
}
const rowsOf = (body: DashboardData, name: string) => body.datasets[name]?.rows ?? [];

/** The filters that open a dashboard on the demo's sample answers (its required choice made). */
async function demoFilters(id: number): Promise<Record<string, number | string>> {
  const chosen: Record<string, number | string> = { company_id: demo.companyId };
  for (const filter of ['evaluated', 'version', 'colleague', 'alignment']) {
    const query = `?${new URLSearchParams(Object.entries(chosen).map(([key, value]) => [key, String(value)])).toString()}`;
    const answer = await options(id, filter, query);
    if (answer.statusCode === 404) continue;
    expect(answer.statusCode, `${id} ${filter}`).toBe(200);
    const first = (answer.json() as { options: { value: number | string }[] }).options[0];
    if (first) chosen[filter === 'version' ? 'version' : `${filter}_id`] = first.value;
  }
  return chosen;
}

describe('every dashboard on the demo answers', () => {
  it('lists the sixteen views of results.md, the 360-by-interview report (administration.md 5), the participation (issue 26) and the psychosocial risks (issue 27)', () => {
    expect(dashboardIds).toEqual([-3, -2, -1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18]);
  });

  // The interview is filled by staff and has no sample answers (demoResults.ts): its numbers are its golden fixture's.
  it.each(dashboardIds.filter((id) => id !== 11))('dashboard %i has rows in every dataset once its filters are chosen', async (id) => {
    const answer = await data(id, await demoFilters(id));
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as DashboardData;
    expect(body.respondents).toBeGreaterThan(0);
    // Free-text questions are optional: the sample answers leave some unanswered.
    const texts = new Set(Object.entries(dashboards.find((dashboard) => dashboard.id === id)!.datasets).filter(([, dataset]) => dataset.query === 'texts').map(([name]) => name));
    const empty = Object.entries(body.datasets).filter(([name, dataset]) => dataset.rows.length === 0 && !texts.has(name)).map(([name]) => name);
    expect(empty, `empty datasets of /dash/${id}`).toEqual([]);
  });
});

describe('the view of a type (the report e-mail links to it)', () => {
  it('is the dashboard of the same id, else the first one reading the type', () => {
    const viewOf = (type: number) => dashboardOfType(t.app.definitions, type)?.id;
    // results.md 2.1: 13 is the PSS-14; the self-evaluation 360 (1) is read by view 2, the manager's alignment (17) by 15.
    expect([13, 3, 1, 17, 7, 11, 30].map(viewOf)).toEqual([13, 3, 2, 15, 7, 11, undefined]);
  });
});

describe('company users', () => {
  it('get their own company without asking, the numbers the administrator gets for it, and another company does not exist for them', async () => {
    const mine = await data(13, {}, companyToken);
    const admin = await data(13, { company_id: demo.companyId });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(admin.json());
    expect((mine.json() as DashboardData).respondents).toBeGreaterThan(0);
    const foreign = await data(13, { company_id: other.companyId }, companyToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`Empresa ${other.companyId} não encontrada.`);
  });

  it('do not see another company answered data, nor its people in the filters', async () => {
    // One answered PSS-14 of the other company: in the administrator's totals, never in the company user's.
    const [row] = await t.db.insert(evaluations).values({ userId: other.employeeId, rated: other.employeeId, typeEvaluation: 13, done: true }).returning();
    await t.db.insert(responses).values(Array.from({ length: 14 }, (_, index) => ({ evaluationId: row!.id, question: String(index + 1), response: '4' })));
    const all = (await data(13, { all_companies: true })).json() as DashboardData;
    const demoOnly = (await data(13, { company_id: demo.companyId })).json() as DashboardData;
    const mine = (await data(13, {}, companyToken)).json() as DashboardData;
    expect(all.respondents).toBe(demoOnly.respondents + 1);
    expect(mine.respondents).toBe(demoOnly.respondents);
    expect(rowsOf(mine, 'respondents').map((entry) => entry.name)).not.toContain('Pedro Outra');
    const people = (await options(3, 'colleague', '', companyToken)).json() as { options: { label: string }[] };
    expect(people.options.map((option) => option.label)).not.toContain('Pedro Outra');
    const companies = (await options(3, 'company', '', companyToken)).json() as { options: { label: string }[] };
    expect(companies.options.map((option) => option.label)).toEqual(['Empresa Demonstração']);
  });

  it('are refused a person, sector or course of another company with a Portuguese message', async () => {
    const person = await data(3, { colleague_id: other.employeeId }, companyToken);
    expect(person.statusCode).toBe(404);
    expect(person.json().message).toBe(`Pessoa ${other.employeeId} não encontrada.`);
    const sector = await data(13, { sector_id: other.sectorId }, companyToken);
    expect(sector.statusCode).toBe(404);
    expect(sector.json().message).toBe(`Setor ${other.sectorId} não encontrado.`);
    const course = await data(13, { course_id: 1 }, companyToken);
    expect(course.statusCode).toBe(403);
    expect(course.json().message).toBe('Apenas a equipe da consultoria filtra por curso.');
  });
});

describe('bad input', () => {
  it('answers 404 for an unknown dashboard or filter and 400 for malformed filters, in Portuguese', async () => {
    const unknown = await data(99, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Painel 99 não encontrado.');
    expect((await data('abc', {})).statusCode).toBe(404);
    const filter = await options(13, 'evaluated');
    expect(filter.statusCode).toBe(404);
    expect(filter.json().message).toBe('Este painel não tem o filtro evaluated.');
    for (const payload of [{ company_id: 'x' }, { company_id: -1 }, { sector_id: 1.5 }, { pages: { respondents: -1 } }, { alignment_id: 'not-a-uuid' }]) {
      const answer = await data(13, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toMatch(/^Requisição inválida/);
    }
    const missing = await data(13, { company_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Empresa 999999 não encontrada.');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/dashboards/13/data', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the filters', () => {
  it('offer the 360 evaluated people, then their versions, each narrowed by the choice above', async () => {
    const evaluated = (await options(2, 'evaluated', `?company_id=${demo.companyId}`)).json() as { options: { value: number; label: string }[] };
    // The demo 360 evaluates its second employee (the sample answers' rule).
    expect(evaluated.options).toEqual([{ value: demo.employees[1]!.id, label: demo.employees[1]!.name }]);
    const versions = (await options(2, 'version', `?company_id=${demo.companyId}&evaluated_id=${demo.employees[1]!.id}`)).json() as { options: { value: number; label: string }[] };
    expect(versions.options.map((option) => option.value)).toEqual([1]);
    expect(versions.options[0]!.label).toMatch(/^\d{2}\/\d{2}\/\d{4} \(versão 1\)$/);
    const none = (await options(2, 'version', `?company_id=${demo.companyId}`)).json() as { options: unknown[] };
    expect(none.options).toEqual([]);
  });

  it('keep a view that needs a choice empty until it is made', async () => {
    const answer = (await data(2, { company_id: demo.companyId })).json() as DashboardData;
    expect(answer).toEqual({ respondents: 0, datasets: {} });
  });
});

describe('per-person rows', () => {
  it('come a page at a time in the PSS-14 table, oldest first, with the total', async () => {
    // 150 more answered PSS-14s: the table's 100 rows, then the rest on the second page.
    const employee = demo.employees[2]!;
    const inserted = await t.db
      .insert(evaluations)
      .values(Array.from({ length: 150 }, (_, index) => ({ userId: employee.id, rated: employee.id, typeEvaluation: 13, done: true, createdAt: new Date(Date.UTC(2030, 0, 1, 0, index)) })))
      .returning({ id: evaluations.id });
    await t.db.insert(responses).values(inserted.flatMap((row) => Array.from({ length: 14 }, (_, index) => ({ evaluationId: row.id, question: String(index + 1), response: '0' }))));
    const first = (await data(13, { company_id: demo.companyId })).json() as DashboardData;
    const total = first.datasets.respondents!.total!;
    expect(first.respondents).toBe(total);
    expect(first.datasets.respondents!.rows).toHaveLength(100);
    expect(first.datasets.respondents!.page).toBe(0);
    const last = (await data(13, { company_id: demo.companyId, pages: { respondents: Math.floor((total - 1) / 100) } })).json() as DashboardData;
    expect(last.datasets.respondents!.rows).toHaveLength(total % 100 || 100);
    // The newest evaluation is the last row of the last page.
    expect(last.datasets.respondents!.rows.at(-1)!.evaluation).toBe(inserted.at(-1)!.id);
  });
});
