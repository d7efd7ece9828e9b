import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../engine/definition/dashboard.ts';
import { format, messages } from '../../engine/messages.ts';
import { demoAnswers, demoProfile } from '../../engine/answers/demo.ts';
import { encodeAnswers } from '../../engine/answers/encoding.ts';
import { seededRandom, seedOf } from '../../engine/random.ts';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The dashboards' Ciclo filter (issue 26): a view's numbers of one round, its choices the company's
 * rounds with answers newest first, then 'Todos os ciclos'. A person who answered in two rounds counts
 * in each round with that round's answer; the PSS-14 view counts every answered evaluation, so over all
 * rounds both of that person's count (a view of a person's latest answer counts one per round: the
 * profiles' test below). The PSS-14 totals are computed by hand (a reverse item scores 4 − value).
 */

const definition = JSON.parse(readFileSync(new URL('../../definitions/questionnaires/estresse.json', import.meta.url), 'utf8')) as {
  pages: { questions: { id: string; reverse?: boolean }[] }[];
};
const questions = definition.pages.flatMap((page) => page.questions);
const reversed = questions.filter((question) => question.reverse).map((question) => question.id);

/** All answers 2 (every item scores 2: total 28), item 1 (not reversed) set to `first`: total 26 + first. */
const answersWith = (first: number) => questions.map((question, index) => ({ question: question.id, response: String(index === 0 ? first : 2) }));

const employee = (index: number) => demo.employees[index]!.id;
const cycle = { a: 0, b: 0 };
const alphaCycle = { a: 0, b: 0 };

/** A new round of `type` for employees, each answering with the given wire items; the round's id. */
async function round(name: string, answers: [number, { question: string; response: string }[]][], type = 13): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/evaluation',
    headers: bearer(adminToken),
    payload: { cycle_name: name, users: answers.map(([index]) => ({ user_id: employee(index), type_evaluation: type, validate: 10 })) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const made = created.json().evaluations as { evaluation_id: string; user_id: number; cycle_id: number }[];
  for (const [index, items] of answers) {
    const evaluation = made.find((row) => row.user_id === employee(index))!;
    const body = { evaluator_user_id: evaluation.user_id, rated_user_id: evaluation.user_id, type_evaluation: type, evaluation_id: evaluation.evaluation_id, rated_sector_id: null, version: 1, questions: items };
    const sent = await t.app.inject({ method: 'POST', url: '/api/tableresponse/multiple', payload: body });
    expect(sent.statusCode, sent.body).toBe(201);
  }
  return made[0]!.cycle_id;
}

async function data(payload: object, token = adminToken, view = 13): Promise<DashboardData> {
  const response = await t.app.inject({ method: 'POST', url: `/api/dashboards/${view}/data`, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
}

/** The mean PSS-14 total of a view's answer, and the names of its respondents. */
function read(body: DashboardData) {
  const total = body.datasets.summary!.rows.find((row) => row.score === 'total')!;
  return { respondents: body.respondents, mean: Number(total.value), people: body.datasets.respondents!.rows.map((row) => row.name).sort() };
}

beforeAll(async () => {
  // The test's assumption about the questionnaire: item 1 is scored as answered.
  expect(reversed).not.toContain(questions[0]!.id);
  // Round A: employees 0 (total 30) and 1 (28). Round B: employee 0 again (26) and employee 2 (30).
  cycle.a = await round('Estresse 2026 – 1º semestre', [
    [0, answersWith(4)],
    [1, answersWith(2)],
  ]);
  cycle.b = await round('Estresse 2026 – 2º semestre', [
    [0, answersWith(0)],
    [2, answersWith(4)],
  ]);
  // Alpha (a view of each person's latest answer): employees 0 and 1 in round A, employee 0 again in B.
  const alpha = loadDefinitions().questionnaires.get(3)!;
  const sample = (person: string) =>
    encodeAnswers(alpha, demoAnswers(alpha, { profile: demoProfile(7, person), random: seededRandom(seedOf(person)), comments: {}, seed: 7, taken: new Map() }));
  alphaCycle.a = await round('Alpha A', [
    [0, sample('a0')],
    [1, sample('a1')],
  ], 3);
  alphaCycle.b = await round('Alpha B', [[0, sample('b0')]], 3);
});

describe('the Ciclo filter', () => {
  it("narrows a view to one round, each person's answer of that round counted", async () => {
    const names = (...indexes: number[]) => indexes.map((index) => demo.employees[index]!.name).sort();
    expect(read(await data({ company_id: demo.companyId, cycle_id: cycle.a }))).toEqual({ respondents: 2, mean: 29, people: names(0, 1) });
    expect(read(await data({ company_id: demo.companyId, cycle_id: cycle.b }))).toEqual({ respondents: 2, mean: 28, people: names(0, 2) });
    // Over every round ('Todos os ciclos'): every answered evaluation, employee 0's two (30, 28, 26, 30).
    expect(read(await data({ company_id: demo.companyId }))).toEqual({ respondents: 4, mean: 28.5, people: [...names(0, 1, 2), demo.employees[0]!.name].sort() });
  });

  it("draws a score's line across the company's rounds up to the chosen one, each with its own answers (byCycle)", async () => {
    const line = (body: DashboardData) =>
      body.datasets.byCycle!.rows.filter((row) => row.score === 'total').map((row) => [row.cycle, row.cycleOrder, row.value, row.respondents]);
    // Round A: 30 and 28 → 29; round B: 26 and 30 → 28; oldest first: from B (or all rounds) both, from A its own.
    const expected = [
      ['Estresse 2026 – 1º semestre', 1, 29, 2],
      ['Estresse 2026 – 2º semestre', 2, 28, 2],
    ];
    expect(line(await data({ company_id: demo.companyId, cycle_id: cycle.b }))).toEqual(expected);
    expect(line(await data({ company_id: demo.companyId, cycle_id: cycle.a }))).toEqual(expected.slice(0, 1));
    expect(line(await data({ company_id: demo.companyId }))).toEqual(expected);
    // A company user reads its own company's rounds only (the other company's never join the line).
    expect(line(await data({ cycle_id: cycle.b }, companyToken))).toEqual(expected);
    // The change from one round to the next: 29 → 28 is −1 (the first round has none).
    const changes = (await data({ company_id: demo.companyId, cycle_id: cycle.b })).datasets.cycleChange!.rows.map((row) => [row.cycle, row.value, row.change]);
    expect(changes).toEqual([
      ['Estresse 2026 – 1º semestre', 29, null],
      ['Estresse 2026 – 2º semestre', 28, -1],
    ]);
  });

  it("counts, on a view of each person's latest answer, the person's answer of the chosen round though they answered again later", async () => {
    const names = (...indexes: number[]) => indexes.map((index) => demo.employees[index]!.name).sort();
    const people = (body: DashboardData) => body.datasets.people!.rows.map((row) => row.name as string).sort();
    const inA = await data({ company_id: demo.companyId, cycle_id: alphaCycle.a }, adminToken, 3);
    expect([inA.respondents, people(inA)]).toEqual([2, names(0, 1)]);
    const inB = await data({ company_id: demo.companyId, cycle_id: alphaCycle.b }, adminToken, 3);
    expect([inB.respondents, people(inB)]).toEqual([1, names(0)]);
    // Over every round: each person once, with the latest answer.
    const all = await data({ company_id: demo.companyId }, adminToken, 3);
    expect([all.respondents, people(all)]).toEqual([2, names(0, 1)]);
  });

  it("offers the company's rounds with answers of the view, newest first, then 'Todos os ciclos'", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/dashboards/13/options/cycle?company_id=${demo.companyId}`, headers: bearer(companyToken) });
    expect(response.statusCode, response.body).toBe(200);
    const offered = (response.json() as { options: { value: number | string; label: string }[] }).options;
    expect(offered).toEqual([
      { value: cycle.b, label: 'Estresse 2026 – 2º semestre' },
      { value: cycle.a, label: 'Estresse 2026 – 1º semestre' },
      { value: 'all', label: messages.dashboard.allCycles },
    ]);
    // Another view offers the rounds with answers of its own questionnaire only.
    const alpha = await t.app.inject({ method: 'GET', url: `/api/dashboards/3/options/cycle?company_id=${demo.companyId}`, headers: bearer(adminToken) });
    expect((alpha.json() as { options: { label: string }[] }).options.map((option) => option.label)).toEqual(['Alpha B', 'Alpha A', messages.dashboard.allCycles]);
  });

  it("answers 404 for another company's round, to a company user and on a company the round is not of", async () => {
    const foreign = await t.app.inject({ method: 'POST', url: '/api/cycles', headers: bearer(adminToken), payload: { company_id: other.companyId, name: 'Da outra' } });
    const foreignId = (foreign.json() as { cycle: { id: number } }).cycle.id;
    const message = { message: format(messages.api.cycleNotFound, { id: foreignId }) };
    for (const token of [companyToken, adminToken]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/13/data', headers: bearer(token), payload: { company_id: demo.companyId, cycle_id: foreignId } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(message);
    }
    // On a view without the filter (the 360), a company user's foreign round is still refused.
    const unused = await t.app.inject({ method: 'POST', url: '/api/dashboards/2/data', headers: bearer(companyToken), payload: { cycle_id: foreignId } });
    expect(unused.statusCode).toBe(404);
  });
});
