import { beforeAll, describe, expect, it } from 'vitest';
import { companies, positions, sectors, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { riskMatrices, riskSeverities } from '../../apps/server/src/db/riskSchema.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The psychosocial risk view (/dash/18, issue 27): each factor's share of unfavourable answers gives
 * its probability by the questionnaire's bands (under 20%, 40%, 60%, else the fourth step), the
 * consultant's severity for the company and the risk matrix give the level. Every number below is
 * worked by hand.
 *
 * Metalúrgica Aço Firme (minimum 3), 11 people answering the 36 statements:
 *   Produção   5 people: the four 'Demandas e ritmo' statements at their worst ('Sempre' on 1, 2 and 4,
 *              'Nunca' on 3, a reverse one whose mirror is 'Sempre'): 4 of 4 unfavourable, 100%;
 *              every other statement 'Às vezes': 0%.
 *   Escritório 4 people, everything 'Às vezes': 0%.
 *   Portaria   2 people, everything 'Às vezes': under the minimum, hidden; then the whole less Produção
 *              and Escritório is Portaria's 2: Escritório (the smaller shown) is hidden too.
 * The whole: Demandas 5 × 100 / 11 = 45,45%, probability 3 (Provável); every other factor 0%, 1.
 * Severities: Demandas 3 (Grave), Assédio 4 (Gravíssima), the rest not set.
 * Default matrix (level by severity × probability): Demandas 3 × 3 = 9, Crítico; Assédio 4 × 1 = 4,
 * Moderado; Produção's Demandas 3 × 4 = 12, Crítico.
 * By position: Operador is the first three of Produção and the first two of Escritório (5 people,
 * Demandas 3 × 100 / 5 = 60%, probability 4, 3 × 4 = 12 Crítico); Assistente the other six (Demandas
 * 2 × 100 / 6 = 33,3%, probability 2, 3 × 2 = 6 Alto). Both reach the minimum and cover everyone:
 * nothing hidden.
 */

const UNDER = 'Oculto: menos de 3 respondentes neste grupo, para preservar o anonimato.';
const COMPLEMENT = 'Oculto: com este grupo à vista, um grupo de menos de 3 respondentes poderia ser deduzido dos outros e do total.';
const STATEMENTS = Array.from({ length: 36 }, (_, index) => String(index + 1));
/** Everything 'Às vezes' (3); with `worstDemands`, 'Sempre' (5) on 1, 2 and 4 and 'Nunca' (1) on the reverse 3. */
const answers = (worstDemands: boolean) => ({
  ...Object.fromEntries(STATEMENTS.map((id) => [id, '3'])),
  ...(worstDemands ? { '1': '5', '2': '5', '3': '1', '4': '5' } : {}),
});
let company = 0;

beforeAll(async () => {
  const [row] = await t.db.insert(companies).values({ commercialName: 'Metalúrgica Aço Firme', companyName: 'Aço Firme Metalurgia Ltda.' }).returning();
  company = row!.id;
  const made = await t.db
    .insert(sectors)
    .values(['Produção', 'Escritório', 'Portaria'].map((sectorName) => ({ companyId: company, sectorName })))
    .returning();
  const sectorId = Object.fromEntries(made.map((one) => [one.sectorName, one.id]));
  const [operator, assistant] = await t.db
    .insert(positions)
    .values(['Operador', 'Assistente'].map((positionName) => ({ companyId: company, positionName })))
    .returning({ id: positions.id });
  const operators: Record<string, number> = { Produção: 3, Escritório: 2, Portaria: 0 };
  const people: [string, number][] = [
    ['Produção', 5],
    ['Escritório', 4],
    ['Portaria', 2],
  ];
  for (const [sector, count] of people) {
    for (let index = 0; index < count; index += 1) {
      const [user] = await t.db
        .insert(users)
        .values({ name: `${sector} ${index + 1}`, email: `${sector.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}${index + 1}@acofirme.test`, typeAccount: 3, companyId: company })
        .returning({ id: users.id });
      await t.db.insert(userSectors).values({ userId: user!.id, sectorId: sectorId[sector]! });
      await t.db.insert(userPositions).values({ userId: user!.id, positionId: index < operators[sector]! ? operator!.id : assistant!.id });
      await insertEvaluation({ userId: user!.id, rated: user!.id, ratedSector: sectorId[sector]!, typeEvaluation: 18, done: true, companyId: company }, answers(sector === 'Produção'));
    }
  }
  await t.db.insert(riskSeverities).values([
    { companyId: company, typeEvaluation: 18, factor: 'demands', severity: 3, reason: 'Jornadas em turnos com metas de produção diárias.' },
    { companyId: company, typeEvaluation: 18, factor: 'harassment', severity: 4, reason: 'Assédio pode levar a adoecimento grave e a risco à vida.' },
  ]);
});

const data = async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/18/data', headers: bearer(adminToken), payload: { company_id: company } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
};

/** A row's factor, share (one decimal), probability, severity, level and colour. */
const reading = (row: Row) => [row.factor, row.share === null ? null : Math.round(Number(row.share) * 10) / 10, row.probabilityLabel, row.severityLabel, row.levelLabel, row.levelColor];

describe('the psychosocial risk view', () => {
  it('rates each factor of the company by its share of unfavourable answers and the severity set', async () => {
    const rows = (await data()).datasets.risk!.rows;
    expect(rows.map(reading)).toEqual([
      ['demands', 45.5, 'Provável', 'Grave', 'Crítico', '#c62828'],
      ['autonomy', 0, 'Improvável', null, 'Severidade não definida', '#bdbdbd'],
      ['roleClarity', 0, 'Improvável', null, 'Severidade não definida', '#bdbdbd'],
      ['leaderSupport', 0, 'Improvável', null, 'Severidade não definida', '#bdbdbd'],
      ['peerSupport', 0, 'Improvável', null, 'Severidade não definida', '#bdbdbd'],
      ['recognition', 0, 'Improvável', null, 'Severidade não definida', '#bdbdbd'],
      ['harassment', 0, 'Improvável', 'Gravíssima', 'Moderado', '#f9a825'],
      ['change', 0, 'Improvável', null, 'Severidade não definida', '#bdbdbd'],
      ['workLife', 0, 'Improvável', null, 'Severidade não definida', '#bdbdbd'],
    ]);
    const demands = rows[0]!;
    expect(demands.respondents).toBe(11);
    expect(demands.severityReason).toBe('Jornadas em turnos com metas de produção diárias.');
    expect(demands.probabilityCriterion).toBe('De 40% a menos de 60% das respostas do fator no grupo são desfavoráveis.');
    expect(demands.levelAction).toBe('Agir de imediato: medidas de controle prioritárias e acompanhamento próximo dos trabalhadores expostos.');
    expect(String(demands.criteria)).toContain('de 9 a 16, Crítico');
  });

  it('rates each sector as an exposure group, hiding the one under the minimum and its complement', async () => {
    const rows = (await data()).datasets.riskBySector!.rows;
    const demands = rows.filter((row) => row.factor === 'demands');
    expect(demands.map((row) => [row.group, row.respondents, ...reading(row).slice(1), row.withheld])).toEqual([
      ['Escritório', 4, null, null, 'Grave', null, null, COMPLEMENT],
      ['Portaria', 2, null, null, 'Grave', null, null, UNDER],
      ['Produção', 5, 100, 'Muito provável', 'Grave', 'Crítico', '#c62828', null],
    ]);
    // No number of a hidden sector leaves the server, under any field.
    for (const row of rows.filter((one) => one.withheld !== null)) expect([row.share, row.probability, row.level, row.levelLabel, row.levelColor]).toEqual([null, null, null, null, null]);
  });

  it('rates each position as an exposure group', async () => {
    const rows = (await data()).datasets.riskByPosition!.rows;
    expect(rows.filter((row) => row.factor === 'demands').map((row) => [row.group, row.respondents, ...reading(row).slice(1), row.withheld])).toEqual([
      ['Assistente', 6, 33.3, 'Possível', 'Grave', 'Alto', '#ef6c00', null],
      ['Operador', 5, 60, 'Muito provável', 'Grave', 'Crítico', '#c62828', null],
    ]);
    expect(rows).toHaveLength(2 * 9);
  });

  it("rates by the company's own matrix when it has one", async () => {
    // The default with severity 3 one step milder at probabilities 1–2 and 3–4: Demandas 3 × 3 is Alto, not Crítico.
    const own = structuredClone(t.app.definitions.riskMatrix);
    own.grid[2] = ['moderate', 'moderate', 'high', 'high'];
    await t.db.insert(riskMatrices).values({ companyId: company, matrix: own });
    try {
      const rows = (await data()).datasets.risk!.rows;
      expect(reading(rows[0]!)).toEqual(['demands', 45.5, 'Provável', 'Grave', 'Alto', '#ef6c00']);
    } finally {
      await t.db.delete(riskMatrices);
    }
  });

  it('says the levels in the PDF, and no hidden sector’s number', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/18/report', headers: bearer(adminToken), payload: { company_id: company } });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload).normalize('NFC');
    for (const expected of ['Nível de risco por fator', 'Crítico', 'Moderado', 'Severidade não definida', 'Jornadas em turnos com metas de produção diárias.', 'Nível de risco por setor (grupos expostos)', 'Nível de risco por cargo (grupos expostos)', 'Instrumento de exemplo, não validado']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(UNDER.slice(0, 20));
  });

  it('shows no level over every company pooled (severities and matrices are a company’s)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/18/data', headers: bearer(adminToken), payload: { all_companies: true } });
    expect(response.statusCode, response.body).toBe(200);
    // The view requires a company: nothing is computed until one is chosen.
    expect(Object.keys((response.json() as DashboardData).datasets)).toEqual([]);
  });
});
