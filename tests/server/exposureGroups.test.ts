import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExposureGroup, ExposureGroupList, ExposureGroupSaved } from '../../apps/server/src/contract/exposureGroups.ts';
import type { InventoryPreview } from '../../apps/server/src/contract/riskInventories.ts';
import type { MeasureOptions, MeasureSaved } from '../../apps/server/src/contract/riskMeasures.ts';
import { exposureGroups } from '../../apps/server/src/db/riskSchema.ts';
import { riskSeverities } from '../../apps/server/src/db/riskSchema.ts';
import { auditLog, companies, positions, sectors, userPositions, users, userSectors } from '../../apps/server/src/db/schema.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * Exposure groups staff define from sectors and positions (NR-1, issue 27), on /dash/18 beside the
 * sectors and positions, in the inventory and in the action plan. Every number below is worked by hand.
 *
 * Transportes Rota Certa (minimum 3), 12 people answering the 36 statements; 'Demandas e ritmo' with
 * severity 3 (Grave), the other factors 1 (Leve). Unfavourable: the four 'Demandas' statements at their worst (100% of the factor),
 * else everything 'Às vezes' (0%).
 *   Pátio      4 people, Motorista, unfavourable.
 *   Oficina    2 people, Mecânico, unfavourable.
 *   Escritório 5 people, Assistente.
 *   (no sector) 1 person, Assistente.
 * Groups: Operação = sectors Pátio and Oficina (6 people); Administrativo e pátio = sectors Escritório
 * and Pátio (9); Motoristas do pátio = sector Pátio and position Motorista (4, everyone in Pátio).
 *
 * Hidden, all groupings at once (sectors kept before positions, positions before groups):
 *   Oficina (2) and Mecânico (2): under the minimum.
 *   The whole less Pátio less Assistente (they share no one) = 12 − 4 − 6 = 2, Oficina's people: of the
 *     two, the position goes (Assistente, 'complement'). Each heatmap alone would show both: the
 *     sectors' rule sees 12 − 4 − 5 = 3, the positions' 12 − 4 − 6 only as two groups of its own.
 *   The whole less Motorista = 8 (no gap alone), but Motorista is Pátio's people: shown as Pátio is.
 *   Operação less Pátio = 2, Oficina's people: Operação goes ('complement'), not Pátio.
 * Shown: Escritório 0%; Pátio 100% (probability 4, Grave: Crítico); Motorista 100%, Crítico;
 *   Administrativo e pátio 4 × 100 / 9 = 44,4% (probability 3, 40% to 60%; Grave × 3 = 9, Crítico);
 *   Motoristas do pátio 100%, Crítico.
 */

const UNDER = 'Oculto: menos de 3 respondentes neste grupo, para preservar o anonimato.';
const COMPLEMENT = 'Oculto: com este grupo à vista, um grupo de menos de 3 respondentes poderia ser deduzido dos outros e do total.';
const STATEMENTS = Array.from({ length: 36 }, (_, index) => String(index + 1));
const answers = (worstDemands: boolean) => ({
  ...Object.fromEntries(STATEMENTS.map((id) => [id, '3'])),
  ...(worstDemands ? { '1': '5', '2': '5', '3': '1', '4': '5' } : {}),
});

let company = 0;
const sectorId: Record<string, number> = {};
const positionId: Record<string, number> = {};
const groupId: Record<string, number> = {};

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = adminToken) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const create = async (name: string, sectorNames: string[], positionNames: string[] = [], description?: string) => {
  const response = await call('POST', `/api/risk/${company}/exposure-groups`, {
    name,
    ...(description === undefined ? {} : { description }),
    sector_ids: sectorNames.map((sector) => sectorId[sector]!),
    position_ids: positionNames.map((position) => positionId[position]!),
  });
  expect(response.statusCode, response.body).toBe(200);
  const saved = response.json() as ExposureGroupSaved;
  groupId[name] = saved.group.id;
  return saved;
};

const groupCount = async () => (await t.db.select({ id: exposureGroups.id }).from(exposureGroups)).length;

beforeAll(async () => {
  const [row] = await t.db.insert(companies).values({ commercialName: 'Transportes Rota Certa', companyName: 'Rota Certa Transportes Ltda.' }).returning();
  company = row!.id;
  for (const made of await t.db.insert(sectors).values(['Pátio', 'Oficina', 'Escritório'].map((sectorName) => ({ companyId: company, sectorName }))).returning()) sectorId[made.sectorName] = made.id;
  for (const made of await t.db.insert(positions).values(['Motorista', 'Mecânico', 'Assistente'].map((positionName) => ({ companyId: company, positionName }))).returning()) positionId[made.positionName] = made.id;
  const people: [string | null, string, number, boolean][] = [
    ['Pátio', 'Motorista', 4, true],
    ['Oficina', 'Mecânico', 2, true],
    ['Escritório', 'Assistente', 5, false],
    [null, 'Assistente', 1, false],
  ];
  for (const [sector, position, count, worst] of people) {
    for (let index = 0; index < count; index += 1) {
      const [user] = await t.db
        .insert(users)
        .values({ name: `${sector ?? 'Sem setor'} ${index + 1}`, email: `${(sector ?? 'semsetor').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}${index + 1}@rotacerta.test`, typeAccount: 3, companyId: company })
        .returning({ id: users.id });
      if (sector) await t.db.insert(userSectors).values({ userId: user!.id, sectorId: sectorId[sector]! });
      await t.db.insert(userPositions).values({ userId: user!.id, positionId: positionId[position]! });
      await insertEvaluation({ userId: user!.id, rated: user!.id, typeEvaluation: 18, done: true, companyId: company }, answers(worst));
    }
  }
  // Every factor rated (an inventory needs them all): 'Demandas' Grave, the others Leve.
  const factors = t.app.definitions.questionnaires.get(18)!.risk!.factors.map((factor) => factor.id);
  await t.db.insert(riskSeverities).values(factors.map((factor) => ({ companyId: company, typeEvaluation: 18, factor, severity: factor === 'demands' ? 3 : 1, reason: factor === 'demands' ? 'Prazos de entrega e jornadas longas ao volante.' : 'Exposição eventual.' })));
}, 60000);

const data = async () => {
  const response = await call('POST', '/api/dashboards/18/data', { company_id: company });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
};

/** The 'Demandas' row of each group: name, respondents, share (one decimal), level, reason hidden. */
const demands = (rows: Row[]) =>
  rows.filter((row) => row.factor === 'demands').map((row) => [row.group, row.respondents, row.share === null ? null : Math.round(Number(row.share) * 10) / 10, row.levelLabel, row.withheld]);

describe('exposure groups', () => {
  it('creates groups from sectors and positions, counting the people in each by the rule, audited', async () => {
    const made = await create('Operação', ['Pátio', 'Oficina'], [], '  Carga, descarga e manutenção da frota.  ');
    expect(made.message).toBe('Grupo de exposição "Operação" criado.');
    expect(made.group).toMatchObject({ name: 'Operação', description: 'Carga, descarga e manutenção da frota.', people: 6, measures: 0, positions: [] });
    expect(made.group.sectors.map((sector) => sector.name)).toEqual(['Oficina', 'Pátio']);
    await create('Administrativo e pátio', ['Escritório', 'Pátio']);
    const narrow = await create('Motoristas do pátio', ['Pátio'], ['Motorista']);
    expect(narrow.group.people).toBe(4);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'risk.exposureGroup.create')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ companyId: company, target: `exposureGroup:${groupId['Motoristas do pátio']}` });

    const list = await call('GET', `/api/risk/${company}/exposure-groups`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as ExposureGroupList;
    expect(body.groups.map((group) => [group.name, group.people])).toEqual([
      ['Administrativo e pátio', 9],
      ['Motoristas do pátio', 4],
      ['Operação', 6],
    ]);
    expect(body.sectors.map((sector) => sector.name)).toEqual(['Escritório', 'Oficina', 'Pátio']);
    expect(body.positions.map((position) => position.name)).toEqual(['Assistente', 'Mecânico', 'Motorista']);
  });

  it('hides, over sectors, positions and groups at once, every group that would give a small one away', async () => {
    const view = await data();
    expect(demands(view.datasets.riskBySector!.rows)).toEqual([
      ['Escritório', 5, 0, 'Moderado', null],
      ['Oficina', 2, null, null, UNDER],
      ['Pátio', 4, 100, 'Crítico', null],
    ]);
    expect(demands(view.datasets.riskByPosition!.rows)).toEqual([
      ['Assistente', 6, null, null, COMPLEMENT],
      ['Mecânico', 2, null, null, UNDER],
      ['Motorista', 4, 100, 'Crítico', null],
    ]);
    expect(demands(view.datasets.riskByExposure!.rows)).toEqual([
      ['Administrativo e pátio', 9, 44.4, 'Crítico', null],
      ['Motoristas do pátio', 4, 100, 'Crítico', null],
      ['Operação', 6, null, null, COMPLEMENT],
    ]);
    // No number of a hidden group leaves the server, under any field.
    for (const name of ['riskBySector', 'riskByPosition', 'riskByExposure']) {
      for (const row of view.datasets[name]!.rows.filter((one) => one.withheld !== null)) expect([row.share, row.probability, row.level, row.levelLabel, row.levelColor]).toEqual([null, null, null, null, null]);
    }
  });

  it('with a sector chosen, splits by sector only: a position or group in it, less the same unfiltered, would give the others away', async () => {
    const response = await call('POST', '/api/dashboards/18/data', { company_id: company, sector_id: sectorId['Pátio'] });
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as DashboardData;
    expect(demands(view.datasets.riskBySector!.rows)).toEqual([['Pátio', 4, 100, 'Crítico', null]]);
    const NARROWED = 'Oculto com um setor escolhido em Filtros: comparado ao mesmo grupo sem o filtro, poderia revelar as respostas de quem está fora do setor. Veja os cargos e os grupos de exposição sem escolher setor.';
    expect(demands(view.datasets.riskByPosition!.rows)).toEqual([['Motorista', 4, null, null, NARROWED]]);
    expect(demands(view.datasets.riskByExposure!.rows)).toEqual([
      ['Administrativo e pátio', 4, null, null, NARROWED],
      ['Motoristas do pátio', 4, null, null, NARROWED],
      ['Operação', 4, null, null, NARROWED],
    ]);
  });

  it('puts the groups in the inventory, named as groups, with their exposed workers and description', async () => {
    const body = { type: 18, group_by: 'exposure', responsible_name: 'Dra. Paula Reis', responsible_registration: 'CRP 06/12345' };
    const preview = await call('POST', `/api/risk/${company}/inventories/preview`, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const entries = (preview.json() as InventoryPreview).content.entries.filter((entry) => !entry.whole);
    const first = (name: string) => entries.find((entry) => entry.group === name)!;
    expect([first('Administrativo e pátio').group_kind, first('Administrativo e pátio').exposed, first('Administrativo e pátio').share, first('Administrativo e pátio').level_label]).toEqual(['exposure', 9, 44.4, 'Crítico']);
    expect(first('Operação')).toMatchObject({ exposed: 6, processes: 'Carga, descarga e manutenção da frota.', share: null, level_label: null });
    expect(first('Operação').withheld).toContain(COMPLEMENT);
    const pdf = await call('POST', `/api/risk/${company}/inventories`, body);
    expect(pdf.statusCode, pdf.body).toBe(200);
  });

  it('lets a measure answer a group, with its level before', async () => {
    const options = (await call('GET', `/api/risk/${company}/measures/options`)).json() as MeasureOptions;
    expect(options.exposure_groups.map((group) => group.name)).toEqual(['Administrativo e pátio', 'Motoristas do pátio', 'Operação']);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(and(eq(users.typeAccount, 1), eq(users.status, true))).limit(1);
    const response = await call('POST', `/api/risk/${company}/measures`, {
      type: 18,
      factor: 'demands',
      group_kind: 'exposure',
      group_id: groupId['Administrativo e pátio'],
      description: 'Rodízio de rotas e pausas entre entregas.',
      owner_id: admin!.id,
      due_on: '2030-06-28',
      effectiveness_check: 'Nova aplicação do questionário.',
      effectiveness_on: '2030-09-30',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { measure } = response.json() as MeasureSaved;
    expect([measure.group_kind, measure.group_name, measure.levels.before.label, measure.levels.before.share]).toEqual(['exposure', 'Administrativo e pátio', 'Crítico', 44.4]);
    const hidden = await call('POST', `/api/risk/${company}/measures`, { type: 18, factor: 'demands', group_kind: 'exposure', group_id: groupId['Operação'], description: 'Revezamento na oficina.', owner_id: admin!.id, due_on: '2030-06-28', effectiveness_check: 'Questionário.', effectiveness_on: '2030-09-30' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((hidden.json() as MeasureSaved).measure.levels.before).toMatchObject({ label: null, share: null, reason: COMPLEMENT });
    // Another company's group is refused as the group of a measure.
    const foreign = await t.db.insert(exposureGroups).values({ companyId: other.companyId, name: 'Vendas externas' }).returning({ id: exposureGroups.id });
    const refused = await call('POST', `/api/risk/${company}/measures`, { type: 18, factor: 'demands', group_kind: 'exposure', group_id: foreign[0]!.id, description: 'x', owner_id: admin!.id, due_on: '2030-06-28', effectiveness_check: 'x', effectiveness_on: '2030-09-30' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: `O grupo de exposição ${foreign[0]!.id} não existe nesta empresa.` });
  });

  it('renames and regroups, and refuses to delete a group a measure answers', async () => {
    const changed = await call('PATCH', `/api/risk/exposure-groups/${groupId['Motoristas do pátio']}`, { name: 'Motoristas', sector_ids: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as ExposureGroupSaved).group).toMatchObject({ name: 'Motoristas', sectors: [], people: 4 });
    const refused = await call('DELETE', `/api/risk/exposure-groups/${groupId['Administrativo e pátio']}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'O grupo de exposição "Administrativo e pátio" tem 1 medida(s) no plano de ação e não pode ser excluído: cada medida guarda o grupo a que se aplica. Você ainda pode mudar o nome, os setores e os cargos do grupo.',
    });
    const deleted = await call('DELETE', `/api/risk/exposure-groups/${groupId['Motoristas do pátio']}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Grupo de exposição "Motoristas" excluído.' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'risk.exposureGroup.delete')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ companyId: company, target: `exposureGroup:${groupId['Motoristas do pátio']}` });
  });

  it.each([
    ['a blank name', { name: '   ' }, 400, 'Informe o nome do grupo de exposição.'],
    ['a long name', { name: 'x'.repeat(121) }, 400, 'O nome do grupo de exposição pode ter no máximo 120 caracteres.'],
    ['no sector and no position', { sector_ids: [], position_ids: [] }, 400, 'Escolha ao menos um setor ou um cargo para o grupo de exposição.'],
    ['another company’s sector', { sector_ids: [0] }, 400, ''],
    ['a name taken in any case', { name: 'OPERAÇÃO' }, 409, 'Já existe um grupo de exposição chamado "OPERAÇÃO" nesta empresa.'],
    ['an unknown field', { colour: 'azul' }, 400, null],
    ['a repeated sector', { sector_ids: [1, 1] }, 400, null],
  ])('refuses %s with a Portuguese message, storing nothing', async (_label, fields, status, message) => {
    const payload = { name: 'Novo grupo', sector_ids: [sectorId['Pátio']!], position_ids: [], ...fields } as Record<string, unknown>;
    if (Array.isArray(payload.sector_ids) && payload.sector_ids[0] === 0) payload.sector_ids = [other.sectorId];
    const before = await groupCount();
    const response = await call('POST', `/api/risk/${company}/exposure-groups`, payload);
    expect(response.statusCode, response.body).toBe(status);
    const answer = response.json() as { message: string };
    if (message === '') expect(answer.message).toBe(`O setor ${other.sectorId} não existe nesta empresa.`);
    else if (message !== null) expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(/^Requisição inválida/);
    expect(await groupCount()).toBe(before);
  });

  it('lets a company user read only its own company’s groups, and write none', async () => {
    const created = await call('POST', `/api/risk/${demo.companyId}/exposure-groups`, { name: 'Atendimento', sector_ids: [demo.sectors[0]!.id], position_ids: [] });
    expect(created.statusCode, created.body).toBe(200);
    const own = await call('GET', `/api/risk/${demo.companyId}/exposure-groups`, undefined, companyToken);
    expect(own.statusCode).toBe(200);
    // The demo company's own two, and the one just made.
    expect((own.json() as ExposureGroupList).groups.map((group: ExposureGroup) => group.name)).toEqual(['Atendimento', 'Lideranças', 'Operação em turnos']);
    expect((await call('GET', `/api/risk/${company}/exposure-groups`, undefined, companyToken)).statusCode).toBe(404);
    expect((await call('POST', `/api/risk/${demo.companyId}/exposure-groups`, { name: 'Outro', sector_ids: [demo.sectors[0]!.id], position_ids: [] }, companyToken)).statusCode).toBe(403);
    const id = (created.json() as ExposureGroupSaved).group.id;
    expect((await call('PATCH', `/api/risk/exposure-groups/${id}`, { name: 'Outro' }, companyToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/risk/exposure-groups/${id}`, undefined, companyToken)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/risk/exposure-groups/999999`, { name: 'Outro' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/risk/exposure-groups/${id}`, {})).statusCode).toBe(400);
  });
});
