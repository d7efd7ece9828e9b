/**
 * Anonymity of group views (issue 14): a group's answers are shown only when at least the company's
 * minimum of people answered (default 3). The 360's evaluators (dashboard 2), its self-evaluation
 * always shown apart, and psychological safety (dashboard 16), whose sector filter may not narrow a
 * group under the minimum nor leave one that could be subtracted from the company's. Every output is
 * checked: the data call, the PDF, the spreadsheet, an e-mailed report and the 360's result call. The
 * answers come from the golden answer sets of definitions/fixtures (valid by construction); what is
 * expected is written by hand here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import type { DashboardData } from '../../engine/definition/dashboard.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { waitUntil } from './waitUntil.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

const fixture = (name: string) => JSON.parse(readFileSync(join(process.cwd(), `definitions/fixtures/${name}.json`), 'utf8')).cases[0].responses as Record<string, string | string[]>;
const evaluatorAnswers = (note: string) => ({ ...fixture('question360new'), '11': note });
const MESSAGE = 'Para preservar o anonimato, as respostas deste grupo só aparecem a partir de 3 respondentes. Respondentes até agora: 2.';

let rated = 0;
const evaluators: number[] = [];
const evaluations360: string[] = [];
let sectorA = 0;
let sectorB = 0;

async function person(name: string, sector?: number): Promise<number> {
  const [row] = await t.db.insert(users).values({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@anonimato.test`, typeAccount: 3, companyId: demo.companyId }).returning({ id: users.id });
  if (sector !== undefined) await t.db.insert(userSectors).values({ userId: row!.id, sectorId: sector });
  return row!.id;
}

async function data(id: number, body: Record<string, unknown>, token = adminToken) {
  return t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/data`, headers: bearer(token), payload: body });
}

const view360 = () => ({ company_id: demo.companyId, evaluated_id: rated, version: 7 });

/** The 360's spreadsheet ('Leitura dos resultados (Excel)' of the print dialog): every row of its sheet, as text. */
async function spreadsheet360(): Promise<string[][]> {
  const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/2/exports/0', headers: bearer(adminToken), payload: view360() });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1).map((cell) => String(cell ?? ''))));
}
/** The competencies of the 360, as the spreadsheet's rows name them. */
const COMPETENCIES = JSON.parse(readFileSync(join(process.cwd(), 'definitions/interview360.json'), 'utf8')).competencies.map((item: { name: string }) => item.name) as string[];

beforeAll(async () => {
  rated = await person('Renata Avaliada');
  for (const name of ['Eva Um', 'Ivo Dois', 'Ana Três']) evaluators.push(await person(name));
  const common = { done: true, createdAt: new Date(Date.UTC(2025, 0, 10)), expireAt: new Date(Date.UTC(2025, 1, 10)) };
  await insertEvaluation({ ...common, typeEvaluation: 1, userId: rated, rated }, { ...fixture('question360autonew'), '11': 'Autoavaliação da Renata' });
  // Two evaluators to begin with; the third answers in the last test of the 360.
  for (const [index, evaluator] of evaluators.slice(0, 2).entries()) {
    evaluations360.push(await insertEvaluation({ ...common, typeEvaluation: 2, version: 7, userId: evaluator, rated }, evaluatorAnswers(`Comentário do avaliador ${index + 1}`)));
  }
  const [a, b] = await t.db.insert(sectors).values([{ companyId: demo.companyId, sectorName: 'Anonimato A' }, { companyId: demo.companyId, sectorName: 'Anonimato B' }]).returning();
  [sectorA, sectorB] = [a!.id, b!.id];
}, 60000);

describe('the 360 (dashboard 2): the evaluators of one person', () => {
  it('withholds two evaluators everywhere and says why; the self-evaluation stays', async () => {
    for (const token of [adminToken, companyToken]) {
      const response = await data(2, view360(), token);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as DashboardData;
      expect(answer.withheld?.map((group) => [group.dataset, group.respondents, group.minimum, group.message])).toEqual([
        ['statements', 2, 3, MESSAGE],
        ['statementsByDate', 2, 3, MESSAGE],
        ['open', 2, 3, MESSAGE],
      ]);
      const statements = answer.datasets.statements!.rows;
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.every((row) => row.self === true)).toBe(true);
      expect(answer.datasets.open!.rows.map((row) => row.text)).toEqual(['Autoavaliação da Renata', ...answer.datasets.open!.rows.slice(1).map((row) => row.text)]);
      expect(JSON.stringify(answer)).not.toContain('Comentário do avaliador');
    }
    // The result call of one question: the self-evaluation's text only.
    const texts = await t.app.inject({ method: 'GET', url: `/api/tableresponse/360/${rated}/11/7`, headers: bearer(adminToken) });
    expect(texts.json()).toEqual([{ response: 'Autoavaliação da Renata', qtt_response: 1, selected_auto: true }]);
  });

  it('says why in the PDF too, without the evaluators\u2019 answers', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/2/report', headers: bearer(adminToken), payload: view360() });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(MESSAGE);
    expect(text).toContain('Autoavaliação da Renata');
    expect(text).not.toContain('Comentário do avaliador');
  });

  it('says why in the spreadsheet too, with no competency’s numbers', async () => {
    const rows = await spreadsheet360();
    expect(rows.flat()).toContain(MESSAGE);
    expect(rows.filter((row) => COMPETENCIES.includes(row[0]!))).toEqual([]);
  });

  it('says why in an e-mailed report too: one evaluator\u2019s answers are a group of one', async () => {
    const id = evaluations360[0]!;
    const queued = await t.app.inject({ method: 'POST', url: '/api/tableresponse/report/email', headers: bearer(adminToken), payload: { evaluation_type: 2, target_ids: [id] } });
    expect(queued.statusCode, queued.body).toBe(200);
    const pdf = await waitUntil(async () => {
      const found = ((await t.db.execute(sql`select a.content from outbox_attachments a join outbox o on o.id = a.outbox_id where o.evaluation_id = ${id}::uuid and o.kind = 'report'`)) as unknown as { rows: { content: Buffer }[] }).rows;
      return found[0] ? Buffer.from(found[0].content) : null;
    }, 60000);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Para preservar o anonimato, as respostas deste grupo só aparecem a partir de 3 respondentes. Respondentes até agora: 1.');
    expect(text).not.toContain('Comentário do avaliador');
  });

  /** The scored results call with the ids of the 360's evaluations, as each account. */
  async function scored(token: string) {
    const response = await t.app.inject({ method: 'POST', url: '/api/tableresponse/evaluations', headers: bearer(token), payload: { evaluations: evaluations360 } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { responses: unknown[]; groups?: Record<string, unknown>[]; withheld?: Record<string, unknown>[] };
  }

  it('never names an evaluator in the scored results call, and withholds two of them there too', async () => {
    for (const token of [adminToken, companyToken]) {
      const answer = await scored(token);
      expect(answer.responses).toEqual([]);
      expect(answer.groups ?? []).toEqual([]);
      expect(answer.withheld).toEqual([{ type_evaluation: 2, evaluated_id: rated, evaluated_name: 'Renata Avaliada', version: 7, respondents: 2, minimum: 3, message: MESSAGE }]);
      for (const name of ['Eva Um', 'Ivo Dois']) expect(JSON.stringify(answer)).not.toContain(name);
      for (const id of evaluations360) expect(JSON.stringify(answer)).not.toContain(id);
    }
  });

  it('shows the evaluators once a third one answered', async () => {
    await insertEvaluation(
      { done: true, createdAt: new Date(Date.UTC(2025, 0, 11)), expireAt: new Date(Date.UTC(2025, 1, 10)), typeEvaluation: 2, version: 7, userId: evaluators[2]!, rated },
      evaluatorAnswers('Comentário do avaliador 3'),
    );
    const answer = (await data(2, view360())).json() as DashboardData;
    expect(answer.withheld).toBeUndefined();
    const others = answer.datasets.statements!.rows.filter((row) => row.self === false);
    expect(new Set(others.map((row) => row.respondents))).toEqual(new Set([3]));
    expect(answer.datasets.open!.rows.map((row) => row.text)).toEqual(
      expect.arrayContaining(['Comentário do avaliador 1', 'Comentário do avaliador 2', 'Comentário do avaliador 3', 'Autoavaliação da Renata']),
    );
    // The spreadsheet: a row per competency, the message gone.
    const rows = await spreadsheet360();
    expect(rows.flat()).not.toContain(MESSAGE);
    expect(rows.filter((row) => COMPETENCIES.includes(row[0]!)).map((row) => row[0])).toEqual(COMPETENCIES);
    // The scored results call: the group's means (every evaluator ticked the six positive statements
    // of each competency), never a row per evaluator, a name or an evaluation id of theirs.
    evaluations360.push(...((await t.db.execute(sql`select id from evaluations where user_id = ${evaluators[2]!} and type_evaluation = 2`)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
    const results = await scored(adminToken);
    expect(results.responses).toEqual([]);
    expect(results.withheld ?? []).toEqual([]);
    const competencies = Array.from({ length: 10 }, (_, index) => String(index + 1));
    expect(results.groups).toEqual([
      {
        type_evaluation: 2,
        evaluated_id: rated,
        evaluated_name: 'Renata Avaliada',
        version: 7,
        respondents: 3,
        ...Object.fromEntries(competencies.flatMap((id) => [[`positive.${id}`, 6], [`negative.${id}`, 0], [`neutral.${id}`, 0]])),
        positiveTotal: 60,
        negativeTotal: 0,
        neutralTotal: 0,
      },
    ]);
    for (const name of ['Eva Um', 'Ivo Dois', 'Ana Três']) expect(JSON.stringify(results)).not.toContain(name);
    for (const id of evaluations360) expect(JSON.stringify(results)).not.toContain(id);
    expect(await scored(companyToken)).toEqual(results);
  });
});

describe('psychological safety (dashboard 16): a sector may not single people out', () => {
  const safety = fixture('segurancapsicologica');
  const answerIn = async (sector: number, count: number, label: string) => {
    for (let index = 0; index < count; index += 1) {
      const id = await person(`${label} ${index + 1}`, sector);
      await insertEvaluation({ done: true, createdAt: new Date(Date.UTC(2025, 2, 1, index)), expireAt: new Date(Date.UTC(2025, 3, 1)), typeEvaluation: 16, userId: id }, { ...safety, '8': `Comentário ${label} ${index + 1}` });
    }
  };
  // The demo company may hold other answers of type 16: the company's group is counted, not assumed.
  const companyGroup = async () => ((await data(16, { company_id: demo.companyId })).json() as DashboardData).respondents;

  it('refuses a sector under the minimum, and one the rest of the company could be subtracted from', async () => {
    await answerIn(sectorA, 3, 'Setor A');
    await answerIn(sectorB, 2, 'Setor B');
    const whole = await companyGroup();
    expect(whole).toBeGreaterThanOrEqual(5);
    const sectorB2 = await data(16, { company_id: demo.companyId, sector_id: sectorB });
    expect(sectorB2.statusCode).toBe(403);
    expect(sectorB2.json().message).toBe('Este filtro não pode ser usado: ele separaria um grupo de menos de 3 pessoas e permitiria identificar quem respondeu. Escolha um grupo maior.');
    // Sector A has 3 people; the rest of the company has `whole - 3`, at least the 2 of sector B.
    const sectorA3 = await data(16, { company_id: demo.companyId, sector_id: sectorA });
    if (whole - 3 < 3) expect(sectorA3.statusCode).toBe(403);
    else expect(sectorA3.statusCode).toBe(200);
    // The PDF of a refused filter is refused the same way.
    const pdf = await t.app.inject({ method: 'POST', url: '/api/dashboards/16/report', headers: bearer(adminToken), payload: { company_id: demo.companyId, sector_id: sectorB } });
    expect(pdf.statusCode).toBe(403);
  });

  it('shows a sector of 3 when the rest of the company has 3 or more too', async () => {
    await answerIn(sectorB, 1, 'Setor B tarde');
    const whole = await companyGroup();
    const sector = await data(16, { company_id: demo.companyId, sector_id: sectorB });
    // Sector B now has 3 people; the rest of the company has `whole - 3`, of which 3 in sector A.
    expect(whole - 3).toBeGreaterThanOrEqual(3);
    expect(sector.statusCode, sector.body).toBe(200);
    const answer = sector.json() as DashboardData;
    expect(answer.withheld).toBeUndefined();
    expect(answer.datasets.comments!.rows.map((row) => row.text).filter((text) => String(text).startsWith('Comentário Setor B'))).toHaveLength(3);
  });

  it('withholds a whole company under the minimum', async () => {
    const [small] = await t.db.insert(companies).values({ commercialName: 'Pequena Ltda', companyName: 'Pequena Ltda' }).returning();
    const [only] = await t.db.insert(sectors).values({ companyId: small!.id, sectorName: 'Única' }).returning();
    for (const name of ['Pequena Um', 'Pequena Dois']) {
      const [row] = await t.db.insert(users).values({ name, email: `${name.replace(' ', '.').toLowerCase()}@pequena.test`, typeAccount: 3, companyId: small!.id }).returning({ id: users.id });
      await t.db.insert(userSectors).values({ userId: row!.id, sectorId: only!.id });
      await insertEvaluation({ done: true, createdAt: new Date(Date.UTC(2025, 4, 1)), expireAt: new Date(Date.UTC(2025, 5, 1)), typeEvaluation: 16, userId: row!.id }, { ...safety, '8': `Comentário de ${name}` });
    }
    const answer = (await data(16, { company_id: small!.id })).json() as DashboardData;
    expect(answer.withheld?.map((group) => group.dataset)).toEqual(['statements', 'overall', 'comments', 'bySector', 'byCycle', 'norm']);
    expect(Object.values(answer.datasets).every((dataset) => dataset.rows.length === 0)).toBe(true);
    // Its administrator may allow groups of 2.
    await t.db.update(companies).set({ anonymityMin: 2 }).where(eq(companies.id, small!.id));
    const allowed = (await data(16, { company_id: small!.id })).json() as DashboardData;
    expect(allowed.withheld).toBeUndefined();
    expect(allowed.datasets.comments!.rows.map((row) => row.text)).toEqual(['Comentário de Pequena Dois', 'Comentário de Pequena Um']);
  });
});

describe("a company's minimum", () => {
  it('is set by an administrator, from 2 to 100, and never by a company user', async () => {
    const patch = (body: Record<string, unknown>, token = adminToken) => t.app.inject({ method: 'PATCH', url: '/api/companies', headers: bearer(token), payload: { id: demo.companyId, ...body } });
    const [before] = await t.db.select().from(companies).where(eq(companies.id, demo.companyId));
    const base = { commercial_name: before!.commercialName, company_name: before!.companyName, cnpj: before!.cnpj ?? '', phone: before!.phone };
    for (const bad of [1, 101, 2.5]) {
      const refused = await patch({ ...base, anonymity_min: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().message).toBe('O mínimo de respondentes para o anonimato deve ser um número inteiro de 2 a 100.');
    }
    expect((await patch({ ...base, anonymity_min: 4 }, companyToken)).statusCode).toBe(403);
    const saved = await patch({ ...base, anonymity_min: 4 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().company.anonymity_min).toBe(4);
    // Four now: the 360's three evaluators are withheld again.
    const answer = (await data(2, view360())).json() as DashboardData;
    expect(answer.withheld?.[0]?.message).toBe('Para preservar o anonimato, as respostas deste grupo só aparecem a partir de 4 respondentes. Respondentes até agora: 3.');
    expect((await patch({ ...base, anonymity_min: 3 })).statusCode).toBe(200);
  });
});
