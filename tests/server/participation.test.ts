import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { seededRandom } from '../../engine/random.ts';
import { companies, courses, cycles, evaluations, positions, responses, sectors, userCourses, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * The participation view (-3, issue 26): who of a round was asked and who answered, counted per group
 * and per day. The round below is built by hand and every number is counted by hand (the comments);
 * a generated round then checks what must hold for any round: the parts add up to the whole, each
 * answered evaluation is counted once on the daily curve, and every rate is within 0–100.
 *
 * Padaria Pão Quente, round 'Clima out/2026' (opened 05/10/2026, closing 07/10/2026, target 80%):
 *   Paula  Caixa          Atendente  PSS-14 done 06/10 (in the course Liderança); Segurança pending
 *   Rui    Caixa + Forno  —          PSS-14 done 07/10 (23:30 in São Paulo: 02:30 UTC on the 8th)
 *   Sara   Forno          Padeiro    PSS-14 expired unanswered
 *   Tiago  —              Padeiro    PSS-14 pending; Segurança done (answers on 06/10 and 07/10: the last counts)
 *   Vera   Forno          Atendente  PSS-14 done in another round (never counted in this one)
 */

const DAY = (day: string, time = '12:00:00') => new Date(`2026-10-${day}T${time}Z`);
const PAST = new Date('2026-10-07T23:59:59Z');
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const ids = { company: 0, round: 0, other: 0 };

async function data(payload: object, token = adminToken): Promise<DashboardData> {
  const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/-3/data', headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
}

/** A dataset's rows with only the counted fields, rates to two decimals. */
const counts = (rows: Row[]) =>
  rows.map((row) => ({ group: row.group, invited: row.invited, answered: row.answered, pending: row.pending, expired: row.expired, rate: Math.round(Number(row.rate) * 100) / 100, target: row.target }));

beforeAll(async () => {
  const db = t.db;
  const [company] = await db.insert(companies).values({ commercialName: 'Padaria Pão Quente', companyName: 'Pão Quente Ltda.' }).returning();
  ids.company = company!.id;
  const [caixa, forno] = await db.insert(sectors).values([{ companyId: ids.company, sectorName: 'Caixa' }, { companyId: ids.company, sectorName: 'Forno' }]).returning();
  const [atendente, padeiro] = await db.insert(positions).values([{ companyId: ids.company, positionName: 'Atendente' }, { companyId: ids.company, positionName: 'Padeiro' }]).returning();
  const person = async (name: string, sectorIds: number[], positionId?: number) => {
    const [user] = await db.insert(users).values({ name, email: `${name.toLowerCase()}@paoquente.com.br`, typeAccount: 3, companyId: ids.company }).returning();
    if (sectorIds.length > 0) await db.insert(userSectors).values(sectorIds.map((sectorId) => ({ userId: user!.id, sectorId })));
    if (positionId !== undefined) await db.insert(userPositions).values({ userId: user!.id, positionId });
    return user!.id;
  };
  const paula = await person('Paula', [caixa!.id], atendente!.id);
  const rui = await person('Rui', [caixa!.id, forno!.id]);
  const sara = await person('Sara', [forno!.id], padeiro!.id);
  const tiago = await person('Tiago', [], padeiro!.id);
  const vera = await person('Vera', [forno!.id], atendente!.id);
  const [course] = await db.insert(courses).values({ name: 'Liderança', companyId: ids.company }).returning();
  const [enrolled] = await db.insert(userCourses).values({ userId: paula, courseId: course!.id }).returning();

  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cycles',
    headers: bearer(adminToken),
    payload: { company_id: ids.company, name: 'Clima out/2026', types: [13, 16], opens_on: '2026-10-05', closes_on: '2026-10-07', target: 80 },
  });
  expect(created.statusCode, created.body).toBe(201);
  ids.round = created.json().cycle.id;
  const [other] = await db.insert(cycles).values({ companyId: ids.company, name: 'Clima set/2026', types: [13], opensOn: '2026-09-01' }).returning();
  ids.other = other!.id;

  const evaluation = async (userId: number, type: number, state: { done?: boolean; expireAt?: Date; course?: number; cycle?: number; answers?: Date[] }) => {
    const [row] = await db
      .insert(evaluations)
      .values({ userId, rated: userId, typeEvaluation: type, done: state.done ?? false, expireAt: state.expireAt ?? FUTURE, createdAt: DAY('05', '11:00:00'), usercourseId: state.course ?? null, cycleId: state.cycle ?? ids.round })
      .returning();
    for (const at of state.answers ?? []) await db.insert(responses).values({ evaluationId: row!.id, question: '1', response: '2', createdAt: at });
  };
  await evaluation(paula, 13, { done: true, course: enrolled!.id, answers: [DAY('06')] });
  await evaluation(paula, 16, {});
  await evaluation(rui, 13, { done: true, answers: [new Date('2026-10-08T02:30:00Z')] });
  await evaluation(sara, 13, { expireAt: PAST });
  await evaluation(tiago, 13, {});
  await evaluation(tiago, 16, { done: true, answers: [DAY('06'), DAY('07')] });
  await evaluation(vera, 13, { done: true, cycle: ids.other, answers: [DAY('15')] });
});

describe('the participation view', () => {
  it('offers the company’s rounds, answered or not, newest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/dashboards/-3/options/cycle?company_id=${ids.company}`, headers: bearer(adminToken) });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().options as { label: string }[]).map((option) => option.label)).toEqual(['Clima out/2026', 'Clima set/2026', 'Todos os ciclos']);
  });

  it('counts the round overall, per questionnaire, sector, position and course, against its target', async () => {
    const body = await data({ company_id: ids.company, cycle_id: ids.round });
    // Answered in the round: Paula's PSS-14, Rui's PSS-14, Tiago's Segurança.
    expect(body.respondents).toBe(3);
    // 6 evaluations: 3 answered, Sara's expired, Paula's Segurança and Tiago's PSS-14 pending → 50%.
    expect(counts(body.datasets.overall!.rows)).toEqual([{ group: 'Total', invited: 6, answered: 3, pending: 2, expired: 1, rate: 50, target: 80 }]);
    expect(counts(body.datasets.byType!.rows)).toEqual([
      // PSS-14: Paula, Rui answered; Sara expired; Tiago pending.
      { group: 'Escala de Estresse Percebido', invited: 4, answered: 2, pending: 1, expired: 1, rate: 50, target: 80 },
      // Segurança: Tiago answered, Paula pending.
      { group: 'Segurança Psicológica', invited: 2, answered: 1, pending: 1, expired: 0, rate: 50, target: 80 },
    ]);
    expect(counts(body.datasets.bySector!.rows)).toEqual([
      // Caixa: Paula ×2 (one answered), Rui (answered) → 2 of 3.
      { group: 'Caixa', invited: 3, answered: 2, pending: 1, expired: 0, rate: 66.67, target: 80 },
      // Forno: Rui (answered, counted in both his sectors), Sara (expired) → 1 of 2.
      { group: 'Forno', invited: 2, answered: 1, pending: 0, expired: 1, rate: 50, target: 80 },
      // Without a sector: Tiago ×2 (one answered).
      { group: 'Sem setor', invited: 2, answered: 1, pending: 1, expired: 0, rate: 50, target: 80 },
    ]);
    expect(counts(body.datasets.byPosition!.rows)).toEqual([
      { group: 'Atendente', invited: 2, answered: 1, pending: 1, expired: 0, rate: 50, target: 80 },
      // Padeiro: Sara (expired), Tiago ×2 (one answered) → 1 of 3.
      { group: 'Padeiro', invited: 3, answered: 1, pending: 1, expired: 1, rate: 33.33, target: 80 },
      { group: 'Sem cargo', invited: 1, answered: 1, pending: 0, expired: 0, rate: 100, target: 80 },
    ]);
    expect(counts(body.datasets.byCourse!.rows)).toEqual([
      { group: 'Liderança', invited: 1, answered: 1, pending: 0, expired: 0, rate: 100, target: 80 },
      { group: 'Fora de treinamento', invited: 5, answered: 2, pending: 2, expired: 1, rate: 40, target: 80 },
    ]);
  });

  it('draws the daily curve from the opening day to the closing day, in São Paulo days', async () => {
    const body = await data({ company_id: ids.company, cycle_id: ids.round });
    // 06/10: Paula. 07/10: Tiago's last answer and Rui's (02:30 UTC on the 8th is 23:30 on the 7th).
    expect(body.datasets.daily!.rows.map((row) => [row.day, row.answered, row.cumulative, Math.round(Number(row.rate) * 100) / 100, row.target])).toEqual([
      ['05/10', 0, 0, 0, 80],
      ['06/10', 1, 1, 16.67, 80],
      ['07/10', 2, 3, 50, 80],
    ]);
  });

  it("keeps the sectors' rows to the chosen sector", async () => {
    const [caixa] = await t.db.select().from(sectors).where(eq(sectors.sectorName, 'Caixa'));
    const body = await data({ company_id: ids.company, cycle_id: ids.round, sector_id: caixa!.id });
    // Paula ×2 and Rui: Rui's Forno is not listed under the Caixa filter.
    expect(counts(body.datasets.bySector!.rows)).toEqual([{ group: 'Caixa', invited: 3, answered: 2, pending: 1, expired: 0, rate: 66.67, target: 80 }]);
    expect(counts(body.datasets.overall!.rows)).toEqual([{ group: 'Total', invited: 3, answered: 2, pending: 1, expired: 0, rate: 66.67, target: 80 }]);
  });

  it('pools every round of the company without a target when no round is chosen', async () => {
    const body = await data({ company_id: ids.company });
    // Vera's PSS-14 of the other round joins: 7 evaluations, 4 answered.
    expect(counts(body.datasets.overall!.rows)).toEqual([{ group: 'Total', invited: 7, answered: 4, pending: 2, expired: 1, rate: 57.14, target: null }]);
  });

  it('keeps a company user to its own company', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/-3/data', headers: bearer(companyToken), payload: { cycle_id: ids.round } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Ciclo ${ids.round} não encontrado.`);
  });
});

describe('the participation of a generated round', () => {
  it('adds up: parts to the whole, each answer once on the curve, rates within 0–100', async () => {
    const random = seededRandom(2026);
    const [company] = await t.db.insert(companies).values({ commercialName: 'Gerada', companyName: 'Gerada S.A.' }).returning();
    const groups = await t.db.insert(sectors).values(['A', 'B', 'C'].map((name) => ({ companyId: company!.id, sectorName: name }))).returning();
    // Closed on 08/10: its curve ends there, whenever the test runs.
    const [round] = await t.db.insert(cycles).values({ companyId: company!.id, name: 'Gerado', types: [13, 16], opensOn: '2026-10-01', closesOn: '2026-10-08' }).returning();
    let expectedAnswered = 0;
    // Each evaluation counts once per sector of its respondent, or once without one.
    let expectedBySector = 0;
    for (let index = 0; index < 40; index += 1) {
      const [user] = await t.db.insert(users).values({ name: `Pessoa ${index}`, email: `p${index}@gerada.com.br`, typeAccount: 3, companyId: company!.id }).returning();
      // Nobody, one or two sectors each.
      const mine = groups.filter(() => random() < 0.45);
      if (mine.length > 0) await t.db.insert(userSectors).values(mine.map((sector) => ({ userId: user!.id, sectorId: sector.id })));
      for (const type of random() < 0.5 ? [13] : [13, 16]) {
        expectedBySector += Math.max(1, mine.length);
        const done = random() < 0.5;
        const expired = !done && random() < 0.3;
        const [row] = await t.db
          .insert(evaluations)
          .values({ userId: user!.id, rated: user!.id, typeEvaluation: type, done, expireAt: expired ? PAST : FUTURE, createdAt: DAY('01', '10:00:00'), cycleId: round!.id })
          .returning();
        if (done) {
          expectedAnswered += 1;
          // Some answered evaluations keep no answers (their creation day counts), some retake answers on two days.
          const days = random() < 0.1 ? [] : random() < 0.2 ? [DAY('02'), DAY(String(3 + Math.floor(random() * 5)).padStart(2, '0'))] : [DAY(String(2 + Math.floor(random() * 6)).padStart(2, '0'), '03:30:00')];
          for (const at of days) await t.db.insert(responses).values({ evaluationId: row!.id, question: '1', response: '1', createdAt: at });
        }
      }
    }
    const body = await data({ company_id: company!.id, cycle_id: round!.id });
    const [total] = body.datasets.overall!.rows;
    const sum = (rows: Row[], field: string) => rows.reduce((value, row) => value + Number(row[field]), 0);
    expect(total!.answered).toBe(expectedAnswered);
    expect(Number(total!.invited)).toBe(Number(total!.answered) + Number(total!.pending) + Number(total!.expired));
    for (const field of ['invited', 'answered', 'pending', 'expired']) expect(sum(body.datasets.byType!.rows, field), field).toBe(total![field]);
    // A person in two sectors counts in both: the sectors add up to each evaluation once per sector.
    expect(sum(body.datasets.bySector!.rows, 'invited')).toBe(expectedBySector);
    for (const rows of [body.datasets.overall!.rows, body.datasets.byType!.rows, body.datasets.bySector!.rows, body.datasets.daily!.rows]) {
      for (const row of rows) {
        expect(Number(row.rate)).toBeGreaterThanOrEqual(0);
        expect(Number(row.rate)).toBeLessThanOrEqual(100);
      }
    }
    const daily = body.datasets.daily!.rows;
    expect(sum(daily, 'answered')).toBe(expectedAnswered);
    expect(daily.at(-1)!.cumulative).toBe(expectedAnswered);
    expect(daily[0]!.date).toBe('2026-10-01');
    expect(daily.every((row, index) => index === 0 || Number(row.cumulative) >= Number(daily[index - 1]!.cumulative))).toBe(true);
  });
});

describe("the participation's report", () => {
  it('names the round on its first page and counts as the screen does', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/-3/report', headers: bearer(adminToken), payload: { company_id: ids.company, cycle_id: ids.round } });
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Empresa: Padaria Pão Quente');
    expect(text).toContain('Ciclo: Clima out/2026');
    // The stats (6 asked, 3 answered, 50%), the round's target and its line's row in the tables.
    for (const words of ['6 Convidados', '3 Responderam', '50% Taxa de resposta', '80% Meta do ciclo', 'Meta 80%']) expect(text).toContain(words);
  });
});
