import { formatCNPJ, generateCNPJ } from '@brazilian-utils/brazilian-utils';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, cycles, positions, sectors, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { riskInventories, riskSeverities } from '../../apps/server/src/db/riskSchema.ts';
import type { Inventory, InventoryPreview, InventoryPublished } from '../../apps/server/src/contract/riskInventories.ts';
import { twoYearsAfter } from '../../engine/lifecycle/riskReview.ts';
import { localDay } from '../../engine/rules/dates.ts';
import { runRetention } from '../../apps/server/src/jobs/retention.ts';
import { addUserWithPassword } from './fixtures.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, other, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The published psychosocial risk inventory (issue 27, NR-1 1.5.7.3.2), on the company of the risk
 * view's test (riskView.test.ts): Produção 5 people with 'Demandas e ritmo' at its worst (100%),
 * Escritório 4 and Portaria 2 (both hidden: under the minimum of 3, and its complement), every factor
 * with a severity. Produção has a sixth participant, deactivated: not exposed. Produção's people
 * (the deactivated one too) are the position Operador; nobody else has a position.
 */

const STATEMENTS = Array.from({ length: 36 }, (_, index) => String(index + 1));
const answers = (worstDemands: boolean) => ({
  ...Object.fromEntries(STATEMENTS.map((id) => [id, '3'])),
  ...(worstDemands ? { '1': '5', '2': '5', '3': '1', '4': '5' } : {}),
});
const FACTORS = ['demands', 'autonomy', 'roleClarity', 'leaderSupport', 'peerSupport', 'recognition', 'harassment', 'change', 'workLife'];
const NR1_FIELDS = [
  'Grupo exposto',
  'Processos e ambientes',
  'Atividades',
  'Perigo (fator de risco psicossocial)',
  'Fontes ou circunstâncias',
  'Possíveis lesões ou agravos à saúde',
  'Trabalhadores expostos',
  'Medidas de prevenção implementadas',
  'Avaliação ergonômica (NR-17)',
  'Parcela de respostas desfavoráveis',
  'Probabilidade',
  'Severidade',
  'Justificativa da severidade',
  'Nível de risco',
  'Critérios de avaliação e tomada de decisão',
];

let company = 0;
let sectorId: Record<string, number> = {};
let ownToken = '';
let otherCycle = 0;
const CNPJ = generateCNPJ();

const body = {
  type: 18,
  responsible_name: 'Dra. Helena Prado',
  responsible_registration: 'CRP 06/12345',
  presented_on: '2026-03-10',
  presented_how: 'Reunião geral com os trabalhadores e cartaz no refeitório',
  measures: { demands: 'Pausas programadas a cada duas horas na linha de produção.' },
  sources: { demands: 'Metas diárias de produção e turnos de 12 horas.' },
  processes: { Produção: 'Linha de estampagem e solda' },
  activities: { Produção: 'Operação de prensas e soldagem' },
};

const call = (method: 'GET' | 'POST', url: string, token = adminToken, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const count = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(riskInventories))[0]!.n);

beforeAll(async () => {
  const [row] = await t.db.insert(companies).values({ commercialName: 'Metalúrgica Aço Firme', companyName: 'Aço Firme Metalurgia Ltda.', cnpj: CNPJ }).returning();
  company = row!.id;
  const made = await t.db
    .insert(sectors)
    .values(['Produção', 'Escritório', 'Portaria'].map((sectorName) => ({ companyId: company, sectorName })))
    .returning();
  sectorId = Object.fromEntries(made.map((one) => [one.sectorName, one.id]));
  const [operator] = await t.db.insert(positions).values({ companyId: company, positionName: 'Operador' }).returning({ id: positions.id });
  const operate = (userId: number) => t.db.insert(userPositions).values({ userId, positionId: operator!.id });
  const people: [string, number][] = [
    ['Produção', 5],
    ['Escritório', 4],
    ['Portaria', 2],
  ];
  for (const [sector, n] of people) {
    for (let index = 0; index < n; index += 1) {
      const [user] = await t.db
        .insert(users)
        .values({ name: `Pessoa Sigilosa ${sector} ${index + 1}`, email: `inv.${sector.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}${index + 1}@acofirme.test`, typeAccount: 3, companyId: company })
        .returning({ id: users.id });
      await t.db.insert(userSectors).values({ userId: user!.id, sectorId: sectorId[sector]! });
      if (sector === 'Produção') await operate(user!.id);
      await insertEvaluation({ userId: user!.id, rated: user!.id, ratedSector: sectorId[sector]!, typeEvaluation: 18, done: true, companyId: company }, answers(sector === 'Produção'));
    }
  }
  // Invited, not answered: participation 11 of 12.
  const [pending] = await t.db.insert(users).values({ name: 'Pessoa Pendente', email: 'inv.pendente@acofirme.test', typeAccount: 3, companyId: company }).returning({ id: users.id });
  await t.db.insert(userSectors).values({ userId: pending!.id, sectorId: sectorId['Produção']! });
  await operate(pending!.id);
  await insertEvaluation({ userId: pending!.id, rated: pending!.id, typeEvaluation: 18, done: false, companyId: company }, {});
  // Deactivated: in the registry, not exposed.
  const [gone] = await t.db.insert(users).values({ name: 'Pessoa Desligada', email: 'inv.desligada@acofirme.test', typeAccount: 3, companyId: company, status: false }).returning({ id: users.id });
  await t.db.insert(userSectors).values({ userId: gone!.id, sectorId: sectorId['Produção']! });
  await operate(gone!.id);
  await t.db.insert(riskSeverities).values(FACTORS.map((factor, index) => ({ companyId: company, typeEvaluation: 18, factor, severity: factor === 'demands' ? 3 : (index % 2) + 1, reason: `Justificativa da severidade de ${factor}.` })));
  await addUserWithPassword(t.db, { email: 'rh@acofirme.test', password: 'Empresa-aco-1', typeAccount: 2, companyId: company });
  const signed = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email: 'rh@acofirme.test', password: 'Empresa-aco-1' } });
  ownToken = (signed.json() as { token: string }).token;
  const [cycle] = await t.db.insert(cycles).values({ companyId: other.companyId, name: 'Ciclo de outra empresa', types: [18], opensOn: '2026-01-05' }).returning();
  otherCycle = cycle!.id;
}, 60000);

describe('the psychosocial risk inventory', () => {
  let v1: Inventory;

  it('previews exactly what it then publishes, as version 1, audited', async () => {
    const preview = await call('POST', `/api/risk/${company}/inventories/preview`, adminToken, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = preview.json() as InventoryPreview;
    expect(await count()).toBe(0);
    const published = await call('POST', `/api/risk/${company}/inventories`, adminToken, body);
    expect(published.statusCode, published.body).toBe(200);
    const answer = published.json() as InventoryPublished;
    expect(answer.message).toBe('Inventário publicado (versão 1).');
    v1 = answer.inventory;
    expect(v1.content).toEqual(previewed.content);
    expect([previewed.version, v1.version]).toEqual([1, 1]);
    expect(v1.review_due).toBe(twoYearsAfter(localDay(new Date(), 'America/Sao_Paulo')));
    expect(previewed.review_due).toBe(v1.review_due);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'risk.inventory.publish')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ companyId: company, target: `riskInventory:${v1.id}` });
    expect(audit!.details).toMatchObject({ type_evaluation: 18, version: 1 });
  });

  it('holds the company, participation, matrix and one entry per group and factor, hidden groups without numbers', () => {
    const { content } = v1;
    expect(content.company).toEqual({ name: 'Metalúrgica Aço Firme', legal_name: 'Aço Firme Metalurgia Ltda.', cnpj: CNPJ });
    expect(content.questionnaire).toMatchObject({ type: 18, title: 'Fatores Psicossociais do Trabalho', validated: false, notice: 'Instrumento de exemplo, não validado' });
    expect(content.participation).toEqual({ invited: 12, answered: 11, rate: 91.7 });
    expect(content.matrix).toEqual(Object.fromEntries(Object.entries(t.app.definitions.riskMatrix).filter(([key]) => key !== '$schema')));
    expect(content.ergonomics).toBe('Não se aplica a este inventário psicossocial');
    const whole = content.entries.filter((entry) => entry.whole);
    expect(whole.map((entry) => entry.factor)).toEqual(FACTORS);
    expect(whole[0]).toMatchObject({ group: 'Empresa toda (todos os setores)', exposed: 12, share: 45.5, probability_label: 'Provável', severity_label: 'Grave', level_label: 'Crítico', measures: body.measures.demands, sources: body.sources.demands });
    expect(whole[1]).toMatchObject({ measures: 'Nenhuma medida de prevenção informada.', sources: 'Não informadas.' });
    const production = content.entries.filter((entry) => entry.group === 'Produção');
    expect(production).toHaveLength(9);
    expect(production[0]).toMatchObject({ exposed: 6, share: 100, probability_label: 'Muito provável', level_label: 'Crítico', processes: 'Linha de estampagem e solda', activities: 'Operação de prensas e soldagem', withheld: null });
    for (const name of ['Escritório', 'Portaria']) {
      const hidden = content.entries.filter((entry) => entry.group === name);
      expect(hidden).toHaveLength(1);
      expect(hidden[0]).toMatchObject({ processes: name, factor: null, share: null, probability_label: null, level_label: null, severity_label: null, respondents: null });
      expect(hidden[0]!.withheld).toMatch(/^Oculto: /);
    }
    expect(content.entries.find((entry) => entry.group === 'Escritório')!.exposed).toBe(4);
    // Aggregates only: nobody's name.
    expect(JSON.stringify(content)).not.toContain('Pessoa ');
  });

  it('takes positions as the exposure groups when asked', async () => {
    const preview = await call('POST', `/api/risk/${company}/inventories/preview`, adminToken, { ...body, group_by: 'position', processes: { Operador: 'Prensas e solda' } });
    expect(preview.statusCode, preview.body).toBe(200);
    const { entries } = (preview.json() as InventoryPreview).content;
    expect(entries.filter((entry) => !entry.whole).map((entry) => [entry.group, entry.group_kind, entry.exposed, entry.share, entry.level_label, entry.processes])[0]).toEqual(['Operador', 'position', 6, 100, 'Crítico', 'Prensas e solda']);
    expect(entries.filter((entry) => !entry.whole)).toHaveLength(9);
    expect(entries.every((entry) => entry.group_kind === (entry.whole ? 'whole' : 'position'))).toBe(true);
  });

  it('publishes version 2 and keeps version 1 as it was, both listed newest first', async () => {
    await t.db.update(riskSeverities).set({ severity: 4 }).where(sql`${riskSeverities.companyId} = ${company} and ${riskSeverities.factor} = 'demands'`);
    const published = await call('POST', `/api/risk/${company}/inventories`, adminToken, { ...body, responsible_name: 'Eng. Marcos Lima', responsible_registration: 'Registro MTE 123456', presented_on: null });
    expect(published.statusCode, published.body).toBe(200);
    const v2 = (published.json() as InventoryPublished).inventory;
    expect(v2.version).toBe(2);
    expect(v2.content.entries[0]!.severity_label).toBe('Gravíssima');
    const again = await call('GET', `/api/risk/inventories/${v1.id}`);
    expect(again.json()).toEqual(v1);
    const list = await call('GET', `/api/risk/${company}/inventories`);
    expect(list.statusCode).toBe(200);
    const versions = (list.json() as { inventories: { id: number; version: number; responsible_name: string; published_by: string | null }[] }).inventories;
    expect(versions.map((one) => [one.version, one.responsible_name])).toEqual([
      [2, 'Eng. Marcos Lima'],
      [1, 'Dra. Helena Prado'],
    ]);
    expect(versions[0]!.published_by).not.toBeNull();
  });

  it('refuses to change or delete a published version, even in SQL', async () => {
    for (const statement of [sql`update risk_inventories set responsible_name = 'Outro'`, sql`delete from risk_inventories`, sql`truncate risk_inventories`]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
    expect(((await call('GET', `/api/risk/inventories/${v1.id}`)).json() as Inventory).responsible_name).toBe('Dra. Helena Prado');
  });

  it.each([
    ['an unknown type', { ...body, type: 999 }, 400, 'O questionário 999 não existe ou não tem fatores de risco psicossocial.'],
    ['a questionnaire without risk factors (PSS-14)', { ...body, type: 13 }, 400, 'O questionário 13 não existe ou não tem fatores de risco psicossocial.'],
    ['a blank responsible name', { ...body, responsible_name: '   ' }, 400, 'Informe o nome do profissional responsável pelo inventário.'],
    ['a blank registration', { ...body, responsible_registration: '' }, 400, 'Informe o registro profissional do responsável pelo inventário (por exemplo, CRP 06/12345 ou o registro no MTE).'],
    ['an invalid presentation day', { ...body, presented_on: '2026-02-30' }, 400, 'A data de apresentação aos trabalhadores deve ser uma data válida (aaaa-mm-dd).'],
  ])('refuses %s, storing nothing', async (_label, payload, status, message) => {
    const before = await count();
    for (const url of [`/api/risk/${company}/inventories/preview`, `/api/risk/${company}/inventories`]) {
      const response = await call('POST', url, adminToken, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(await count()).toBe(before);
  });

  it("refuses another company's round (404), a company without answers and a factor without severity", async () => {
    const before = await count();
    const cycle = await call('POST', `/api/risk/${company}/inventories`, adminToken, { ...body, cycle_id: otherCycle });
    expect([cycle.statusCode, cycle.json()]).toEqual([404, { message: `Ciclo ${otherCycle} não encontrado.` }]);
    const empty = await call('POST', `/api/risk/${other.companyId}/inventories`, adminToken, body);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Não há respostas do questionário Fatores Psicossociais do Trabalho nesta empresa: o inventário é feito das respostas dos trabalhadores.');
    await t.db.delete(riskSeverities).where(sql`${riskSeverities.companyId} = ${company} and ${riskSeverities.factor} in ('autonomy', 'workLife')`);
    try {
      const unrated = await call('POST', `/api/risk/${company}/inventories`, adminToken, body);
      expect(unrated.statusCode).toBe(400);
      expect(unrated.json().message).toBe('Um inventário precisa do nível de risco de cada fator: defina a severidade de Autonomia e controle, Equilíbrio entre trabalho e vida pessoal.');
    } finally {
      await t.db.insert(riskSeverities).values(['autonomy', 'workLife'].map((factor) => ({ companyId: company, typeEvaluation: 18, factor, severity: 2, reason: `Justificativa da severidade de ${factor}.` })));
    }
    expect(await count()).toBe(before);
  });

  it('lets a company user read its own inventories and no other company’s, and publish none', async () => {
    expect((await call('GET', `/api/risk/${company}/inventories`, ownToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/risk/inventories/${v1.id}`, ownToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/risk/inventories/${v1.id}/pdf`, ownToken)).statusCode).toBe(200);
    for (const url of [`/api/risk/${company}/inventories`, `/api/risk/inventories/${v1.id}`, `/api/risk/inventories/${v1.id}/pdf`, `/api/risk/inventories/${v1.id}/xlsx`]) {
      expect((await call('GET', url, companyToken)).statusCode, url).toBe(404);
    }
    expect((await call('POST', `/api/risk/${company}/inventories`, ownToken, body)).statusCode).toBe(403);
    expect((await call('POST', `/api/risk/${company}/inventories/preview`, ownToken, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/risk/inventories/999999')).statusCode).toBe(404);
  });

  it('lays the PDF out with every NR-1 field, the responsible, the review day and the participation, and no hidden number', async () => {
    const response = await call('GET', `/api/risk/inventories/${v1.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('Inventário de riscos psicossociais - Metalúrgica Aço Firme - versão 1.pdf');
    const text = pdfText(response.rawPayload).normalize('NFC');
    for (const field of NR1_FIELDS) expect(text, field).toContain(field);
    const review = v1.review_due;
    for (const expected of [
      'Dra. Helena Prado',
      'CRP 06/12345',
      `${review.slice(8, 10)}/${review.slice(5, 7)}/${review.slice(0, 4)}`,
      'Trabalhadores convidados 12',
      'Responderam 11',
      '91,7%',
      '10/03/2026',
      formatCNPJ(CNPJ),
      'Instrumento de exemplo, não validado',
      'Grupo exposto: Produção (setor)',
      'Grupo exposto: Portaria (setor)',
      'Pausas programadas a cada duas horas',
      'Crítico',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Hidden groups show their reason, never a share: the only percentages are the whole's and Produção's (and the rate, the bands).
    expect(text).toContain('Oculto: menos de 3 respondentes');
    for (const hidden of ['Escritório', 'Portaria']) {
      const start = text.indexOf(`Grupo exposto: ${hidden}`);
      const section = text.slice(start, text.indexOf('Grupo exposto: ', start + 10));
      expect(section).toContain('Oculto: ');
      expect(section).not.toMatch(/\d+(,\d)?%/);
    }
    expect(text).not.toContain('Pessoa Sigilosa');
  });

  it('gives the spreadsheet one row per entry and one column per NR-1 field', async () => {
    const response = await call('GET', `/api/risk/inventories/${v1.id}/xlsx`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    const headerIndex = rows.findIndex((row) => row[0] === 'Grupo exposto');
    expect(rows[headerIndex]).toEqual(NR1_FIELDS);
    const entries = rows.slice(headerIndex + 1);
    expect(entries).toHaveLength(v1.content.entries.length);
    expect(entries[0]!.slice(0, 4)).toEqual(['Empresa toda (todos os setores)', 'Todos os processos e ambientes de trabalho da empresa', 'Todas as atividades da empresa', 'Demandas e ritmo de trabalho: Sobrecarga de trabalho, ritmo intenso e prazos apertados']);
    expect(entries[0]![6]).toBe(12);
    expect(entries[0]![9]).toBeCloseTo(0.455);
    const hidden = entries.find((row) => row[0] === 'Portaria (setor)')!;
    expect(hidden[9] ?? '').toBe('');
    expect(String(hidden[13])).toMatch(/^Oculto: /);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'report.export')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ target: `riskInventory:${v1.id}` });
  });

  it("keeps every published version whole when the company's retention erases the people who answered", async () => {
    // Personal answers follow the company's retention (one month here, a year and more after them);
    // a published inventory holds aggregates only and stays as published.
    await t.db.update(companies).set({ retentionMonths: 1 }).where(eq(companies.id, company));
    const pass = await runRetention(t.app, new Date(Date.now() + 400 * 86_400_000));
    expect(pass.companies.find((one) => one.company_id === company)?.erased.length).toBeGreaterThanOrEqual(11);
    expect((await call('GET', `/api/risk/inventories/${v1.id}`)).json()).toEqual(v1);
    expect((await call('GET', `/api/risk/inventories/${v1.id}/pdf`)).statusCode).toBe(200);
  });

  it('answers no malformed request with a 500', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', `/api/risk/${company}/inventories`, {}],
      ['POST', `/api/risk/${company}/inventories`, { ...body, type: 'x' }],
      ['POST', `/api/risk/${company}/inventories`, { ...body, measures: 'texto' }],
      ['POST', `/api/risk/${company}/inventories`, { ...body, measures: { demands: { texto: 'x' } } }],
      ['POST', `/api/risk/${company}/inventories`, { ...body, extra: true }],
      ['POST', `/api/risk/${company}/inventories`, { ...body, cycle_id: 0 }],
      ['POST', `/api/risk/${company}/inventories`, { ...body, cycle_id: 2147483647 }],
      ['POST', `/api/risk/${company}/inventories/preview`, { ...body, responsible_name: 'x'.repeat(5000) }],
      ['POST', `/api/risk/${company}/inventories/preview`, { ...body, presented_on: '10/03/2026' }],
      ['POST', '/api/risk/abc/inventories', body],
      ['POST', '/api/risk/0/inventories', body],
      ['POST', '/api/risk/999999/inventories', body],
      ['GET', '/api/risk/inventories/abc', undefined],
      ['GET', '/api/risk/inventories/0/pdf', undefined],
      ['GET', '/api/risk/inventories/99999999999/xlsx', undefined],
    ];
    const before = await count();
    for (const [method, url, payload] of bad) {
      const response = await call(method as 'GET' | 'POST', url, adminToken, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
    expect(await count()).toBe(before);
  });
});
