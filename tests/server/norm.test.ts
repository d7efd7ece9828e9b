import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, evaluations, responses, users } from '../../apps/server/src/db/schema.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The norm (issue 26): where a company's PSS-14 mean stands among the consultancy's other client
 * companies, from their means alone. Every number is computed by hand.
 *
 * A PSS-14 answered with every plain item p and every reversed item r totals 7p + 7(4 − r).
 *   Alvo (the company looked at): 3 people, 28 each → 28.
 *   Six others, 20 people each, every person alike: 14, 21, 28, 35, 42, 49 → 120 people.
 *   Pequena: 2 people (under its own minimum of 3): never in the norm.
 *   Versão 2: 20 people who answered a version 2.0 of the questionnaire: another scoring, never pooled.
 * Sorted, the others' means are 14, 21, 28, 35, 42, 49:
 *   the median is between the 3rd and 4th, (28 + 35) / 2 = 31,5;
 *   the top quartile is at position (6 − 1) × 0,75 = 3,75: 35 + 0,75 × 7 = 40,25;
 *   Alvo's 28: 2 under it and 1 equal → (2 + 0,5) / 6 = 41,67%.
 * With the 49 excluded by an administrator: 14, 21, 28, 35, 42 (5 companies, 100 people) → median 28,
 * top quartile at 4 × 0,75 = 3 → 35, percentile (2 + 0,5) / 5 = 50%. With the 42 excluded too, 4
 * companies: no norm, and the note says why.
 */

const estresse = JSON.parse(readFileSync(new URL('../../definitions/questionnaires/estresse.json', import.meta.url), 'utf8')) as { pages: { questions: { id: string; reverse?: boolean }[] }[] };
const QUESTIONS = estresse.pages.flatMap((page) => page.questions);
const TOO_SMALL = 'A norma ainda não reúne 5 outras empresas e 100 respondentes desta versão do questionário.';
const ids = { alvo: 0, top: 0, second: 0 };

/** A valid CNPJ from 12 digits (its two check digits computed). */
function cnpj(base: string): string {
  const digit = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = [...digits].reduce((sum, char, index) => sum + Number(char) * weights[index]!, 0) % 11;
    return rest < 2 ? '0' : String(11 - rest);
  };
  const first = base + digit(base);
  return first + digit(first);
}

/** A company made through the API (so an administrator can edit it), with `people` who all total 7p + 7(4 − r). */
async function company(name: string, people: number, p: number, r: number, number: number, version = '1.0'): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: bearer(adminToken),
    payload: { commercial_name: name, company_name: `${name} Ltda.`, cnpj: cnpj(`${String(number).padStart(8, '0')}0001`) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().company.id as number;
  expect(created.json().company.norm_excluded).toBe(false);
  const made = await t.db
    .insert(users)
    .values(Array.from({ length: people }, (_, index) => ({ name: `${name} ${index + 1}`, email: `p${index}@c${number}.norma.test`, typeAccount: 3, companyId: id })))
    .returning({ id: users.id });
  const done = await t.db
    .insert(evaluations)
    .values(made.map((user) => ({ userId: user.id, rated: user.id, typeEvaluation: 13, done: true, companyId: id, definitionVersion: version })))
    .returning({ id: evaluations.id });
  await t.db.insert(responses).values(done.flatMap((evaluation) => QUESTIONS.map((question) => ({ evaluationId: evaluation.id, question: question.id, response: String(question.reverse ? r : p) }))));
  return id;
}

async function norm(token = adminToken, companyId = ids.alvo): Promise<Row> {
  const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/13/data', headers: bearer(token), payload: { company_id: companyId } });
  expect(response.statusCode, response.body).toBe(200);
  const rows = (response.json() as DashboardData).datasets.norm!.rows;
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const fields = (row: Row) => ({
  value: row.value,
  companies: row.normCompanies,
  respondents: row.normRespondents,
  median: row.normMedian,
  top: row.normTop,
  percentile: typeof row.normPercentile === 'number' ? Math.round(row.normPercentile * 100) / 100 : row.normPercentile,
  note: row.normNote,
});

async function exclude(id: number, name: string, number: number): Promise<void> {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/companies',
    headers: bearer(adminToken),
    payload: { id, commercial_name: name, company_name: `${name} Ltda.`, cnpj: cnpj(`${String(number).padStart(8, '0')}0001`), norm_excluded: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().company.norm_excluded).toBe(true);
}

beforeAll(async () => {
  ids.alvo = await company('Alvo', 3, 2, 2, 70001);
  await company('Norma 14', 20, 0, 2, 70002);
  await company('Norma 21', 20, 1, 2, 70003);
  await company('Norma 28', 20, 2, 2, 70004);
  await company('Norma 35', 20, 3, 2, 70005);
  ids.second = await company('Norma 42', 20, 4, 2, 70006);
  ids.top = await company('Norma 49', 20, 4, 1, 70007);
  await company('Pequena', 2, 4, 0, 70008);
  await company('Versão 2', 20, 0, 4, 70009, '2.0');
});

describe('the norm of the PSS-14', () => {
  it("places the company's mean among the other companies' means: percentile, median, top quartile", async () => {
    expect(fields(await norm())).toEqual({ value: 28, companies: 6, respondents: 120, median: 31.5, top: 40.25, percentile: 41.67, note: null });
  });

  it('leaves out a company an administrator excludes, and says when too few remain', async () => {
    await exclude(ids.top, 'Norma 49', 70007);
    expect(fields(await norm())).toEqual({ value: 28, companies: 5, respondents: 100, median: 28, top: 35, percentile: 50, note: null });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.target, `company:${ids.top}`), eq(auditLog.action, 'company.update')));
    expect(audit.map((entry) => entry.details)).toEqual([{ norm_excluded: true }]);
    await exclude(ids.second, 'Norma 42', 70006);
    expect(fields(await norm())).toEqual({ value: 28, companies: null, respondents: null, median: null, top: null, percentile: null, note: TOO_SMALL });
    // Back in: the norm holds again.
    await t.db.update(companies).set({ normExcluded: false }).where(eq(companies.id, ids.second));
    expect(fields(await norm()).companies).toBe(5);
  });

  it('never names another company, and a company user only ever sees its own company placed', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/13/data', headers: bearer(adminToken), payload: { company_id: ids.alvo } });
    expect(response.body).not.toMatch(/Norma \d\d|Pequena|Versão 2/);
    const own = await t.app.inject({ method: 'POST', url: '/api/dashboards/13/data', headers: bearer(companyToken), payload: { company_id: ids.alvo } });
    expect(own.statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/companies', headers: bearer(companyToken), payload: { id: ids.alvo, norm_excluded: true } });
    expect(refused.statusCode).toBe(403);
  });
});
