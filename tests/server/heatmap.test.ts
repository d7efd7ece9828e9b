import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The heatmap of psychological safety by sector (dashboard 16, issue 26): each sector's means, each
 * sector under the anonymity minimum hidden, and a sector hidden too when the others and the whole
 * would give a hidden one away (complementary suppression). Every number is counted by hand below.
 *
 * Bistrô Aurora (minimum 3). Each person answers every statement so that it scores v (the negative
 * statements 1, 3 and 5 answered 6 − v), so each of their item scores and their mean is v.
 *   Atendimento  Ana 5, Bia 4, Caio 3            n 3, mean 4,0
 *   Cozinha      Davi 2, Eva 2, Fábio 5, Gil 3   n 4, mean 3,0
 *   Entrega      Hugo 1, Iris 2                  n 2: under the minimum
 *   Qualidade    Ana 5, Fábio 5, Gil 3           n 3, mean 13/3 = 4,3
 *   The whole: 9 people, mean 27/9 = 3,0.
 * Entrega is hidden (2 < 3). Atendimento and Cozinha share no one, so the whole less both would be
 * Entrega's two people: the smaller, Atendimento, is hidden too. Then nothing shown subtracts to
 * fewer than 3 people (the whole less Cozinha is 5, less Qualidade 6), and Cozinha and Qualidade stay.
 */

const UNDER = 'Oculto: menos de 3 respondentes neste grupo, para preservar o anonimato.';
const COMPLEMENT = 'Oculto: com este grupo à vista, um grupo de menos de 3 respondentes poderia ser deduzido dos outros e do total.';
const COLUMNS = ['Geral', '1. Erros', '2. Problemas', '3. Diferenças', '4. Riscos', '5. Ajuda', '6. Boa-fé', '7. Talentos'];
let company = 0;

/** Answers scoring `v` on every statement (the negative ones reversed). */
const scoring = (v: number) => Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((id) => [id, String(['1', '3', '5'].includes(id) ? 6 - v : v)]));

beforeAll(async () => {
  const [row] = await t.db.insert(companies).values({ commercialName: 'Bistrô Aurora', companyName: 'Aurora Alimentos Ltda.' }).returning();
  company = row!.id;
  const made = await t.db
    .insert(sectors)
    .values(['Atendimento', 'Cozinha', 'Entrega', 'Qualidade'].map((sectorName) => ({ companyId: company, sectorName })))
    .returning();
  const sector = Object.fromEntries(made.map((one) => [one.sectorName, one.id]));
  const people: [string, number, string[]][] = [
    ['Ana', 5, ['Atendimento', 'Qualidade']],
    ['Bia', 4, ['Atendimento']],
    ['Caio', 3, ['Atendimento']],
    ['Davi', 2, ['Cozinha']],
    ['Eva', 2, ['Cozinha']],
    ['Fábio', 5, ['Cozinha', 'Qualidade']],
    ['Gil', 3, ['Cozinha', 'Qualidade']],
    ['Hugo', 1, ['Entrega']],
    ['Iris', 2, ['Entrega']],
  ];
  for (const [name, v, names] of people) {
    const [user] = await t.db.insert(users).values({ name, email: `${name.toLowerCase()}@aurora.test`, typeAccount: 3, companyId: company }).returning({ id: users.id });
    await t.db.insert(userSectors).values(names.map((sectorName) => ({ userId: user!.id, sectorId: sector[sectorName]! })));
    await insertEvaluation({ userId: user!.id, rated: user!.id, typeEvaluation: 16, done: true, companyId: company }, scoring(v));
  }
});

async function data(token = adminToken) {
  return t.app.inject({ method: 'POST', url: '/api/dashboards/16/data', headers: bearer(token), payload: { company_id: company } });
}

/** A heatmap's rows as cells: group, column, value (one decimal), n, and why hidden. */
const cells = (rows: Row[]) => rows.map((row) => [row.group, row.column, row.value === null ? null : Math.round(Number(row.value) * 10) / 10, row.respondents, row.withheld]);

describe('the psychological safety heatmap by sector', () => {
  it('shows each sector’s means with its n, and hides the one under the minimum and its complement, saying why', async () => {
    const response = await data();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DashboardData;
    // The whole is shown: 9 people, mean 3,0.
    expect(body.datasets.overall!.rows.map((row) => [row.value, row.respondents])).toEqual([[3, 9]]);
    const rows = body.datasets.bySector!.rows;
    const expected = [
      ...COLUMNS.map((column) => ['Atendimento', column, null, 3, COMPLEMENT]),
      ...COLUMNS.map((column) => ['Cozinha', column, 3, 4, null]),
      ...COLUMNS.map((column) => ['Entrega', column, null, 2, UNDER]),
      ...COLUMNS.map((column) => ['Qualidade', column, 4.3, 3, null]),
    ];
    expect(cells(rows)).toEqual(expected);
    // No number of a hidden sector leaves the server, under any field.
    for (const row of rows.filter((one) => one.withheld !== null)) {
      expect([row.value, row.band, row.bandColor]).toEqual([null, null, null]);
    }
    // The band of a shown one: 3,0 is Moderada, 4,3 Alta.
    expect([...new Set(rows.filter((row) => row.withheld === null).map((row) => `${row.group}: ${row.band}`))]).toEqual(['Cozinha: Moderada', 'Qualidade: Alta']);
  });

  it('keeps another company’s user out', async () => {
    const response = await data(companyToken);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('Qualidade');
  });

  it('prints the same cells in the PDF: the shown numbers with n, a dash and the reason for the hidden', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/16/report', headers: bearer(adminToken), payload: { company_id: company } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Segurança psicológica por setor (média de 1 a 5)');
    expect(text).toContain('Cozinha 3,0 (n = 4)');
    expect(text).toContain('Qualidade 4,3 (n = 3)');
    expect(text).toContain(`Entrega — — — — — — — — ${UNDER}`);
    // (The table's narrow first column may break a long name.)
    expect(text).toMatch(new RegExp(`Atendiment ?o — — — — — — — — ${COMPLEMENT}`));
    expect(text).not.toMatch(/Entrega [0-9]/);
  });

  it('writes the same cells in the spreadsheet', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/16/exports/0', headers: bearer(adminToken), payload: { company_id: company } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const lines = workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1).map((cell) => String(cell ?? ''))));
    expect(lines).toContainEqual(['Grupo', ...COLUMNS, 'Observação']);
    expect(lines).toContainEqual(['Atendimento', ...COLUMNS.map(() => '—'), COMPLEMENT]);
    expect(lines).toContainEqual(['Cozinha', ...COLUMNS.map(() => '3,0 (n = 4)'), '']);
    expect(lines).toContainEqual(['Entrega', ...COLUMNS.map(() => '—'), UNDER]);
    expect(lines).toContainEqual(['Qualidade', ...COLUMNS.map(() => '4,3 (n = 3)'), '']);
  });
});
