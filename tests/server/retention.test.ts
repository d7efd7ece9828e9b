/**
 * The retention of personal data (issue 14, LGPD) with an injected clock. The calendar, reasoned out
 * by hand: the pass runs at NOW, Monday 16 March 2026 09:00 in São Paulo (UTC-3 all year since 2019),
 * 12:00Z. Under a 12-month policy the cutoff is 16 March 2025 09:00 local, 12:00Z: activity before it
 * is old enough, activity at it or after is not. 13 months before NOW is 16 February 2025, 11 months
 * before is 16 April 2025.
 *
 * The workers are off (pg-boss's own pass would run with the wall clock); the last tests build an app
 * with workers to see the schedule registered and a pass worked and stored.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, evaluations, responses, users } from '../../apps/server/src/db/schema.ts';
import { RETENTION_QUEUE, runRetention } from '../../apps/server/src/jobs/retention.ts';
import { format, messages } from '../../engine/messages.ts';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp.ts';
import { waitUntil } from './waitUntil.ts';

const NOW = new Date('2026-03-16T12:00:00Z');
const THIRTEEN_MONTHS_AGO = new Date('2025-02-16T12:00:00Z');
const ELEVEN_MONTHS_AGO = new Date('2025-04-16T12:00:00Z');
const LONG_AGO = new Date('2023-01-10T12:00:00Z');
const INVALID = 'Retenção de dados: informe um número inteiro de meses de 1 a 120, ou deixe em branco para manter os dados.';

let t: TestApp;
let adminToken: string;
let companyToken: string;
let retained: number;
let unlimited: number;

beforeAll(async () => {
  t = await buildTestApp({ queue: { workers: false } });
  adminToken = await signIn(t.app, 'admin');
  companyToken = await signIn(t.app, 'company');
});
afterAll(async () => {
  await t?.close();
});

const companyCall = (method: 'POST' | 'PATCH', payload: Record<string, unknown>, token = adminToken) =>
  t.app.inject({ method, url: '/api/companies', headers: bearer(token), payload });

async function retentionOf(id: number): Promise<number | null> {
  const [row] = await t.db.select({ months: companies.retentionMonths }).from(companies).where(eq(companies.id, id));
  return row!.months;
}

/** A person of the company created at `createdAt`. */
async function person(name: string, companyId: number, createdAt: Date, typeAccount = 3) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@retencao.test`;
  const [row] = await t.db.insert(users).values({ name, email, typeAccount, companyId, createdAt }).returning();
  return row!;
}

/** An evaluation the person answers (about themself unless `rated` is given). */
async function evaluation(userId: number, values: { createdAt: Date; done: boolean; expireAt?: Date | null; rated?: number; type?: number }) {
  const [row] = await t.db
    .insert(evaluations)
    .values({ userId, rated: values.rated ?? userId, typeEvaluation: values.type ?? 13, done: values.done, expireAt: values.expireAt ?? null, createdAt: values.createdAt })
    .returning();
  return row!;
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('company retention field', () => {
  it('an administrator creates a company with a retention; the API answers it', async () => {
    const response = await companyCall('POST', { commercial_name: 'Retenção Ltda', company_name: 'Retenção Ltda', cnpj: '45.678.901/0001-75', retention_months: 12 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().company.retention_months).toBe(12);
    retained = response.json().company.id;
    expect(await retentionOf(retained)).toBe(12);
    const other = await companyCall('POST', { commercial_name: 'Sem Retenção Ltda', company_name: 'Sem Retenção Ltda', cnpj: '12.345.678/0001-95' });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().company.retention_months).toBeNull();
    unlimited = other.json().company.id;
  });

  it('refuses 0, 121, a fraction and a word with a Portuguese 400, changing nothing', async () => {
    const base = { id: retained, commercial_name: 'Retenção Ltda', company_name: 'Retenção Ltda', cnpj: '45678901000175' };
    for (const bad of [0, 121, 1.5, -3, '0', '121']) {
      const response = await companyCall('PATCH', { ...base, retention_months: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().message).toBe(INVALID);
    }
    const word = await companyCall('PATCH', { ...base, retention_months: 'doze' });
    expect(word.statusCode).toBe(400);
    expect(word.json().message).toBe(format(messages.api.invalidRequest, { detail: format(messages.api.fieldInvalid, { field: 'retention_months' }) }));
    const created = await companyCall('POST', { commercial_name: 'Outra', company_name: 'Outra', cnpj: '04.252.011/0001-10', retention_months: 121 });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(INVALID);
    expect(await retentionOf(retained)).toBe(12);
  });

  it('a company user cannot change it', async () => {
    const response = await companyCall('PATCH', { id: retained, commercial_name: 'Retenção Ltda', company_name: 'Retenção Ltda', cnpj: '45678901000175', retention_months: 1 }, companyToken);
    expect(response.statusCode).toBe(403);
    expect(await retentionOf(retained)).toBe(12);
  });

  it('an edit without it keeps it; null and an empty text clear it; 1 and 120 are accepted; the change is audited', async () => {
    const base = { id: unlimited, commercial_name: 'Sem Retenção Ltda', company_name: 'Sem Retenção Ltda', cnpj: '12345678000195' };
    expect((await companyCall('PATCH', { ...base, retention_months: 120 })).json().company.retention_months).toBe(120);
    expect((await companyCall('PATCH', base)).statusCode).toBe(200);
    expect(await retentionOf(unlimited)).toBe(120);
    expect((await companyCall('PATCH', { ...base, retention_months: null })).json().company.retention_months).toBeNull();
    expect((await companyCall('PATCH', { ...base, retention_months: 1 })).json().company.retention_months).toBe(1);
    const cleared = await companyCall('PATCH', { ...base, retention_months: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().company.retention_months).toBeNull();
    expect(await retentionOf(unlimited)).toBeNull();
    const audited = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.update'), eq(auditLog.target, `company:${unlimited}`)))
      .orderBy(auditLog.id);
    expect(audited.map((row) => row.details)).toEqual([{ retention_months: 120 }, {}, { retention_months: null }, { retention_months: 1 }, { retention_months: null }]);
  });
});

describe('retention pass (injected clock)', () => {
  const people: Record<string, number> = {};

  beforeAll(async () => {
    // Last activity 13 months ago: an answered evaluation and its answers, nothing since.
    const olga = await person('Olga Inativa', retained, LONG_AGO);
    const olgaEvaluation = await evaluation(olga.id, { createdAt: THIRTEEN_MONTHS_AGO, done: true });
    await t.db.insert(responses).values({ evaluationId: olgaEvaluation.id, question: '1', response: '2', createdAt: THIRTEEN_MONTHS_AGO });
    people.olga = olga.id;
    // An evaluation left unanswered that expired long ago is not open: 13 months without activity.
    const eli = await person('Eli Expirado', retained, LONG_AGO);
    await evaluation(eli.id, { createdAt: THIRTEEN_MONTHS_AGO, done: false, expireAt: new Date('2025-03-01T02:59:59.999Z') });
    people.eli = eli.id;
    // A minute before the cutoff (08:59 local on 16 March 2025): old enough.
    people.edge = (await person('Beatriz Limite', retained, new Date('2025-03-16T11:59:00Z'))).id;
    // At the cutoff exactly: not older than 12 months.
    people.cutoff = (await person('Caio Limite', retained, new Date('2025-03-16T12:00:00Z'))).id;
    // Created long ago, but evaluated 11 months ago.
    const rita = await person('Rita Recente', retained, LONG_AGO);
    await evaluation(rita.id, { createdAt: ELEVEN_MONTHS_AGO, done: true });
    people.rita = rita.id;
    // An old evaluation whose answer was saved 11 months ago.
    const rui = await person('Rui Respondeu', retained, LONG_AGO);
    const ruiEvaluation = await evaluation(rui.id, { createdAt: THIRTEEN_MONTHS_AGO, done: true });
    await t.db.insert(responses).values({ evaluationId: ruiEvaluation.id, question: '1', response: '3', createdAt: ELEVEN_MONTHS_AGO });
    people.rui = rui.id;
    // Rated in an old 360 interview someone saved 11 months ago.
    const iris = await person('Iris Entrevistada', retained, LONG_AGO);
    const interviewer = await person('Ivo Entrevistador', retained, ELEVEN_MONTHS_AGO);
    const interview = await evaluation(interviewer.id, { createdAt: THIRTEEN_MONTHS_AGO, done: true, rated: iris.id, type: 11 });
    // A saved interview is rows of `responses` (its status row at least), stamped with the save's time.
    await t.db.insert(responses).values({ evaluationId: interview.id, question: 'status', response: 'finished', createdAt: ELEVEN_MONTHS_AGO });
    people.iris = iris.id;
    people.ivo = interviewer.id;
    // Open evaluations keep a person, whatever their age: never expiring, or expiring after NOW.
    const otto = await person('Otto Aberto', retained, LONG_AGO);
    await evaluation(otto.id, { createdAt: LONG_AGO, done: false, expireAt: null });
    people.otto = otto.id;
    const ana = await person('Ana Aberta', retained, LONG_AGO);
    await evaluation(ana.id, { createdAt: LONG_AGO, done: false, expireAt: new Date('2026-03-20T02:59:59.999Z') });
    people.ana = ana.id;
    // Rated in an open evaluation someone else answers: kept too (the evaluation names them).
    const rafa = await person('Rafa Avaliado', retained, LONG_AGO);
    const evaluator = await person('Eva Avaliadora', unlimited, LONG_AGO);
    await evaluation(evaluator.id, { createdAt: LONG_AGO, done: false, expireAt: null, rated: rafa.id });
    people.rafa = rafa.id;
    people.eva = evaluator.id;
    // Staff accounts are never erased, however old.
    people.staff = (await person('Sofia Empresa', retained, LONG_AGO, 2)).id;
    people.admin = (await person('Alberto Admin', retained, LONG_AGO, 1)).id;
    // A company without a policy keeps everyone.
    people.nora = (await person('Nora Sem Politica', unlimited, LONG_AGO)).id;
  });

  it('erases exactly the participants without activity for longer than the policy', async () => {
    const result = await runRetention(t.app, NOW);
    const erased = [people.olga, people.eli, people.edge].sort((a, b) => a! - b!);
    expect(result).toEqual({ erased: 3, failed: 0, companies: [{ company_id: retained, retention_months: 12, erased, failed: [] }] });
    for (const name of ['olga', 'eli', 'edge']) {
      const row = await userRow(people[name]!);
      expect(row.erasedAt, name).not.toBeNull();
      expect(row.name).toBe(messages.lgpd.erasedName);
      expect(row.email).not.toContain('retencao.test');
      expect(row.status).toBe(false);
    }
    const kept = ['cutoff', 'rita', 'rui', 'iris', 'ivo', 'otto', 'ana', 'rafa', 'eva', 'staff', 'admin', 'nora'];
    for (const name of kept) {
      const row = await userRow(people[name]!);
      expect(row.erasedAt, name).toBeNull();
      expect(row.email).toContain('@retencao.test');
    }
    expect((await userRow(people.olga!)).name).not.toBe('Olga Inativa');
  });

  it('records each erase in the audit log with the reason and no actor', async () => {
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'person.erase')).orderBy(auditLog.id);
    expect(entries.map((entry) => entry.target).sort()).toEqual([people.olga, people.eli, people.edge].map((id) => `user:${id}`).sort());
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorUserId: null, actorEmail: null, ip: null, companyId: retained, details: { reason: 'retention', retention_months: 12 } });
    }
  });

  it('a second pass erases nobody again; the next day only the one at the cutoff is due', async () => {
    expect(await runRetention(t.app, NOW)).toEqual({ erased: 0, failed: 0, companies: [] });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'person.erase'))).toHaveLength(3);
    const nextDay = await runRetention(t.app, new Date('2026-03-17T12:00:00Z'));
    expect(nextDay).toEqual({ erased: 1, failed: 0, companies: [{ company_id: retained, retention_months: 12, erased: [people.cutoff], failed: [] }] });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'person.erase'))).toHaveLength(4);
  });
});

describe('GET /api/queues/retention', () => {
  it('lists each company with a policy and how many people a run now would erase, to administrators only', async () => {
    // Policies and people relative to the wall clock, which the monitor counts with.
    const response = await companyCall('POST', { commercial_name: 'Monitor Retenção', company_name: 'Monitor Retenção', cnpj: '04.252.011/0001-10', retention_months: 6 });
    expect(response.statusCode, response.body).toBe(201);
    const monitored = response.json().company.id as number;
    const yearAgo = new Date(Date.now() - 365 * 86_400_000);
    await person('Dora Devida', monitored, yearAgo);
    await person('Davi Devido', monitored, yearAgo);
    await person('Nina Nova', monitored, new Date());
    await person('Sara Staff', monitored, yearAgo, 2);

    expect((await t.app.inject({ method: 'GET', url: '/api/queues/retention' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/queues/retention', headers: bearer(companyToken) })).statusCode).toBe(403);
    const monitor = await t.app.inject({ method: 'GET', url: '/api/queues/retention', headers: bearer(adminToken) });
    expect(monitor.statusCode, monitor.body).toBe(200);
    const body = monitor.json();
    // No process with workers scheduled it here, and no run finished.
    expect(body.next_run).toBeNull();
    expect(body.last_run).toBeNull();
    const row = body.companies.find((company: { company_id: number }) => company.company_id === monitored);
    expect(row).toEqual({ company_id: monitored, company_name: 'Monitor Retenção', active: true, retention_months: 6, due: 2 });
    expect(body.companies.find((company: { company_id: number }) => company.company_id === retained)).toMatchObject({ company_name: 'Retenção Ltda', retention_months: 12 });
    expect(body.companies.some((company: { company_id: number }) => company.company_id === unlimited)).toBe(false);
  });
});

describe('the schedule', () => {
  it('registers the pass daily at 03:00 São Paulo time; a pass stores counts and ids only; the monitor shows it', async () => {
    const withWorkers = await buildTestApp();
    try {
      const boss = (withWorkers.app.jobs as unknown as { boss: import('pg-boss').PgBoss }).boss;
      const schedules = await boss.getSchedules(RETENTION_QUEUE);
      expect(schedules.map((schedule) => [schedule.name, schedule.cron, schedule.timezone])).toEqual([[RETENTION_QUEUE, '0 3 * * *', 'America/Sao_Paulo']]);
      const admin = await signIn(withWorkers.app, 'admin');
      const created = await withWorkers.app.inject({
        method: 'POST',
        url: '/api/companies',
        headers: bearer(admin),
        payload: { commercial_name: 'Agendada', company_name: 'Agendada', cnpj: '45.678.901/0001-75', retention_months: 12 },
      });
      const companyId = created.json().company.id as number;
      const [old] = await withWorkers.db
        .insert(users)
        .values({ name: 'Gustavo Guardado', email: 'gustavo.guardado@retencao.test', phone: '11987654321', typeAccount: 3, companyId, createdAt: new Date(Date.now() - 800 * 86_400_000) })
        .returning();

      const id = await boss.send(RETENTION_QUEUE, {});
      const job = await waitUntil(async () => {
        const result = await withWorkers.db.execute(sql`SELECT state, output FROM pgboss.job WHERE id = ${id}`);
        const [row] = (result as unknown as { rows: { state: string; output: unknown }[] }).rows;
        return row?.state === 'completed' ? row : undefined;
      });
      expect(job.output).toEqual({ erased: 1, failed: 0, companies: [{ company_id: companyId, retention_months: 12, erased: [old!.id], failed: [] }] });
      const stored = JSON.stringify(job.output).toLowerCase();
      for (const identity of ['gustavo', 'guardado', 'retencao.test', '987654321']) expect(stored).not.toContain(identity);
      expect((await withWorkers.db.select().from(users).where(eq(users.id, old!.id)))[0]!.erasedAt).not.toBeNull();

      const monitor = (await withWorkers.app.inject({ method: 'GET', url: '/api/queues/retention', headers: bearer(admin) })).json();
      expect(monitor.last_run).toMatchObject({ state: 'completed', erased: 1, failed: 0 });
      expect(monitor.last_run.finished_local).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      expect(monitor.next_run.local).toMatch(/^\d{2}\/\d{2}\/\d{4} 03:00$/);
      // 03:00 in São Paulo is 06:00Z, within the next day.
      const next = new Date(monitor.next_run.at);
      expect(next.getUTCHours()).toBe(6);
      expect(next.getTime()).toBeGreaterThan(Date.now());
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
      expect(monitor.companies).toEqual([{ company_id: companyId, company_name: 'Agendada', active: true, retention_months: 12, due: 0 }]);
    } finally {
      await withWorkers.close();
    }
  });
});
