/**
 * Every stored answer counted once, and no percentage above 100, on answers as people really leave
 * them (issue 22): a 360 evaluator who ticked 'Não sei avaliar' and statements of the same competency,
 * area maps answered by people whose evaluation also names someone else, a person's self-evaluations
 * of several rounds. The expected numbers are computed by hand in each test from results.md section 5
 * and the README's rules ('não sei' is exclusive; a round shows its own self-evaluation).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

const fixture = (name: string) => JSON.parse(readFileSync(join(process.cwd(), `definitions/fixtures/${name}.json`), 'utf8')).cases[0].responses as Record<string, string | string[]>;

let sequence = 0;
async function person(name: string, sector?: number): Promise<number> {
  sequence += 1;
  const [row] = await t.db.insert(users).values({ name, email: `contagem.${sequence}@contagem.test`, typeAccount: 3, companyId: demo.companyId }).returning({ id: users.id });
  if (sector !== undefined) await t.db.insert(userSectors).values({ userId: row!.id, sectorId: sector });
  return row!.id;
}

async function data(id: number, body: Record<string, unknown>, token = adminToken): Promise<DashboardData> {
  const response = await t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/data`, headers: bearer(token), payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
}

const day = (date: number) => new Date(Date.UTC(2026, 10, date, 12));
const common = (date: number) => ({ done: true, createdAt: day(date), expireAt: day(date + 20) });

/** Every number field named like a percentage, in every dataset. */
function percentages(answer: DashboardData): { dataset: string; field: string; value: number }[] {
  return Object.entries(answer.datasets).flatMap(([dataset, { rows }]) =>
    rows.flatMap((row) =>
      Object.entries(row)
        .filter(([field, value]) => typeof value === 'number' && /percent|^positive$|^negative$|^neutral$/.test(field))
        .map(([field, value]) => ({ dataset, field, value: value as number })),
    ),
  );
}

describe("the 360 (dashboard 2): 'Não sei avaliar' stands alone", () => {
  let rated = 0;
  const view = () => ({ company_id: demo.companyId, evaluated_id: rated, version: 3 });
  const answers = fixture('question360new');

  beforeAll(async () => {
    rated = await person('Delegada Avaliada');
    const evaluators = await Promise.all(['Um', 'Dois', 'Três', 'Quatro'].map((name) => person(`Avaliador ${name}`)));
    // Delegação (question 4): three evaluators ticked 'Não sei avaliar' and all six positive statements
    // too (stored before the form made the option exclusive); the fourth ticked four positives.
    const mixed = ['4.1', '4.3', '4.4', '4.7', '4.9', '4.12', '4.13'];
    for (const [index, evaluator] of evaluators.entries()) {
      const delegation = index < 3 ? mixed : ['4.1', '4.3', '4.4', '4.7'];
      await insertEvaluation({ ...common(10), typeEvaluation: 2, version: 3, userId: evaluator, rated }, { ...answers, '4': delegation, '11': `Comentário ${index}` });
    }
  }, 60000);

  it("counts an answer holding 'Não sei avaliar' as 'não sei' only, so no percentage exceeds 100", async () => {
    const answer = await data(2, view());
    const byType = answer.datasets.byType!.rows.filter((row) => row.question === '4' && row.self === false);
    // 4 evaluators, 3 'não sei': neutral 3/4 = 75%; positives: the fourth's 4 ticks over 6 × (4 − 3) = 66%.
    expect(Object.fromEntries(byType.map((row) => [row.tag, [row.count, row.percent]]))).toEqual({ positive: [4, 66], negative: [0, 0], neutral: [3, 75] });
    const statements = answer.datasets.statements!.rows.filter((row) => row.question === '4' && row.self === false);
    // Each statement over the one evaluator who had an opinion: ticked 100%, not ticked 0%.
    const ticked = Object.fromEntries(statements.map((row) => [row.option, row.percent]));
    expect(ticked).toMatchObject({ 1: 100, 3: 100, 4: 100, 7: 100, 9: 0, 12: 0, 13: 75 });
    const consolidated = answer.datasets.consolidated!.rows.find((row) => row.question === '4') as Row;
    expect([consolidated.positive, consolidated.neutral, consolidated.strength]).toEqual([66, 75, 'Muito Bom']);
    for (const found of percentages(answer)) expect(found.value, `${found.dataset}.${found.field}`).toBeLessThanOrEqual(100);
  });

  it('refuses a submission that ticks it with statements, in Portuguese, and stores nothing', async () => {
    const [evaluator, ratedEmployee] = demo.employees;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/evaluation',
      headers: bearer(adminToken),
      payload: { users: [{ user_id: evaluator!.id, type_evaluation: 2, validate: 10, evaluated: ratedEmployee!.id, version: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().evaluations[0].evaluation_id as string;
    const questions = Object.entries({ ...answers, '4': ['4.1', '4.13'] }).flatMap(([question, response]) => (Array.isArray(response) ? response : [response]).map((one) => ({ question, response: one })));
    const body = { evaluator_user_id: evaluator!.id, rated_user_id: ratedEmployee!.id, type_evaluation: 2, evaluation_id: id, version: 1, questions };
    const refused = await t.app.inject({ method: 'POST', url: '/api/tableresponse/multiple', payload: body });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('Na questão 4, "Não sei avaliar" não pode ser marcada junto com outras opções.');
    const stored = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${id}` });
    expect(stored.json().done).toBe(false);
  });
});

describe('the 360 (dashboard 2): a round shows its own self-evaluation, once', () => {
  let rated = 0;
  const self = fixture('question360autonew');
  const others = fixture('question360new');

  beforeAll(async () => {
    rated = await person('Bruno Rodadas');
    const evaluators = await Promise.all(['A', 'B', 'C'].map((name) => person(`Avaliador da rodada ${name}`)));
    // Round 1 begins on the 1st, round 2 on the 10th; self-evaluations carry no round of their own
    // (the 2nd and its retake on the 3rd; the 11th), except one given round 1 explicitly on the 12th.
    for (const evaluator of evaluators) await insertEvaluation({ ...common(1), typeEvaluation: 2, version: 1, userId: evaluator, rated }, { ...others, '11': 'Avaliador, rodada 1' });
    await insertEvaluation({ ...common(2), typeEvaluation: 1, userId: rated, rated }, { ...self, '11': 'Autoavaliação do dia 2' });
    await insertEvaluation({ ...common(3), typeEvaluation: 1, userId: rated, rated }, { ...self, '11': 'Autoavaliação do dia 3' });
    for (const evaluator of evaluators) await insertEvaluation({ ...common(10), typeEvaluation: 2, version: 2, userId: evaluator, rated }, { ...others, '11': 'Avaliador, rodada 2' });
    await insertEvaluation({ ...common(11), typeEvaluation: 1, userId: rated, rated }, { ...self, '11': 'Autoavaliação do dia 11' });
  }, 60000);

  const texts = (answer: DashboardData) => answer.datasets.open!.rows.filter((row) => row.question === '11').map((row) => `${row.role}: ${row.text}`).sort();
  const count = async (version: number) => (await t.app.inject({ method: 'GET', url: `/api/tableresponse/count/360/${rated}/${version}`, headers: bearer(adminToken) })).json().count as number;

  it('counts in each round its evaluators and the latest self-evaluation made in it', async () => {
    const first = await data(2, { company_id: demo.companyId, evaluated_id: rated, version: 1 });
    expect(texts(first)).toEqual(['Autoavaliação: Autoavaliação do dia 3', 'Avaliadores: Avaliador, rodada 1', 'Avaliadores: Avaliador, rodada 1', 'Avaliadores: Avaliador, rodada 1']);
    expect(first.respondents).toBe(4);
    expect(new Set(first.datasets.statements!.rows.map((row) => `${row.role} ${row.respondents}`))).toEqual(new Set(['Autoavaliação 1', 'Avaliadores 3']));
    expect(await count(1)).toBe(4);

    const second = await data(2, { company_id: demo.companyId, evaluated_id: rated, version: 2 });
    expect(texts(second)).toEqual(['Autoavaliação: Autoavaliação do dia 11', 'Avaliadores: Avaliador, rodada 2', 'Avaliadores: Avaliador, rodada 2', 'Avaliadores: Avaliador, rodada 2']);
    expect(second.respondents).toBe(4);
    expect(await count(2)).toBe(4);
  });

  it('takes a self-evaluation given a round for that round, the latest one counting', async () => {
    await insertEvaluation({ ...common(12), typeEvaluation: 1, version: 1, userId: rated, rated }, { ...self, '11': 'Autoavaliação do dia 12, rodada 1' });
    const first = await data(2, { company_id: demo.companyId, evaluated_id: rated, version: 1 });
    expect(texts(first).filter((text) => text.startsWith('Autoavaliação'))).toEqual(['Autoavaliação: Autoavaliação do dia 12, rodada 1']);
    expect(first.respondents).toBe(4);
    const second = await data(2, { company_id: demo.companyId, evaluated_id: rated, version: 2 });
    expect(texts(second).filter((text) => text.startsWith('Autoavaliação'))).toEqual(['Autoavaliação: Autoavaliação do dia 11']);
  });
});

describe('area maps (dashboards 8 and 10): every answer drawn once', () => {
  let sector = 0;

  beforeAll(async () => {
    const [created] = await t.db.insert(sectors).values({ companyId: demo.companyId, sectorName: 'Contagem Mapas' }).returning();
    sector = created!.id;
    const manager = await person('Gestora do Setor', sector);
    const respondents = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => person(`Respondente ${name}`, sector)));
    for (const [type, slug] of [[8, 'mapaoperacionaldaareanew'], [10, 'mapataticonew']] as const) {
      const answers = fixture(slug);
      for (const [index, respondent] of respondents.entries()) {
        // Two of the five evaluations also name the sector's manager as the person rated.
        const rated = index < 2 ? manager : respondent;
        await insertEvaluation({ ...common(5 + index), typeEvaluation: type, userId: respondent, rated, ratedSector: sector }, answers);
      }
    }
  }, 60000);

  it.each([8, 10])('dashboard %i: one row per statement and level, the levels adding up to every respondent', async (id) => {
    for (const token of [adminToken, companyToken]) {
      const answer = await data(id, { company_id: demo.companyId, sector_id: sector }, token);
      const likert = answer.datasets.likert!.rows;
      const byQuestion = new Map<string, Row[]>();
      for (const row of likert) byQuestion.set(String(row.question), [...(byQuestion.get(String(row.question)) ?? []), row]);
      expect(byQuestion.size).toBeGreaterThan(0);
      for (const [question, rows] of byQuestion) {
        // Five levels, each once; five answers in all (one per respondent); percentages adding up to
        // 100 less what truncation drops (under 1 per level).
        expect(rows.map((row) => row.option).sort(), question).toEqual([...new Set(rows.map((row) => row.option))].sort());
        expect(rows.reduce((sum, row) => sum + Number(row.count), 0), question).toBe(5);
        const total = rows.reduce((sum, row) => sum + Number(row.percent), 0);
        expect(total, question).toBeGreaterThan(100 - rows.length);
        expect(total, question).toBeLessThanOrEqual(100);
      }
    }
  });
});
