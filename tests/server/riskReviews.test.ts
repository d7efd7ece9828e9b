import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, evaluations } from '../../apps/server/src/db/schema.ts';
import { riskReviewTriggers, riskSeverities } from '../../apps/server/src/db/riskSchema.ts';
import type { RiskReview, RiskReviewList, ReviewTriggerList, ReviewTriggerSaved } from '../../apps/server/src/contract/riskReviews.ts';
import { addDays } from '../../engine/lifecycle/reminderSchedule.ts';
import { reviewState, triggerReviewBy, twoYearsAfter } from '../../engine/lifecycle/riskReview.ts';
import { localDay } from '../../engine/rules/dates.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The review of the psychosocial risk assessment (issue 27, NR-1 1.5.4.4.6): the demo company (three
 * employees' type-18 answers, every factor with a severity) publishes its inventory; triggers bring the
 * review forward; the next publication answers them. The other company has answers and no inventory.
 */

const today = () => localDay(new Date(), 'America/Sao_Paulo');
const publication = { type: 18, responsible_name: 'Dra. Revisão Prado', responsible_registration: 'CRP 06/54321' };
const A = () => demo.companyId;

const call = (method: 'GET' | 'POST', url: string, token = adminToken, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const triggerCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(riskReviewTriggers))[0]!.n);

async function reviewsOf(token = adminToken): Promise<RiskReviewList> {
  const response = await call('GET', '/api/risk/reviews', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RiskReviewList;
}
const reviewOfA = async (): Promise<RiskReview> => (await reviewsOf()).reviews.find((review) => review.company_id === A() && review.type === 18)!;

async function publish(): Promise<void> {
  const response = await call('POST', `/api/risk/${A()}/inventories`, adminToken, publication);
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  const statements = Object.fromEntries(Array.from({ length: 36 }, (_, index) => [String(index + 1), '3']));
  for (const employee of demo.employees.slice(0, 3)) await insertEvaluation({ userId: employee.id, rated: employee.id, typeEvaluation: 18, done: true, companyId: A() }, statements);
  await t.db.insert(evaluations).values({ userId: other.employeeId, rated: other.employeeId, typeEvaluation: 18, done: true });
  const factors = t.app.definitions.questionnaires.get(18)!.risk!.factors;
  await t.db.insert(riskSeverities).values(factors.map((factor) => ({ companyId: A(), typeEvaluation: 18, factor: factor.id, severity: 2, reason: 'Severidade para o teste da revisão.' })));
}, 60000);

describe('the review of the psychosocial risk assessment', () => {
  it('lists a company with answers and no inventory as unpublished; a company user sees its own company only', async () => {
    const all = await reviewsOf();
    expect(all.today).toBe(today());
    const pairs = all.reviews.map((review) => [review.company_id, review.type, review.state]);
    expect(pairs).toEqual(expect.arrayContaining([[A(), 18, 'unpublished'], [other.companyId, 18, 'unpublished']]));
    expect(all.reviews.find((review) => review.company_id === A())).toMatchObject({ inventory_id: null, next_review: null, title: 'Fatores Psicossociais do Trabalho', triggers: [] });
    const own = await reviewsOf(companyToken);
    expect(own.reviews.map((review) => review.company_id)).toEqual([A()]);
  });

  it('is due two years after the publication: ok today, near 60 days before, past the day after', async () => {
    await publish();
    const review = await reviewOfA();
    const due = twoYearsAfter(today());
    expect(review).toMatchObject({ state: 'ok', version: 1, published_on: today(), publication_due: due, next_review: due, due_trigger: null, triggers: [] });
    expect([reviewState(due, addDays(due, -61)), reviewState(due, addDays(due, -60)), reviewState(due, due), reviewState(due, addDays(due, 1))]).toEqual(['ok', 'near', 'near', 'past']);
  });

  it('records a trigger, audited, that brings the review forward to 30 days after it: near', async () => {
    const response = await call('POST', `/api/risk/${A()}/review-triggers`, adminToken, { type: 18, kind: 'organizacao', occurred_on: today(), description: '  Fusão de dois setores e novo turno noturno.  ' });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as ReviewTriggerSaved;
    const reviewBy = triggerReviewBy(today());
    expect(saved.message).toBe(`Gatilho de revisão registrado. A revisão deve ser feita até ${reviewBy.split('-').reverse().join('/')}.`);
    expect(saved.trigger).toMatchObject({ company_id: A(), type: 18, kind: 'organizacao', occurred_on: today(), review_by: reviewBy, description: 'Fusão de dois setores e novo turno noturno.', measure_id: null, recorded_by: 'Administrador Avalia' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'risk.review.trigger')).orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ companyId: A(), target: `riskReviewTrigger:${saved.trigger.id}` });
    expect(audit!.details).toEqual({ type_evaluation: 18, kind: 'organizacao', occurred_on: today(), review_by: reviewBy });
    const review = await reviewOfA();
    expect(review).toMatchObject({ state: 'near', next_review: reviewBy, due_trigger: { id: saved.trigger.id } });
    expect(review.triggers.map((trigger) => trigger.id)).toEqual([saved.trigger.id]);
  });

  it("is past when a trigger's review day is before today; the company user reads the triggers and cannot record one", async () => {
    const occurred = addDays(today(), -40);
    const response = await call('POST', `/api/risk/${A()}/review-triggers`, adminToken, { type: 18, kind: 'acidente_doenca', occurred_on: occurred, review_by: addDays(today(), -1), description: 'Afastamento por burnout de um operador.' });
    expect(response.statusCode, response.body).toBe(200);
    const id = (response.json() as ReviewTriggerSaved).trigger.id;
    expect(await reviewOfA()).toMatchObject({ state: 'past', next_review: addDays(today(), -1), due_trigger: { id, kind: 'acidente_doenca', occurred_on: occurred } });

    const listed = await call('GET', `/api/risk/${A()}/review-triggers`, companyToken);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json() as ReviewTriggerList;
    expect(list.triggers.map((trigger) => trigger.kind)).toEqual(['acidente_doenca', 'organizacao']);
    expect(list.reviews.map((review) => [review.company_id, review.state])).toEqual([[A(), 'past']]);
    expect((await call('GET', `/api/risk/${other.companyId}/review-triggers`, companyToken)).statusCode).toBe(404);
    const before = await triggerCount();
    const refused = await call('POST', `/api/risk/${A()}/review-triggers`, companyToken, { type: 18, kind: 'organizacao', occurred_on: today(), description: 'Tentativa da própria empresa.' });
    expect(refused.statusCode).toBe(403);
    expect(await triggerCount()).toBe(before);
  });

  it('refuses malformed triggers with a Portuguese message and writes nothing', async () => {
    const before = await triggerCount();
    const valid = { type: 18, kind: 'organizacao', occurred_on: today(), description: 'Reestruturação do setor de vendas.' };
    const cases: [unknown, RegExp][] = [
      [{ ...valid, type: 13 }, /O questionário 13 não existe ou não tem fatores de risco psicossocial/],
      [{ ...valid, kind: 'outro' }, /Tipo de gatilho inválido/],
      [{ ...valid, occurred_on: '2026-02-30' }, /data do ocorrido como uma data válida/],
      [{ ...valid, occurred_on: 'ontem' }, /data do ocorrido como uma data válida/],
      [{ ...valid, review_by: '31/12/2026' }, /prazo da revisão como uma data válida/],
      [{ ...valid, occurred_on: addDays(today(), 1) }, /não pode ser posterior a hoje/],
      [{ ...valid, occurred_on: addDays(today(), -5), review_by: addDays(today(), -6) }, /não pode ser anterior à data do ocorrido/],
      [{ ...valid, description: '  curta   ' }, /pelo menos 10 caracteres/],
      [{ ...valid, description: 'x'.repeat(2001) }, /no máximo 2000 caracteres/],
      [{ ...valid, measure_id: 1 }, /measure_id/],
      [{ type: 18, kind: 'organizacao', description: valid.description }, /occurred_on é obrigatório/],
      [{ ...valid, type: 'dezoito' }, /type/],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', `/api/risk/${A()}/review-triggers`, adminToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(message);
    }
    const malformed = await t.app.inject({ method: 'POST', url: `/api/risk/${A()}/review-triggers`, headers: { ...bearer(adminToken), 'content-type': 'application/json' }, payload: '{"type": 18,' });
    expect(malformed.statusCode).toBe(400);
    expect((await call('POST', '/api/risk/999999/review-triggers', adminToken, valid)).statusCode).toBe(404);
    expect(await triggerCount()).toBe(before);
  });

  it('is answered by the next publication: two years from it again, the triggers kept in the list', async () => {
    await publish();
    expect(await reviewOfA()).toMatchObject({ state: 'ok', version: 2, next_review: twoYearsAfter(today()), due_trigger: null, triggers: [] });
    const list = (await call('GET', `/api/risk/${A()}/review-triggers`)).json() as ReviewTriggerList;
    expect(list.triggers).toHaveLength(2);
    expect(list.reviews[0]).toMatchObject({ version: 2, triggers: [] });
  });
});
