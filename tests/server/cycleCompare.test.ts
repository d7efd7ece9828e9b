import { beforeAll, describe, expect, it } from 'vitest';
import { companies, cycles, users } from '../../apps/server/src/db/schema.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * Comparing rounds on an anonymous view (psychological safety, dashboard 16; issue 26): the general
 * mean per round, the change from the previous round or from the one chosen in 'Comparar com', the
 * note on few respondents, and each round under the anonymity minimum, as the sectors of a heatmap.
 * Every number is counted by hand.
 *
 * Oficina Horizonte (minimum 3). Each person answers so that every statement scores v.
 *   2024       (opened 01/09/2024)  Ana 2, Bia 2, Caio 2          mean 2,0  n 3
 *   2025/1     (01/03/2025)         Ana 3, Bia 3, Caio 3          mean 3,0  n 3
 *   2025/2     (01/09/2025)         Ana 4, Bia 4                  n 2: under the minimum
 *   2026/1     (01/03/2026)         Ana 4, Bia 5, Caio 3, Davi 4  mean 4,0  n 4
 * 'Todos os ciclos' pools the 12 answers. With 2025/2 hidden, the pool less 2024, 2025/1 and 2026/1
 * would be 2025/2's two answers: the smallest of those three is hidden too (2024 and 2025/1 have 3
 * each: the later, 2025/1). Then the pool less 2024 and 2026/1 is 5 people's answers: nothing more.
 */

const UNDER = 'Oculto: menos de 3 respondentes neste ciclo, para preservar o anonimato.';
const COMPLEMENT = 'Oculto: com este ciclo à vista, um ciclo de menos de 3 respondentes poderia ser deduzido dos outros e de "Todos os ciclos".';
const FEW = 'Poucos respondentes (menos de 10) num dos ciclos: a mudança pode ser acaso.';
const round = { r2024: 0, r2025a: 0, r2025b: 0, r2026: 0 };
let company = 0;

const scoring = (v: number) => Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((id) => [id, String(['1', '3', '5'].includes(id) ? 6 - v : v)]));

beforeAll(async () => {
  const [row] = await t.db.insert(companies).values({ commercialName: 'Oficina Horizonte', companyName: 'Horizonte Serviços Ltda.' }).returning();
  company = row!.id;
  const people: Record<string, number> = {};
  for (const name of ['Ana', 'Bia', 'Caio', 'Davi']) {
    const [user] = await t.db.insert(users).values({ name, email: `${name.toLowerCase()}@horizonte.test`, typeAccount: 3, companyId: company }).returning({ id: users.id });
    people[name] = user!.id;
  }
  const rounds: [keyof typeof round, string, string, [string, number][]][] = [
    ['r2024', 'Clima 2024', '2024-09-01', [['Ana', 2], ['Bia', 2], ['Caio', 2]]],
    ['r2025a', 'Clima 2025/1', '2025-03-01', [['Ana', 3], ['Bia', 3], ['Caio', 3]]],
    ['r2025b', 'Clima 2025/2', '2025-09-01', [['Ana', 4], ['Bia', 4]]],
    ['r2026', 'Clima 2026/1', '2026-03-01', [['Ana', 4], ['Bia', 5], ['Caio', 3], ['Davi', 4]]],
  ];
  for (const [key, name, opensOn, answers] of rounds) {
    const [made] = await t.db.insert(cycles).values({ companyId: company, name, types: [16], opensOn }).returning();
    round[key] = made!.id;
    for (const [person, v] of answers) {
      await insertEvaluation({ userId: people[person]!, rated: people[person]!, typeEvaluation: 16, done: true, companyId: company, cycleId: made!.id }, scoring(v));
    }
  }
});

async function data(payload: object, token = adminToken): Promise<DashboardData> {
  const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/16/data', headers: bearer(token), payload: { company_id: company, ...payload } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
}

/** The general mean's rows per round: name, value (one decimal), n, why hidden. */
const line = (rows: Row[]) =>
  rows.filter((row) => row.score === 'media').map((row) => [row.cycle, row.value === null ? null : Math.round(Number(row.value) * 10) / 10, row.respondents, row.withheld]);
/** The change table's general row: round, value, change (one decimal), note. */
const general = (rows: Row[]) =>
  rows.filter((row) => row.score === 'media').map((row) => [row.cycle, row.value, row.change === null ? null : Math.round(Number(row.change) * 10) / 10, row.note]);

describe('comparing rounds of an anonymous view', () => {
  it('draws the rounds up to the chosen one, each under the minimum and its complement hidden, saying why', async () => {
    const body = await data({ cycle_id: round.r2026 });
    expect(line(body.datasets.byCycle!.rows)).toEqual([
      ['Clima 2024', 2, 3, null],
      ['Clima 2025/1', null, 3, COMPLEMENT],
      ['Clima 2025/2', null, 2, UNDER],
      ['Clima 2026/1', 4, 4, null],
    ]);
    // The chosen round's own numbers are shown: 4,0 of 4 people.
    expect(body.datasets.overall!.rows.map((row) => [row.value, row.respondents])).toEqual([[4, 4]]);
    // The change from the previous round (hidden) cannot be computed; 4 people is few.
    expect(general(body.datasets.cycleChange!.rows)).toEqual([['Clima 2026/1', 4, null, FEW]]);
    // No hidden round's number leaves the server in any row.
    for (const row of body.datasets.byCycle!.rows.filter((one) => one.withheld !== null)) expect([row.value, row.band]).toEqual([null, null]);
  });

  it("compares the chosen round with the one chosen in 'Comparar com': 2,0 → 4,0 is +2,0, with the note", async () => {
    const body = await data({ cycle_id: round.r2026, compare_cycle_id: round.r2024 });
    expect(line(body.datasets.byCycle!.rows)).toEqual([
      ['Clima 2024', 2, 3, null],
      ['Clima 2026/1', 4, 4, null],
    ]);
    expect(general(body.datasets.cycleChange!.rows)).toEqual([['Clima 2026/1', 4, 2, FEW]]);
    // Every statement scored as the mean here, so each changed by +2,0 too.
    expect(body.datasets.cycleChange!.rows.map((row) => Math.round(Number(row.change) * 10) / 10)).toEqual(new Array(8).fill(2));
  });

  it('withholds a chosen round the rules hide, whichever way it is asked for', async () => {
    for (const [chosen, reason] of [
      [round.r2025a, COMPLEMENT],
      [round.r2025b, 'Para preservar o anonimato, as respostas deste grupo só aparecem a partir de 3 respondentes. Respondentes até agora: 2.'],
    ] as const) {
      const body = await data({ cycle_id: chosen });
      expect(body.datasets.overall!.rows).toEqual([]);
      expect(body.datasets.statements!.rows).toEqual([]);
      expect(body.datasets.bySector!.rows).toEqual([]);
      expect(body.withheld?.map((group) => group.message)).toContain(reason);
      const pdf = await t.app.inject({ method: 'POST', url: '/api/dashboards/16/report', headers: bearer(adminToken), payload: { company_id: company, cycle_id: chosen } });
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(reason.replace(/\s+/g, ' '));
      expect(text).not.toMatch(/Segurança psicológica da equipe: \w+ \(/);
    }
    // Over every round, the pool itself is shown (12 answers), and the hidden rounds stay hidden.
    const all = await data({});
    expect(all.datasets.overall!.rows.map((row) => row.respondents)).toEqual([12]);
    expect(line(all.datasets.byCycle!.rows).map((row) => row[3])).toEqual([null, COMPLEMENT, UNDER, null]);
  });

  it("offers, to compare with, the earlier rounds with answers, newest first", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/dashboards/16/options/compare?company_id=${company}&cycle_id=${round.r2026}`, headers: bearer(adminToken) });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { options: { label: string }[] }).options.map((option) => option.label)).toEqual(['Clima 2025/2', 'Clima 2025/1', 'Clima 2024']);
    const first = await t.app.inject({ method: 'GET', url: `/api/dashboards/16/options/compare?company_id=${company}&cycle_id=${round.r2024}`, headers: bearer(adminToken) });
    expect((first.json() as { options: unknown[] }).options).toEqual([]);
  });

  it("keeps another company's user from its rounds", async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/16/data', headers: bearer(companyToken), payload: { cycle_id: round.r2026, compare_cycle_id: round.r2024 } });
    expect(response.statusCode).toBe(404);
  });
});
