import { and, desc, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, companies, cycles, outbox, positions, sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { riskMeasureReminders, riskMeasures, riskReviewTriggers, riskSeverities } from '../../apps/server/src/db/riskSchema.ts';
import type { Measure, MeasureList, MeasureOptions, MeasureSaved } from '../../apps/server/src/contract/riskMeasures.ts';
import { runAutoReminders } from '../../apps/server/src/jobs/autoReminders.ts';
import { runMeasureReminders } from '../../apps/server/src/jobs/measureReminders.ts';
import { lockRiskSettings } from '../../apps/server/src/repositories/risk.ts';
import { insertTrigger } from '../../apps/server/src/repositories/riskReviews.ts';
import { triggerReviewBy } from '../../engine/lifecycle/riskReview.ts';
import { localDay } from '../../engine/rules/dates.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The action plan (NR-1, issue 27) on a company with two rounds of the psychosocial questionnaire (18),
 * 'Demandas e ritmo' with severity 3 (Grave); default matrix, row of severity 3: Moderado, Alto, Crítico,
 * Crítico by probability 1–4 (shares under 20%, 40%, 60%, else). Worked by hand:
 *   Ciclo 1 (opens 2026-01-05): Produção 5 people with the four 'Demandas' statements unfavourable
 *     (100%), Escritório 4 people with none (0%). Whole: 20 of 36 answers = 55,6%, probability 3,
 *     Crítico; Produção 100%, 4, Crítico.
 *   Ciclo 2 (opens 2026-07-01): the same people, Produção with one of the four unfavourable (25%,
 *     probability 2, Alto); whole 5 of 36 = 13,9%, probability 1, Moderado.
 *   Ciclo 3 (opens 2026-10-01): no answers of 18, so never a measure's "after".
 */

const STATEMENTS = Array.from({ length: 36 }, (_, index) => String(index + 1));
const answers = (unfavourable: string[]) => ({
  ...Object.fromEntries(STATEMENTS.map((id) => [id, '3'])),
  ...Object.fromEntries(unfavourable.map((id) => [id, id === '3' ? '1' : '5'])),
});

let company = 0;
let production = 0;
let office = 0;
let position = 0;
let round1 = 0;
let round2 = 0;
let adminId = 0;
let otherSector = 0;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, token = adminToken) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const count = async () => (await t.db.select({ id: riskMeasures.id }).from(riskMeasures)).length;
const measure = (fields: Record<string, unknown> = {}) => ({
  type: 18,
  factor: 'demands',
  group_kind: 'whole',
  cycle_id: round1,
  description: 'Pausas programadas a cada duas horas na linha de produção.',
  owner_id: adminId,
  due_on: '2030-06-28',
  effectiveness_check: 'Nova aplicação do questionário e comparação do nível de Demandas.',
  effectiveness_on: '2030-09-30',
  ...fields,
});

beforeAll(async () => {
  const [row] = await t.db.insert(companies).values({ commercialName: 'Têxtil Fio Forte', companyName: 'Fio Forte Têxtil Ltda.' }).returning();
  company = row!.id;
  const made = await t.db
    .insert(sectors)
    .values(['Produção', 'Escritório'].map((sectorName) => ({ companyId: company, sectorName })))
    .returning();
  [production, office] = [made[0]!.id, made[1]!.id];
  position = (await t.db.insert(positions).values({ companyId: company, positionName: 'Tecelão' }).returning())[0]!.id;
  const rounds = await t.db
    .insert(cycles)
    .values([
      { companyId: company, name: 'Ciclo 1', types: [18], opensOn: '2026-01-05' },
      { companyId: company, name: 'Ciclo 2', types: [18], opensOn: '2026-07-01' },
      { companyId: company, name: 'Ciclo 3', types: [18], opensOn: '2026-10-01' },
    ])
    .returning();
  [round1, round2] = [rounds[0]!.id, rounds[1]!.id];
  for (const [sector, n] of [
    [production, 5],
    [office, 4],
  ] as const) {
    for (let index = 0; index < n; index += 1) {
      const [user] = await t.db
        .insert(users)
        .values({ name: `Pessoa ${sector}-${index}`, email: `plano.${sector}.${index}@fioforte.test`, typeAccount: 3, companyId: company })
        .returning({ id: users.id });
      await t.db.insert(userSectors).values({ userId: user!.id, sectorId: sector });
      const common = { userId: user!.id, rated: user!.id, ratedSector: sector, typeEvaluation: 18, done: true, companyId: company };
      await insertEvaluation({ ...common, cycleId: round1 }, answers(sector === production ? ['1', '2', '3', '4'] : []));
      await insertEvaluation({ ...common, cycleId: round2 }, answers(sector === production ? ['1'] : []));
    }
  }
  await t.db.insert(riskSeverities).values({ companyId: company, typeEvaluation: 18, factor: 'demands', severity: 3, reason: 'Metas diárias e turnos longos na tecelagem.' });
  adminId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@teste.avalia')))[0]!.id;
  otherSector = demo.sectors[0]!.id;
}, 60000);

describe('the action plan', () => {
  let whole: Measure;

  it('offers the form its factors, groups, rounds and owners (staff and the company’s users only)', async () => {
    const response = await call('GET', `/api/risk/${company}/measures/options`);
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json() as MeasureOptions;
    expect(options.questionnaires.find((one) => one.type === 18)!.factors[0]).toEqual({ id: 'demands', label: 'Demandas e ritmo de trabalho' });
    expect(options.sectors.map((one) => one.name)).toEqual(['Escritório', 'Produção']);
    expect(options.positions).toEqual([{ id: position, name: 'Tecelão' }]);
    expect(options.cycles.map((one) => [one.name, one.types])).toEqual([
      ['Ciclo 3', [18]],
      ['Ciclo 2', [18]],
      ['Ciclo 1', [18]],
    ]);
    expect(options.owners.find((one) => one.id === adminId)).toMatchObject({ staff: true });
    // The demo company's user is not an owner of this company's measures.
    expect(options.owners.some((one) => one.email === 'empresa@teste.avalia')).toBe(false);
    expect((await call('GET', `/api/risk/${company}/measures/options`, undefined, companyToken)).statusCode).toBe(403);
  });

  it('creates measures, audited, with the level before and after by hand', async () => {
    const created = await call('POST', `/api/risk/${company}/measures`, measure());
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json() as MeasureSaved;
    expect(saved.message).toBe('Medida incluída no plano de ação.');
    whole = saved.measure;
    expect(whole).toMatchObject({ factor_label: 'Demandas e ritmo de trabalho', group_name: 'Empresa toda', owner_name: expect.any(String), status: 'planejada', overdue: false, cycle_name: 'Ciclo 1', effectiveness_result: null });
    expect(whole.levels).toEqual({
      before: { cycle_id: round1, cycle_name: 'Ciclo 1', label: 'Crítico', color: '#c62828', share: 55.6, reason: null },
      after: { cycle_id: round2, cycle_name: 'Ciclo 2', label: 'Moderado', color: '#f9a825', share: 13.9, reason: null },
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'risk.measure.create')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ companyId: company, target: `riskMeasure:${whole.id}` });
    expect(audit!.details).toMatchObject({ type_evaluation: 18, factor: 'demands', group_kind: 'whole', due_on: '2030-06-28' });

    for (const payload of [
      measure({ group_kind: 'sector', group_id: production, due_on: '2026-03-31', description: 'Rodízio de tarefas na tecelagem.' }),
      measure({ group_kind: 'position', group_id: position, cycle_id: round2 }),
    ]) {
      expect((await call('POST', `/api/risk/${company}/measures`, payload)).statusCode).toBe(200);
    }
    const list = await call('GET', `/api/risk/${company}/measures?type=18`);
    expect(list.statusCode, list.body).toBe(200);
    const { today, measures } = list.json() as MeasureList;
    expect(today).toBe(localDay(new Date(), 'America/Sao_Paulo'));
    // By deadline: the sector's (overdue: open and due before today) first.
    expect(measures.map((one) => [one.group_name, one.overdue, one.levels.before.label, one.levels.before.share, one.levels.after?.label ?? null, one.levels.after?.share ?? null])).toEqual([
      ['Produção', true, 'Crítico', 100, 'Alto', 25],
      ['Empresa toda', false, 'Crítico', 55.6, 'Moderado', 13.9],
      // Nobody answered in the position; Ciclo 3 has no answers: no "after".
      ['Tecelão', false, null, null, null, null],
    ]);
    expect(measures[2]!.levels.before.reason).toBe('Sem respostas deste grupo neste ciclo.');
  });

  it.each([
    ['an unknown factor', { factor: 'nada' }, 'O fator de risco "nada" não existe no questionário Fatores Psicossociais do Trabalho.'],
    ['a questionnaire without risk factors', { type: 13 }, 'O questionário 13 não existe ou não tem fatores de risco psicossocial.'],
    ['another company’s sector', { group_kind: 'sector', group_id: 0 }, ''],
    ['a group for the whole company', { group_id: 1 }, 'Para a empresa toda, não informe o setor, o cargo nem o grupo de exposição.'],
    ['a sector without its id', { group_kind: 'sector' }, 'Escolha o setor, o cargo ou o grupo de exposição a que a medida se aplica.'],
    ['an impossible day', { due_on: '2026-02-30' }, 'O prazo deve ser uma data válida (aaaa-mm-dd).'],
    ['a blank description', { description: '   ' }, 'Descreva a medida.'],
    ['a long effectiveness check', { effectiveness_check: 'x'.repeat(2001) }, 'A forma de verificar a eficácia deve ter no máximo 2000 caracteres.'],
    ['an unknown status', { status: 'feita' }, 'Requisição inválida: o campo status tem um valor inválido'],
    ['an owner who is a participant', { owner_id: 0 }, 'O responsável deve ser um usuário ativo da equipe Avalia ou desta empresa, com e-mail.'],
  ])('refuses %s with a Portuguese 400, storing nothing', async (_label, fields, message) => {
    const resolved = { ...fields } as Record<string, unknown>;
    if (resolved.group_id === 0) resolved.group_id = otherSector;
    if (resolved.owner_id === 0) resolved.owner_id = demo.employees[0]!.id;
    const before = await count();
    const response = await call('POST', `/api/risk/${company}/measures`, measure(resolved));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: message || `O setor ${otherSector} não existe nesta empresa.` });
    expect(await count()).toBe(before);
  });

  it('changes status and result; an ineffective measure records a review trigger in the same write', async () => {
    const started = await call('PATCH', `/api/risk/measures/${whole.id}`, { status: 'em_andamento' });
    expect(started.statusCode, started.body).toBe(200);
    expect((started.json() as MeasureSaved).measure.status).toBe('em_andamento');
    expect((await call('PATCH', `/api/risk/measures/${whole.id}`, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/api/risk/measures/${whole.id}`, { due_on: 'amanhã' })).json()).toEqual({ message: 'O prazo deve ser uma data válida (aaaa-mm-dd).' });

    const checked = await call('PATCH', `/api/risk/measures/${whole.id}`, { status: 'concluida', effectiveness_result: 'ineficaz', effectiveness_note: 'O nível caiu, mas as queixas de ritmo continuam.' });
    expect(checked.statusCode, checked.body).toBe(200);
    const day = localDay(new Date(), 'America/Sao_Paulo');
    const reviewBy = triggerReviewBy(day);
    expect((checked.json() as MeasureSaved).message).toBe(`Medida atualizada. Como ela foi considerada ineficaz, a avaliação de riscos da empresa deve ser revista até ${reviewBy.split('-').reverse().join('/')} (NR-1, 1.5.4.4.6).`);
    const triggers = await t.db.select().from(riskReviewTriggers).where(eq(riskReviewTriggers.measureId, whole.id));
    expect(triggers).toHaveLength(1);
    expect(triggers[0]).toMatchObject({ companyId: company, typeEvaluation: 18, kind: 'medida_ineficaz', occurredOn: day, reviewBy });
    expect(triggers[0]!.description).toBe('Medida considerada ineficaz: Pausas programadas a cada duas horas na linha de produção. (fator Demandas e ritmo de trabalho, Empresa toda).');
    // Saying it again records no second trigger.
    expect((await call('PATCH', `/api/risk/measures/${whole.id}`, { effectiveness_result: 'ineficaz' })).statusCode).toBe(200);
    expect(await t.db.select().from(riskReviewTriggers).where(eq(riskReviewTriggers.measureId, whole.id))).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'risk.measure.update'), eq(auditLog.target, `riskMeasure:${whole.id}`))).orderBy(auditLog.id);
    expect(audits.map((one) => (one.details as { fields: string[] }).fields)).toEqual([['status'], ['effectiveness_note', 'effectiveness_result', 'status'], ['effectiveness_result']]);
    expect(audits[1]!.details).toMatchObject({ trigger_id: triggers[0]!.id, effectiveness_result: 'ineficaz' });
  });

  it('keeps a measure consistent: a result only when concluded, the check not before the deadline, a round of the questionnaire', async () => {
    const before = await count();
    const refused = async (method: 'POST' | 'PATCH', url: string, payload: object, message: string) => {
      const response = await call(method, url, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message });
    };
    const RESULT = 'O resultado da verificação de eficácia só pode ser registrado em uma medida concluída.';
    const CHECK_DAY = 'A verificação da eficácia não pode ser antes do prazo da medida.';
    await refused('POST', `/api/risk/${company}/measures`, measure({ status: 'em_andamento', effectiveness_result: 'eficaz' }), RESULT);
    await refused('POST', `/api/risk/${company}/measures`, measure({ status: 'cancelada', effectiveness_result: 'ineficaz' }), RESULT);
    await refused('POST', `/api/risk/${company}/measures`, measure({ due_on: '2030-06-28', effectiveness_on: '2030-06-27' }), CHECK_DAY);
    // A round of the company that holds another questionnaire only.
    const [other] = await t.db.insert(cycles).values({ companyId: company, name: 'Clima 2026', types: [13], opensOn: '2026-12-01' }).returning();
    try {
      await refused('POST', `/api/risk/${company}/measures`, measure({ cycle_id: other!.id }), `O ciclo ${other!.id} não inclui o questionário Fatores Psicossociais do Trabalho.`);
      expect(await count()).toBe(before);
      const planned = ((await call('POST', `/api/risk/${company}/measures`, measure({ description: 'Medida a cancelar.' }))).json() as MeasureSaved).measure;
      await refused('PATCH', `/api/risk/measures/${planned.id}`, { effectiveness_result: 'ineficaz' }, RESULT);
      await refused('PATCH', `/api/risk/measures/${planned.id}`, { status: 'cancelada', effectiveness_result: 'ineficaz' }, RESULT);
      await refused('PATCH', `/api/risk/measures/${planned.id}`, { effectiveness_on: '2030-01-01' }, CHECK_DAY);
      await refused('PATCH', `/api/risk/measures/${planned.id}`, { due_on: '2031-01-01' }, CHECK_DAY);
      await refused('PATCH', `/api/risk/measures/${planned.id}`, { cycle_id: other!.id }, `O ciclo ${other!.id} não inclui o questionário Fatores Psicossociais do Trabalho.`);
      expect(await t.db.select().from(riskReviewTriggers).where(eq(riskReviewTriggers.measureId, planned.id))).toEqual([]);
      // Its owner deactivated, the measure can still be cancelled: only the fields changed are checked again.
      const [owner] = await t.db.insert(users).values({ name: 'Gestora Saída', email: 'gestora.saida@fioforte.test', typeAccount: 2, companyId: company }).returning({ id: users.id });
      expect((await call('PATCH', `/api/risk/measures/${planned.id}`, { owner_id: owner!.id })).statusCode).toBe(200);
      await t.db.update(users).set({ status: false }).where(eq(users.id, owner!.id));
      const cancelled = await call('PATCH', `/api/risk/measures/${planned.id}`, { status: 'cancelada' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((cancelled.json() as MeasureSaved).measure).toMatchObject({ status: 'cancelada', owner_id: owner!.id });
      await refused('PATCH', `/api/risk/measures/${planned.id}`, { owner_id: owner!.id }, 'O responsável deve ser um usuário ativo da equipe Avalia ou desta empresa, com e-mail.');
    } finally {
      await t.db.delete(cycles).where(eq(cycles.id, other!.id));
    }
  });

  it('a company user reads its own company’s plan only, and writes nothing', async () => {
    expect((await call('GET', `/api/risk/${company}/measures`, undefined, companyToken)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/risk/measures/${whole.id}`, { status: 'cancelada' }, companyToken)).statusCode).toBe(403);
    expect((await call('POST', `/api/risk/${demo.companyId}/measures`, measure({ cycle_id: null }), companyToken)).statusCode).toBe(403);
    const own = await call('GET', `/api/risk/${demo.companyId}/measures`, undefined, companyToken);
    expect(own.statusCode).toBe(200);
    expect((own.json() as MeasureList).measures).toEqual([]);
    expect((await call('PATCH', `/api/risk/measures/999999`, { status: 'cancelada' })).statusCode).toBe(404);
  });
});

/*
 * A level the results hide is never "no answers" (minimum 3, the default). Oficina Alfa's one round:
 * Produção 5 people, Escritório 2: Escritório under the minimum; Produção, with Escritório deducible
 * from the whole less Produção, hidden as its complement. Oficina Beta's one round: 2 people in all,
 * one a sector: the whole company under the minimum, so no sector row at all, and the reason is the
 * minimum's, not "no answers".
 */
describe('the hidden levels', () => {
  const UNDER = 'Oculto: menos de 3 respondentes neste grupo, para preservar o anonimato.';
  const COMPLEMENT = 'Oculto: com este grupo à vista, um grupo de menos de 3 respondentes poderia ser deduzido dos outros e do total.';
  const WITHHELD = 'Para preservar o anonimato, as respostas deste grupo só aparecem a partir de 3 respondentes. Respondentes até agora: 2.';

  /** A company with one round of 18 and its sectors of `sizes` people; its id, round and sectors. */
  async function companyWith(name: string, sizes: number[]) {
    const [row] = await t.db.insert(companies).values({ commercialName: name, companyName: `${name} Ltda.` }).returning();
    const id = row!.id;
    const made = await t.db
      .insert(sectors)
      .values(sizes.map((_, index) => ({ companyId: id, sectorName: `Setor ${index + 1}` })))
      .returning();
    const [round] = await t.db.insert(cycles).values({ companyId: id, name: 'Ciclo único', types: [18], opensOn: '2026-03-02' }).returning();
    for (const [index, size] of sizes.entries()) {
      for (let person = 0; person < size; person += 1) {
        const [user] = await t.db
          .insert(users)
          .values({ name: `Pessoa ${id}-${index}-${person}`, email: `oculto.${id}.${index}.${person}@oficina.test`, typeAccount: 3, companyId: id })
          .returning({ id: users.id });
        await t.db.insert(userSectors).values({ userId: user!.id, sectorId: made[index]!.id });
        await insertEvaluation({ userId: user!.id, rated: user!.id, ratedSector: made[index]!.id, typeEvaluation: 18, done: true, companyId: id, cycleId: round!.id }, answers(['1']));
      }
    }
    await t.db.insert(riskSeverities).values({ companyId: id, typeEvaluation: 18, factor: 'demands', severity: 3, reason: 'Metas diárias.' });
    return { id, round: round!.id, sectors: made.map((one) => one.id) };
  }

  const levelOf = async (companyId: number, fields: Record<string, unknown>) => {
    const response = await call('POST', `/api/risk/${companyId}/measures`, measure(fields));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as MeasureSaved).measure.levels.before;
  };

  it('a sector under the minimum, and its complement, get the reason of their hiding', async () => {
    const alfa = await companyWith('Oficina Alfa', [5, 2]);
    const [produção, escritório] = alfa.sectors;
    expect(await levelOf(alfa.id, { cycle_id: alfa.round, group_kind: 'sector', group_id: escritório })).toMatchObject({ label: null, share: null, reason: UNDER });
    expect(await levelOf(alfa.id, { cycle_id: alfa.round, group_kind: 'sector', group_id: produção })).toMatchObject({ label: null, share: null, reason: COMPLEMENT });
  });

  it('a round of 2 people in all hides its sectors with the minimum’s reason, not "no answers"', async () => {
    const beta = await companyWith('Oficina Beta', [1, 1]);
    expect(await levelOf(beta.id, { cycle_id: beta.round, group_kind: 'sector', group_id: beta.sectors[0] })).toMatchObject({ label: null, share: null, reason: WITHHELD });
    expect(await levelOf(beta.id, { cycle_id: beta.round, group_kind: 'whole' })).toMatchObject({ label: null, share: null, reason: WITHHELD });
  });
});

/*
 * The owner's reminders, with the pass's clock (São Paulo is UTC-3: 09:00 local is 12:00Z). A measure
 * due Wednesday 25 November 2026: reminder 1 five days before, Friday 20, is the Dia da Consciência
 * Negra (a national holiday), then the weekend, so Monday 23 at 09:00; reminder 2 on the deadline's
 * morning, Wednesday 25 at 09:00. A concluded measure with the same deadline gets none.
 */
describe('the deadline reminders', () => {
  let open = 0;
  let done = 0;
  const at = (iso: string) => new Date(iso);
  const mails = async () => (await t.db.select().from(outbox).where(like(outbox.key, 'measure-reminder:%')).orderBy(outbox.id)).map((mail) => mail.key);

  beforeAll(async () => {
    const payload = measure({ group_kind: 'sector', group_id: production, due_on: '2026-11-25', description: 'Revisar as metas diárias da tecelagem com a supervisão.' });
    open = ((await call('POST', `/api/risk/${company}/measures`, payload)).json() as MeasureSaved).measure.id;
    done = ((await call('POST', `/api/risk/${company}/measures`, { ...payload, status: 'concluida' })).json() as MeasureSaved).measure.id;
  });

  it('sends nothing on the holiday nor before 09:00 of the next business day', async () => {
    expect(await runMeasureReminders(t.app, at('2026-11-20T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await runMeasureReminders(t.app, at('2026-11-23T11:59:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await mails()).toEqual([]);
  });

  it('sends reminder 1 on Monday 09:00 once, naming the measure, factor, group, deadline and the plan’s link', async () => {
    expect(await runMeasureReminders(t.app, at('2026-11-23T12:00:00Z'))).toEqual({ sent: 1, failed: 0 });
    expect(await runMeasureReminders(t.app, at('2026-11-23T12:15:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await mails()).toEqual([`measure-reminder:${open}:2026-11-25:1`]);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.key, `measure-reminder:${open}:2026-11-25:1`));
    expect(mail!.to).toBe('admin@teste.avalia');
    expect(mail!.subject).toBe('Lembrete: medida do plano de ação vence em 25/11/2026');
    for (const part of ['Revisar as metas diárias da tecelagem', 'Demandas e ritmo de trabalho', 'Grupo: Produção', '25/11/2026', 'Têxtil Fio Forte', `/plano-de-acao?company=${company}`]) expect(mail!.text).toContain(part);
    const claims = await t.db.select().from(riskMeasureReminders).where(eq(riskMeasureReminders.measureId, open));
    expect(claims.map((one) => [one.n, one.plannedAt.toISOString(), one.sentAt?.toISOString()])).toEqual([[1, '2026-11-23T12:00:00.000Z', '2026-11-23T12:00:00.000Z']]);
  });

  it('sends reminder 2 on the deadline’s morning in the automatic pass, then nothing; never for the concluded one', async () => {
    expect(await runMeasureReminders(t.app, at('2026-11-24T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    await runAutoReminders(t.app, at('2026-11-25T12:00:00Z'));
    expect(await runMeasureReminders(t.app, at('2026-11-26T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await mails()).toEqual([`measure-reminder:${open}:2026-11-25:1`, `measure-reminder:${open}:2026-11-25:2`]);
    expect(await t.db.select().from(riskMeasureReminders).where(eq(riskMeasureReminders.measureId, done))).toEqual([]);
  });
});

/*
 * A reminder whose send failed is sent again by business hours only. A measure due Wednesday
 * 16 December 2026: reminder 1 five days before, Friday 11 at 09:00 (12:00Z), no holiday near. Its send
 * fails; not again at 23:00 that Friday (02:00Z Saturday) nor on Saturday 12 nor Sunday 13, nor Monday 14
 * before 09:00; on Monday 14 at 09:00, once.
 */
describe('a failed deadline reminder', () => {
  it('is sent again only in business hours', async () => {
    const payload = measure({ group_kind: 'sector', group_id: production, due_on: '2026-12-16', effectiveness_on: '2027-03-31', description: 'Treinar a supervisão em gestão de metas.' });
    const id = ((await call('POST', `/api/risk/${company}/measures`, payload)).json() as MeasureSaved).measure.id;
    const send = vi.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP fora do ar'));
    try {
      expect(await runMeasureReminders(t.app, new Date('2026-12-11T12:00:00Z'))).toEqual({ sent: 0, failed: 1 });
    } finally {
      send.mockRestore();
    }
    for (const when of ['2026-12-12T02:00:00Z', '2026-12-12T12:00:00Z', '2026-12-13T15:00:00Z', '2026-12-14T11:59:00Z']) {
      expect(await runMeasureReminders(t.app, new Date(when)), when).toEqual({ sent: 0, failed: 0 });
    }
    expect(await runMeasureReminders(t.app, new Date('2026-12-14T12:00:00Z'))).toEqual({ sent: 1, failed: 0 });
    expect(await runMeasureReminders(t.app, new Date('2026-12-14T12:15:00Z'))).toEqual({ sent: 0, failed: 0 });
    const claims = await t.db.select().from(riskMeasureReminders).where(eq(riskMeasureReminders.measureId, id));
    expect(claims.map((one) => [one.n, one.plannedAt.toISOString(), one.sentAt?.toISOString()])).toEqual([[1, '2026-12-11T12:00:00.000Z', '2026-12-14T12:00:00.000Z']]);
  });
});

/*
 * A trigger's recorded_at is the moment it is written, after the company's lock, not the start of its
 * transaction: a publication committed while the transaction waited for the lock is older than the
 * trigger, which stays pending. Deterministically: in one transaction, the start (now()), the clock
 * moved past it, the lock, then each insert helper; both triggers are recorded after the start.
 */
describe('a trigger’s time', () => {
  it('is the clock’s at its insert, after the lock, for a measure’s trigger and the review screen’s', async () => {
    const measureId = ((await call('POST', `/api/risk/${company}/measures`, measure({ description: 'Medida para o registro do gatilho.', status: 'cancelada' }))).json() as MeasureSaved).measure.id;
    const { started, ids } = await t.db.transaction(async (tx) => {
      const [{ started }] = ((await tx.execute(sql`select now()::text as started`)) as unknown as { rows: [{ started: string }] }).rows;
      // Until the database's clock has moved past the transaction's start (microseconds), not a fixed time.
      await tx.execute(sql.raw('do $$ begin while clock_timestamp() <= now() loop end loop; end $$'));
      await lockRiskSettings(tx, company);
      const common = { companyId: company, type: 18, occurredOn: '2026-11-27', reviewBy: '2026-12-27' };
      const ids = [
        await insertTrigger(tx, { ...common, kind: 'medida_ineficaz', description: 'Medida ineficaz de teste.', measureId, recordedBy: adminId }),
        await insertTrigger(tx, { ...common, kind: 'organizacao', description: 'Mudança de turnos na tecelagem.', recordedBy: adminId }),
      ];
      return { started, ids };
    });
    try {
      const rows = (await t.db.execute(sql`select (recorded_at > ${started}::timestamptz) as later from risk_review_triggers where id in (${ids[0]}, ${ids[1]}) order by id`)) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([{ later: true }, { later: true }]);
    } finally {
      for (const id of ids) await t.db.delete(riskReviewTriggers).where(eq(riskReviewTriggers.id, id));
    }
  });
});
