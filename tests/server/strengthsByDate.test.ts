import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { companies, users } from '../../apps/server/src/db/schema.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { optionsOf } from '../../engine/definition/questions.ts';
import { wireOf } from '../../engine/scoring/scoringKey.ts';
import type { OptionQuestion } from '../../engine/definition/questions.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The 360's strengths by date (dashboard 2, issue 26: the competencies across rounds): each round of
 * the person up to the chosen one, its evaluators' share of positive behaviours per competency, a round
 * of fewer evaluators than the minimum hidden. Counted by hand:
 *
 * Construtora Horizonte (minimum 3), Rita evaluated. In 'Responsabilidade' (question 1, six positive
 * behaviours), each evaluator ticks some positive ones and no 'Não sei avaliar', so the share is the
 * positive ticks over 6 per evaluator, truncated:
 *   Round 1 (10/03/2025): Ana 6, Bia 3, Caio 3, Davi 0 (two negative ones)  12 / 24 = 50%  'Bom'
 *   Round 2 (10/09/2025): Eva 6, Fábio 6                                     2 evaluators: hidden
 *   Round 3 (10/03/2026): Ana 6, Bia 6, Caio 3                               15 / 18 = 83,3 → 83%  'Excelente'
 * Rita's self-evaluations (one in each of the first two rounds, ticking every positive behaviour) are
 * never among the evaluators' numbers, nor counted as evaluators.
 */

const HIDDEN = 'Oculto: menos de 3 avaliadores nesta data, para preservar o anonimato.';
const ROUNDS = ['10/03/2025 (versão 1)', '10/09/2025 (versão 2)', '10/03/2026 (versão 3)'];
const question = loadDefinitions().questionnaires.get(2)!.pages[0]!.questions[0] as OptionQuestion;
const definition = loadDefinitions().questionnaires.get(2)!;
const options = optionsOf(definition, question);
const positive = options.filter((option) => option.tags?.includes('positive')).map((option) => wireOf(question, option));
const negative = options.filter((option) => option.tags?.includes('negative')).map((option) => wireOf(question, option));
let company = 0;
let rita = 0;

beforeAll(async () => {
  expect(positive).toHaveLength(6);
  const [row] = await t.db.insert(companies).values({ commercialName: 'Construtora Horizonte', companyName: 'Horizonte Engenharia Ltda.' }).returning();
  company = row!.id;
  const person = async (name: string) =>
    (await t.db.insert(users).values({ name, email: `${name.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}@horizonte.test`, typeAccount: 3, companyId: company }).returning({ id: users.id }))[0]!.id;
  rita = await person('Rita');
  const people = Object.fromEntries(await Promise.all(['Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Fábio'].map(async (name) => [name, await person(name)] as const)));
  const rounds: [number, string, [string, string[]][]][] = [
    [1, '2025-03-10T15:00:00Z', [['Ana', positive], ['Bia', positive.slice(0, 3)], ['Caio', positive.slice(3)], ['Davi', negative.slice(0, 2)]]],
    [2, '2025-09-10T15:00:00Z', [['Eva', positive], ['Fábio', positive]]],
    [3, '2026-03-10T15:00:00Z', [['Ana', positive], ['Bia', positive], ['Caio', positive.slice(0, 3)]]],
  ];
  for (const [version, at, answers] of rounds) {
    const createdAt = new Date(at);
    for (const [name, ticked] of answers) {
      await insertEvaluation({ userId: people[name]!, rated: rita, typeEvaluation: 2, version, done: true, companyId: company, createdAt }, { '1': ticked });
    }
    // The self-evaluation (without a version: it belongs to the round current when made), a day later.
    if (version < 3) await insertEvaluation({ userId: rita, rated: rita, typeEvaluation: 1, done: true, companyId: company, createdAt: new Date(createdAt.getTime() + 86_400_000) }, { '1': positive });
  }
});

const filters = (version: number) => ({ company_id: company, evaluated_id: rita, version });

async function data(version: number, token = adminToken) {
  return t.app.inject({ method: 'POST', url: '/api/dashboards/2/data', headers: bearer(token), payload: filters(version) });
}

/** The heatmap's cells of 'Responsabilidade': round, share, band, evaluators, why hidden. */
const responsibility = (rows: Row[]) => rows.filter((row) => row.question === '1').map((row) => [row.round, row.percent, row.strength, row.respondents, row.withheld]);

describe("the 360's strengths by date", () => {
  it('shows each round up to the chosen one, the evaluators’ share of positive behaviours, and hides a round of too few evaluators', async () => {
    const response = await data(3);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DashboardData;
    expect(responsibility(body.datasets.strengthsByDate!.rows)).toEqual([
      [ROUNDS[0], 50, 'Bom', 4, null],
      [ROUNDS[1], null, null, 2, HIDDEN],
      [ROUNDS[2], 83, 'Excelente', 3, null],
    ]);
    // Every competency of a round has its cell; a hidden round's have no number under any field.
    expect(body.datasets.strengthsByDate!.rows).toHaveLength(30);
    for (const row of body.datasets.strengthsByDate!.rows.filter((one) => one.withheld !== null)) {
      expect([row.count, row.percent, row.strength, row.strengthColor]).toEqual([null, null, null, null]);
    }
    // The counts per option stay on the server (only the heatmap's source).
    expect(body.datasets.statementsByDate).toBeUndefined();
    // The chosen round's own reading agrees with its line of the heatmap.
    expect(body.datasets.consolidated!.rows.find((row) => row.question === '1')!.positive).toBe(83);
  });

  it('stops at the chosen round: an earlier date shows its history only', async () => {
    const body = (await data(1)).json() as DashboardData;
    expect(responsibility(body.datasets.strengthsByDate!.rows)).toEqual([[ROUNDS[0], 50, 'Bom', 4, null]]);
  });

  it('withholds the hidden round when chosen, as its heatmap line does', async () => {
    const body = (await data(2)).json() as DashboardData;
    expect(body.withheld?.length).toBeGreaterThan(0);
    expect(body.datasets.strengthsByDate!.rows).toEqual([]);
    expect(JSON.stringify(body.datasets)).not.toContain('Eva');
  });

  it('keeps another company’s user out', async () => {
    const response = await data(3, companyToken);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('prints the same cells in the PDF and the spreadsheet', async () => {
    const report = await t.app.inject({ method: 'POST', url: '/api/dashboards/2/report', headers: bearer(adminToken), payload: filters(3) });
    expect(report.statusCode, report.body.slice(0, 300)).toBe(200);
    const text = pdfText(report.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Pontos fortes por data (% de comportamentos positivos)');
    expect(text).toMatch(/10\/03\/2025 \(versão 1\) 50% \(n = 4\)/);
    expect(text).toMatch(/10\/03\/2026 \(versão 3\) 83% \(n = 3\)/);
    // Ten competencies do not fit one table across the page: the table goes on in a second one, each starting with the date.
    expect(text).toMatch(/Data Responsabilidade Planejamento .* Data .*Inovação Observação/);
    expect(text).toMatch(/10\/09\/2025 \(versão 2\) — — —/);
    expect(text).toContain(HIDDEN);
    expect(text).not.toMatch(/10\/09\/2025 \(versão 2\) [0-9]+%/);
    const sheet = await t.app.inject({ method: 'POST', url: '/api/dashboards/2/exports/0', headers: bearer(adminToken), payload: filters(3) });
    expect(sheet.statusCode, sheet.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const lines = workbook.worksheets.flatMap((one) => one.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1).map((cell) => String(cell ?? ''))));
    expect(lines.find((line) => line[0] === ROUNDS[0])?.[1]).toBe('50% (n = 4)');
    expect(lines).toContainEqual([ROUNDS[1], ...Array(10).fill('—'), HIDDEN]);
  });
});
