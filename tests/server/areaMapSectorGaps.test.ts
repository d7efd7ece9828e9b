import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The gaps by sector of the operational area map (dashboard 8, issue 26): an `optionCounts` by group
 * (the sector each evaluation rates), each cell the percent of the sector's answers scoring 1 or 2
 * (the negative statements reversed), a gap from 50%. Every number is counted by hand below.
 *
 * Padaria Trigo (minimum 3). Each evaluation rates one sector and gives every statement the score f
 * (the reverse statements answered 6 − f), but Júlia, who scores 1.1 with 1.
 *   Atendimento  Ana 1, Bia 1, Caio 2                  n 3
 *   Cozinha      Davi 1, Eva 2, Fábio 4, Gil 5          n 4: 2 of 4 score 1–2, 50% (a gap) everywhere
 *   Entrega      Hugo 1, Iris 1                         n 2: under the minimum
 *   Qualidade    Iris 2, Júlia 3 (1.1: 1), Léo 4, Mara 5 n 4: 1 of 4, 25%; on 1.1 2 of 4, 50% (a gap)
 * Iris rated two sectors (Entrega and Qualidade): the whole is 12 people. Entrega is hidden (2 < 3).
 * Atendimento, Cozinha and Qualidade share no one, and the whole less the three is 12 − 3 − 4 − 4 = 1
 * (Hugo): the smallest of them, Atendimento, is hidden too. Then the whole less Cozinha and Qualidade
 * is 4, and both stay.
 */

const UNDER = 'Oculto: menos de 3 respondentes neste grupo, para preservar o anonimato.';
const COMPLEMENT = 'Oculto: com este grupo à vista, um grupo de menos de 3 respondentes poderia ser deduzido dos outros e do total.';
const STATEMENTS = ['1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '4.1', '4.2', '4.3', '4.4', '4.5', '4.6'];
const REVERSED = ['1.3', '1.6', '2.2', '2.5', '3.4', '3.6', '4.2', '4.6'];
const PAGE_0 = ['1.1 Metas', '1.2 Indicadores', '1.3 Retrabalho', '1.4 Prazos', '1.5 Qualidade', '1.6 Última hora'];
let company = 0;
const sector: Record<string, number> = {};

/** Answers scoring `f` on every statement (the reverse ones answered 6 − f), `first` on 1.1; 'Não' to the yes/no questions. */
const answers = (f: number, first = f) => ({
  ...Object.fromEntries(STATEMENTS.map((id) => [id, String(REVERSED.includes(id) ? 6 - f : f)])),
  '1.1': String(first),
  ...Object.fromEntries(['1.7', '2.7', '3.7', '4.7'].map((id) => [id, '0'])),
});

beforeAll(async () => {
  const [row] = await t.db.insert(companies).values({ commercialName: 'Padaria Trigo', companyName: 'Trigo Panificação Ltda.' }).returning();
  company = row!.id;
  const made = await t.db
    .insert(sectors)
    .values(['Atendimento', 'Cozinha', 'Entrega', 'Qualidade'].map((sectorName) => ({ companyId: company, sectorName })))
    .returning();
  for (const one of made) sector[one.sectorName] = one.id;
  // Each person with the sectors they rated, and their score f there (Júlia's 1.1 apart).
  const people: [string, [string, number, number?][]][] = [
    ['Ana', [['Atendimento', 1]]],
    ['Bia', [['Atendimento', 1]]],
    ['Caio', [['Atendimento', 2]]],
    ['Davi', [['Cozinha', 1]]],
    ['Eva', [['Cozinha', 2]]],
    ['Fábio', [['Cozinha', 4]]],
    ['Gil', [['Cozinha', 5]]],
    ['Hugo', [['Entrega', 1]]],
    ['Iris', [['Entrega', 1], ['Qualidade', 2]]],
    ['Júlia', [['Qualidade', 3, 1]]],
    ['Léo', [['Qualidade', 4]]],
    ['Mara', [['Qualidade', 5]]],
  ];
  for (const [name, rated] of people) {
    const [user] = await t.db.insert(users).values({ name, email: `${name.toLowerCase()}@trigo.test`, typeAccount: 3, companyId: company }).returning({ id: users.id });
    await t.db.insert(userSectors).values(rated.map(([sectorName]) => ({ userId: user!.id, sectorId: sector[sectorName]! })));
    for (const [sectorName, f, first] of rated) {
      await insertEvaluation({ userId: user!.id, rated: user!.id, ratedSector: sector[sectorName]!, typeEvaluation: 8, done: true, companyId: company }, answers(f, first));
    }
  }
});

const data = (payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/dashboards/8/data', headers: bearer(adminToken), payload: { company_id: company, ...payload } });

/** The cells: sector, column, percent (one decimal), n, band, why hidden. */
const cells = (rows: Row[]) => rows.map((row) => [row.group, row.column, row.value === null ? null : Math.round(Number(row.value) * 10) / 10, row.respondents, row.gap, row.withheld]);

const GAP = 'Lacuna (50% ou mais)';
const LOW = 'Abaixo de 50%';

describe('the area map’s gaps by sector', () => {
  it('gives each shown sector the percent of its answers scoring 1–2 per statement, and hides the one under the minimum and its complement', async () => {
    const response = await data();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DashboardData;
    const rows = body.datasets.gapsBySector!.rows;
    expect(rows).toHaveLength(4 * 24);
    const page0 = rows.filter((row) => row.page === 0);
    expect(cells(page0)).toEqual([
      ...PAGE_0.map((column) => ['Atendimento', column, null, 3, null, COMPLEMENT]),
      ...PAGE_0.map((column) => ['Cozinha', column, 50, 4, GAP, null]),
      ...PAGE_0.map((column) => ['Entrega', column, null, 2, null, UNDER]),
      ...PAGE_0.map((column, index) => ['Qualidade', column, index === 0 ? 50 : 25, 4, index === 0 ? GAP : LOW, null]),
    ]);
    // Every other statement as its page's: Cozinha 50%, Qualidade 25%.
    for (const row of rows.filter((one) => one.page !== 0 && one.withheld === null)) expect([row.group, row.value]).toEqual([row.group, row.group === 'Cozinha' ? 50 : 25]);
    // No number of a hidden sector leaves the server, under any field.
    for (const row of rows.filter((one) => one.withheld !== null)) expect([row.value, row.gap, row.gapColor]).toEqual([null, null, null]);
  });

  it('hands the query’s counts over per sector: a hidden sector’s counts null, the shown ones’ counted by hand', async () => {
    const { optionCountsQuery } = await import('../../apps/server/src/results/queries/optionCounts.ts');
    const { datasetScope } = await import('../../apps/server/src/repositories/results/scope.ts');
    const { loadDefinitions } = await import('../../apps/server/src/definitions.ts');
    const definitions = loadDefinitions();
    const dataset = { query: 'optionCounts' as const, types: [8], questions: ['1.1', '1.3'], byGroup: 'sector' as const };
    const filters = { company_id: company, sector_of: 'rated' as const };
    const rows = await optionCountsQuery(
      { db: t.db, questionnaires: definitions.questionnaires, types: definitions.types, riskMatrix: definitions.riskMatrix, filters, timeZone: 'America/Sao_Paulo', now: new Date(), anonymity: { groups: new Map(), rounds: new Map(), withheld: [] } },
      dataset,
      datasetScope(dataset, filters)!,
      'counts',
    );
    const of = (group: string, question: string) => rows.filter((row) => row.group === group && row.question === question).map((row) => [row.option, row.count]);
    // 1.1 (values 1–5): Qualidade is Iris 2, Júlia 1, Léo 4, Mara 5; Cozinha Davi 1, Eva 2, Fábio 4, Gil 5.
    expect(of('Qualidade', '1.1')).toEqual([[1, 1], [2, 1], [3, 0], [4, 1], [5, 1]]);
    expect(of('Cozinha', '1.1')).toEqual([[1, 1], [2, 1], [3, 0], [4, 1], [5, 1]]);
    // 1.3 is reversed: Qualidade answered 6 − f = 4, 3, 2, 1 (Júlia's f 3 is 3).
    expect(of('Qualidade', '1.3')).toEqual([[1, 1], [2, 1], [3, 1], [4, 1], [5, 0]]);
    expect(rows.filter((row) => row.group === 'Qualidade' && row.question === '1.3').map((row) => row.scoreValue)).toEqual([5, 4, 3, 2, 1]);
    expect(of('Entrega', '1.1')).toEqual([[1, null], [2, null], [3, null], [4, null], [5, null]]);
    expect(of('Atendimento', '1.3')).toEqual([[1, null], [2, null], [3, null], [4, null], [5, null]]);
    expect([...new Set(rows.map((row) => `${row.groupOrder} ${row.group} ${row.respondents} ${row.withheld ?? ''}`))]).toEqual([
      `1 Atendimento 3 ${COMPLEMENT}`,
      '2 Cozinha 4 ',
      `3 Entrega 2 ${UNDER}`,
      '4 Qualidade 4 ',
    ]);
  });

  it('reads the sector the evaluation rates: choosing Qualidade gives the same cells as its line', async () => {
    const response = await data({ sector_id: sector.Qualidade });
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json() as DashboardData).datasets.gapsBySector!.rows;
    // Qualidade alone: the whole is its 4 people, nothing to hide.
    expect(cells(rows.filter((row) => row.page === 0))).toEqual(PAGE_0.map((column, index) => ['Qualidade', column, index === 0 ? 50 : 25, 4, index === 0 ? GAP : LOW, null]));
  });

  it('prints the same cells in the PDF: the percents with n, a dash and the reason for the hidden', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/8/report', headers: bearer(adminToken), payload: { company_id: company } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Lacunas por setor: Resultados (% de respostas desfavoráveis)');
    expect(text).toContain('Cozinha 50% (n = 4) 50% (n = 4) 50% (n = 4) 50% (n = 4) 50% (n = 4) 50% (n = 4)');
    expect(text).toContain('Qualidade 50% (n = 4) 25% (n = 4) 25% (n = 4) 25% (n = 4) 25% (n = 4) 25% (n = 4)');
    expect(text).toContain(`Entrega — — — — — — ${UNDER}`);
    expect(text).toMatch(new RegExp(`Atendiment ?o — — — — — — ${COMPLEMENT}`));
    expect(text).not.toMatch(/(Entrega|Atendiment ?o) [0-9]/);
  });

  it('writes the same cells in the spreadsheet, every area', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/8/exports/0', headers: bearer(adminToken), payload: { company_id: company } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const lines = workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1).map((cell) => String(cell ?? ''))));
    expect(lines).toContainEqual(['Grupo', ...PAGE_0, 'Observação']);
    expect(lines).toContainEqual(['Grupo', '4.1 Clareza', '4.2 Escuta', '4.3 Feedback', '4.4 Apoio', '4.5 Reconhecimento', '4.6 Respostas', 'Observação']);
    const six = (text: string) => Array.from({ length: 6 }, () => text);
    expect(lines.filter((line) => line[0] === 'Atendimento')).toEqual(Array.from({ length: 4 }, () => ['Atendimento', ...six('—'), COMPLEMENT]));
    expect(lines.filter((line) => line[0] === 'Entrega')).toEqual(Array.from({ length: 4 }, () => ['Entrega', ...six('—'), UNDER]));
    expect(lines.filter((line) => line[0] === 'Cozinha')).toEqual(Array.from({ length: 4 }, () => ['Cozinha', ...six('50% (n = 4)'), '']));
    expect(lines.filter((line) => line[0] === 'Qualidade')).toEqual([
      ['Qualidade', '50% (n = 4)', ...six('25% (n = 4)').slice(1), ''],
      ...Array.from({ length: 3 }, () => ['Qualidade', ...six('25% (n = 4)'), '']),
    ]);
  });
});
