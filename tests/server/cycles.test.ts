import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, cycles, evaluations } from '../../apps/server/src/db/schema.ts';
import type { Cycle } from '../../apps/server/src/contract/cycles.ts';
import { format, messages } from '../../engine/messages.ts';
import { localDay } from '../../engine/rules/dates.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * Rounds of assessments (Ciclos): evaluations join one when they are created, with or without a chosen
 * cycle; staff list, create, rename, close and reopen them; a company user sees only its own company's.
 */

type CycleJson = Cycle;

const create = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/evaluation', headers: bearer(token), payload });
const listOf = async (token: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/cycles${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CycleJson[];
};
const employee = (index: number) => demo.employees[index]!.id;
const pss = (index: number, extra: Record<string, unknown> = {}) => ({ user_id: employee(index), type_evaluation: 13, validate: 7, ...extra });
/** A day in São Paulo (the test app's time zone), as the cycles write theirs. */
const dayOf = (at: Date) => localDay(at, 'America/Sao_Paulo');

describe('evaluations join a round when they are created', () => {
  it('without a cycle: a new round per questionnaire, named by the questionnaire and the day, numbered when the name is taken', async () => {
    const first = await create(adminToken, { users: [pss(0), pss(1), { user_id: employee(0), type_evaluation: 16, validate: 7 }] });
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json().evaluations as { type_evaluation: number; cycle_id: number }[];
    const pssCycle = made.find((row) => row.type_evaluation === 13)!.cycle_id;
    expect(made.filter((row) => row.type_evaluation === 13).map((row) => row.cycle_id)).toEqual([pssCycle, pssCycle]);
    const safetyCycle = made.find((row) => row.type_evaluation === 16)!.cycle_id;
    expect(safetyCycle).not.toBe(pssCycle);
    const second = await create(adminToken, { users: [pss(2)] });
    const secondCycle = (second.json().evaluations as { cycle_id: number }[])[0]!.cycle_id;
    const listed = await listOf(adminToken, `?company_id=${demo.companyId}`);
    const byId = new Map(listed.map((cycle) => [cycle.id, cycle]));
    const pssRound = byId.get(pssCycle)!;
    expect(pssRound).toEqual(expect.objectContaining({ types: [13], company_id: demo.companyId, course_id: null, closed: false, target: 75, evaluations: 2, answered: 0 }));
    // Named by the day it opened (dd/mm/yyyy of its own opening day: no clock read twice here).
    const day = pssRound.opens_on.split('-').reverse().join('/');
    const base = `Escala de Estresse Percebido – ${day}`;
    // The number after the name: none is the first of the day (the seed's round may be, made today too).
    const nth = (name: string, prefix: string) => (name === prefix ? 1 : Number(new RegExp(`^${prefix} \\((\\d+)\\)$`).exec(name)?.[1]));
    expect(nth(pssRound.name, base)).toBeGreaterThanOrEqual(1);
    expect(nth(byId.get(secondCycle)!.name, base)).toBe(nth(pssRound.name, base) + 1);
    expect(nth(byId.get(safetyCycle)!.name, `Segurança Psicológica – ${day}`)).toBeGreaterThanOrEqual(1);
    // Every name is one owner's once.
    expect(new Set(listed.map((cycle) => cycle.name)).size).toBe(listed.length);
  });

  it("with a new cycle's name: one round for the whole call, of the evaluators' company, closing on the last expiry day", async () => {
    const response = await create(adminToken, { cycle_name: '  Clima 2026 – 1º semestre ', users: [pss(0, { validate: 3 }), { user_id: employee(1), type_evaluation: 16, validate: 10 }] });
    expect(response.statusCode, response.body).toBe(201);
    const ids = new Set((response.json().evaluations as { cycle_id: number }[]).map((row) => row.cycle_id));
    expect(ids.size).toBe(1);
    // The round the call made is audited as made, with the call's evaluations.
    const made = await t.db.select().from(auditLog).where(eq(auditLog.target, `cycle:${[...ids][0]}`));
    expect(made.map((row) => [row.action, row.companyId])).toEqual([['cycle.create', demo.companyId]]);
    const [cycle] = (await listOf(adminToken)).filter((row) => ids.has(row.id));
    expect(cycle).toEqual(expect.objectContaining({ name: 'Clima 2026 – 1º semestre', types: [13, 16], company_id: demo.companyId, evaluations: 2 }));
    // The links expire at the end of their last day, 10 days after it opened.
    const opened = new Date(`${cycle!.opens_on}T12:00:00-03:00`);
    expect(cycle!.closes_on).toBe(dayOf(new Date(opened.getTime() + 10 * 86_400_000)));
  });

  it("into an existing open cycle: its types grow; a closed one is refused (409), another company's is not found (404), changing nothing", async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/cycles', headers: bearer(adminToken), payload: { company_id: demo.companyId, name: 'Segurança 2026' } });
    expect(made.statusCode, made.body).toBe(201);
    const cycle = made.json().cycle as CycleJson;
    const asked = new Date();
    expect(cycle).toEqual(expect.objectContaining({ types: [], evaluations: 0 }));
    expect([dayOf(asked), dayOf(new Date(asked.getTime() - 60_000))]).toContain(cycle.opens_on);
    const joined = await create(companyToken, { cycle_id: cycle.id, users: [{ user_id: employee(3), type_evaluation: 16, validate: 5 }] });
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await listOf(companyToken)).find((row) => row.id === cycle.id)).toEqual(expect.objectContaining({ types: [16], evaluations: 1 }));

    const before = (await t.db.select().from(evaluations)).length;
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/cycles/${cycle.id}`, headers: bearer(adminToken), payload: { closed: true } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual(expect.objectContaining({ message: messages.cycles.closedDone, cycle: expect.objectContaining({ closed: true }) }));
    const refused = await create(adminToken, { cycle_id: cycle.id, users: [pss(4)] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: format(messages.cycles.closed, { name: 'Segurança 2026' }) });

    const otherCycle = (await t.app.inject({ method: 'POST', url: '/api/cycles', headers: bearer(adminToken), payload: { company_id: other.companyId, name: 'Outra 2026' } })).json().cycle as CycleJson;
    const foreign = await create(companyToken, { cycle_id: otherCycle.id, users: [pss(4)] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: format(messages.cycles.notFound, { id: otherCycle.id }) });
    // An administrator naming another company's cycle for the demo's people: 400, its owner differs.
    const mixed = await create(adminToken, { cycle_id: otherCycle.id, users: [pss(4)] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ message: format(messages.cycles.otherOwner, { name: 'Outra 2026' }) });
    const both = await create(adminToken, { cycle_id: otherCycle.id, cycle_name: 'x', users: [pss(4)] });
    expect(both.json()).toEqual({ message: messages.cycles.bothGiven });
    expect((await t.db.select().from(evaluations)).length).toBe(before);

    const reopened = await t.app.inject({ method: 'PATCH', url: `/api/cycles/${cycle.id}`, headers: bearer(adminToken), payload: { closed: false, name: 'Segurança psicológica 2026', target: 80 } });
    expect(reopened.json()).toEqual(
      expect.objectContaining({ message: messages.cycles.reopened, cycle: expect.objectContaining({ closed: false, name: 'Segurança psicológica 2026', target: 80 }) }),
    );
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.target, `cycle:${cycle.id}`))).map((row) => row.action);
    expect(actions).toEqual(['cycle.create', 'cycle.close', 'cycle.reopen']);
  });
});

describe('the cycles listing', () => {
  it("shows a company user only its own company's cycles, and 404 for another company", async () => {
    await t.app.inject({ method: 'POST', url: '/api/cycles', headers: bearer(adminToken), payload: { company_id: other.companyId, name: 'Só da outra' } });
    const own = await listOf(companyToken);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((cycle) => cycle.company_id === demo.companyId)).toBe(true);
    expect(await listOf(companyToken, `?company_id=${demo.companyId}`)).toEqual(own);
    const refused = await t.app.inject({ method: 'GET', url: `/api/cycles?company_id=${other.companyId}`, headers: bearer(companyToken) });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Só da outra');
    expect((await listOf(adminToken)).some((cycle) => cycle.name === 'Só da outra')).toBe(true);
  });

  it('refuses bad input in Portuguese, changing nothing', async () => {
    const count = (await t.db.select().from(cycles)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Sem dono' }, messages.cycles.ownerRequired],
      [{ company_id: demo.companyId, course_id: 1, name: 'Dois donos' }, messages.cycles.ownerRequired],
      [{ company_id: demo.companyId, name: '   ' }, messages.cycles.nameRequired],
      [{ company_id: demo.companyId, name: 'Datas', opens_on: '2026-05-10', closes_on: '2026-05-09' }, messages.cycles.datesInvalid],
      [{ company_id: demo.companyId, name: 'Tipo', types: [999] }, format(messages.cycles.unknownType, { type: 999 })],
    ];
    for (const [payload, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/cycles', headers: bearer(adminToken), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ message });
    }
    const badDay = await t.app.inject({ method: 'POST', url: '/api/cycles', headers: bearer(adminToken), payload: { company_id: demo.companyId, name: 'Dia', opens_on: '2026-02-30' } });
    expect(badDay.statusCode).toBe(400);
    expect((await t.db.select().from(cycles)).length).toBe(count);
  });
});
