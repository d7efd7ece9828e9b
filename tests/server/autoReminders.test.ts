import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, evaluations, remindersSent, users } from '../../apps/server/src/db/schema.ts';
import { AUTO_REMINDER_CRON, AUTO_REMINDER_QUEUE, runAutoReminders, scheduledReminders } from '../../apps/server/src/jobs/autoReminders.ts';
import { messages } from '../../engine/messages.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp.ts';
import { waitUntil } from './waitUntil.ts';

/*
 * The automatic reminders with an injected clock. The calendar, reasoned out by hand: 1 November 2026
 * is a Sunday, so Friday 20 November is the Dia Nacional de Zumbi e da Consciência Negra (a national
 * holiday since Lei 14.759/2023), 21–22 the weekend, Monday 23 the next business day, Friday 27 the
 * expiry day. São Paulo is UTC-3: 09:00 local is 12:00Z, the end of 27 November is 02:59:59.999Z on 28.
 * Policy: 7 days before expiry (20 November), at most 2 reminders, at least 2 days apart.
 *
 * The workers are off: pg-boss's own pass would run with the wall clock. The last test builds an app
 * with workers to see the schedule registered and a pass worked.
 */

let smtp: TestSmtp;
let t: TestApp;
let adminToken: string;
let companyToken: string;
let companyId: number;

const EXPIRY = new Date('2026-11-28T02:59:59.999Z');
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'https://avalia.test/', queue: { workers: false } });
  adminToken = await signIn(t.app, 'admin');
  companyToken = await signIn(t.app, 'company');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const companyCall = (method: 'POST' | 'PATCH', payload: Record<string, unknown>, token = adminToken) =>
  t.app.inject({ method, url: '/api/companies', headers: bearer(token), payload });

async function person(name: string, done: boolean) {
  const [user] = await t.db
    .insert(users)
    .values({ name, email: `${name.toLowerCase()}@lembretes.test`, typeAccount: 3, companyId })
    .returning();
  const [evaluation] = await t.db.insert(evaluations).values({ userId: user!.id, rated: user!.id, typeEvaluation: 13, done, expireAt: EXPIRY }).returning();
  return { user: user!, evaluationId: evaluation!.id };
}

async function policyOf(id: number) {
  const [row] = await t.db.select().from(companies).where(eq(companies.id, id));
  return [row!.reminderDaysBefore, row!.reminderMax, row!.reminderMinGapDays];
}

describe('company reminder policy', () => {
  it('an administrator creates a company with a policy; the API answers it', async () => {
    const response = await companyCall('POST', {
      commercial_name: 'Lembretes Ltda',
      company_name: 'Lembretes Ltda',
      cnpj: '45.678.901/0001-75',
      reminder_days_before: 7,
      reminder_max: 2,
      reminder_min_gap_days: 2,
    });
    expect(response.statusCode).toBe(201);
    const company = response.json().company;
    expect(company).toMatchObject({ reminder_days_before: 7, reminder_max: 2, reminder_min_gap_days: 2 });
    companyId = company.id;
    expect(await policyOf(companyId)).toEqual([7, 2, 2]);
  });

  it('refuses bad values with a Portuguese 400 and changes nothing', async () => {
    const base = { id: companyId, commercial_name: 'Lembretes Ltda', company_name: 'Lembretes Ltda', cnpj: '45678901000175' };
    const cases: [Record<string, unknown>, string][] = [
      [{ reminder_days_before: 0, reminder_max: 2, reminder_min_gap_days: 2 }, 'Dias antes do vencimento: informe um número inteiro de 1 a 365.'],
      [{ reminder_days_before: 1.5, reminder_max: 2, reminder_min_gap_days: 2 }, 'Dias antes do vencimento: informe um número inteiro de 1 a 365.'],
      [{ reminder_days_before: 7, reminder_max: 31, reminder_min_gap_days: 2 }, 'Número máximo de lembretes: informe um número inteiro de 1 a 30.'],
      [{ reminder_days_before: 7, reminder_max: 2, reminder_min_gap_days: -1 }, 'Intervalo mínimo entre lembretes: informe um número inteiro de dias de 1 a 365.'],
      [
        { reminder_days_before: 7, reminder_max: null, reminder_min_gap_days: 2 },
        'Para ativar os lembretes automáticos, informe os três valores: dias antes do vencimento, número máximo de lembretes e intervalo mínimo entre eles.',
      ],
      [
        { reminder_days_before: 3 },
        'Para ativar os lembretes automáticos, informe os três valores: dias antes do vencimento, número máximo de lembretes e intervalo mínimo entre eles.',
      ],
    ];
    for (const [policy, message] of cases) {
      const response = await companyCall('PATCH', { ...base, ...policy });
      expect(response.statusCode, JSON.stringify(policy)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await policyOf(companyId)).toEqual([7, 2, 2]);
  });

  it('a company user cannot change it', async () => {
    const response = await companyCall('PATCH', { id: companyId, commercial_name: 'X', company_name: 'X', cnpj: '45678901000175', reminder_days_before: 1, reminder_max: 1, reminder_min_gap_days: 1 }, companyToken);
    expect(response.statusCode).toBe(403);
    expect(await policyOf(companyId)).toEqual([7, 2, 2]);
  });

  it('an edit without the policy keeps it; all three null turn it off, three numbers back on', async () => {
    const base = { id: companyId, commercial_name: 'Lembretes Ltda', company_name: 'Lembretes Ltda', cnpj: '45678901000175' };
    expect((await companyCall('PATCH', base)).statusCode).toBe(200);
    expect(await policyOf(companyId)).toEqual([7, 2, 2]);
    const off = await companyCall('PATCH', { ...base, reminder_days_before: null, reminder_max: null, reminder_min_gap_days: null });
    expect(off.statusCode).toBe(200);
    expect(off.json().company).toMatchObject({ reminder_days_before: null, reminder_max: null, reminder_min_gap_days: null });
    expect(await policyOf(companyId)).toEqual([null, null, null]);
    expect((await companyCall('PATCH', { ...base, reminder_days_before: 7, reminder_max: 2, reminder_min_gap_days: 2 })).statusCode).toBe(200);
    expect(await policyOf(companyId)).toEqual([7, 2, 2]);
  });
});

describe('automatic reminder pass (injected clock)', () => {
  let ana: Awaited<ReturnType<typeof person>>;
  let bruno: Awaited<ReturnType<typeof person>>;
  let carla: Awaited<ReturnType<typeof person>>;
  const anaMails = () => smtp.messages.filter((mail) => mail.to && JSON.stringify(mail.to).includes('ana@lembretes.test'));

  beforeAll(async () => {
    ana = await person('Ana', false);
    bruno = await person('Bruno', false);
    carla = await person('Carla', true);
  });

  it('sends nothing on the holiday at 09:00 local, and lists the reminder for Monday 09:00', async () => {
    expect(await runAutoReminders(t.app, at('2026-11-20T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
    expect(await t.db.select().from(remindersSent)).toHaveLength(0);
    const planned = await scheduledReminders(t.app, at('2026-11-20T12:00:00Z'), 7);
    expect(planned.map((item) => [item.evaluatorName, item.companyName, item.plannedAt.toISOString(), item.n]).sort()).toEqual([
      ['Ana', 'Lembretes Ltda', '2026-11-23T12:00:00.000Z', 1],
      ['Bruno', 'Lembretes Ltda', '2026-11-23T12:00:00.000Z', 1],
    ]);
  });

  it('sends nothing on the weekend nor at 08:59 of the next business day', async () => {
    expect(await runAutoReminders(t.app, at('2026-11-21T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await runAutoReminders(t.app, at('2026-11-23T11:59:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it('at 09:00 local of the next business day sends once, never to who answered; a second run sends nothing', async () => {
    // Bruno answers during the weekend.
    await t.db.update(evaluations).set({ done: true }).where(eq(evaluations.id, bruno.evaluationId));
    expect(await runAutoReminders(t.app, at('2026-11-23T12:00:00Z'))).toEqual({ sent: 1, failed: 0 });
    expect(await runAutoReminders(t.app, at('2026-11-23T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await runAutoReminders(t.app, at('2026-11-23T12:15:00Z'))).toEqual({ sent: 0, failed: 0 });
    await smtp.waitForMessages(1);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.subject).toBe(messages.mail.reminderSubject);
    expect(mail!.text).toContain('Ana');
    expect(mail!.text).toContain(`https://avalia.test/`);
    expect(mail!.text).toContain(ana.evaluationId);
    expect(mail!.text).toContain('27/11/2026');
    const rows = await t.db.select().from(remindersSent);
    expect(rows.map((row) => [row.evaluationId, row.n, row.plannedAt.toISOString(), row.sentAt?.toISOString()])).toEqual([
      [ana.evaluationId, 1, '2026-11-23T12:00:00.000Z', '2026-11-23T12:00:00.000Z'],
    ]);
    expect(smtp.messages.some((message) => JSON.stringify(message.to).includes('bruno@') || JSON.stringify(message.to).includes('carla@'))).toBe(false);
  });

  it('keeps at least D days between reminders and sends at most K', async () => {
    expect(await runAutoReminders(t.app, at('2026-11-24T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await runAutoReminders(t.app, at('2026-11-25T12:00:00Z'))).toEqual({ sent: 1, failed: 0 });
    expect(await runAutoReminders(t.app, at('2026-11-27T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    await smtp.waitForMessages(2);
    expect(anaMails()).toHaveLength(2);
    expect(smtp.messages).toHaveLength(2);
  });

  it('a reminder sent but not recorded (a crash) is not sent again; a refused one is sent by the next pass', async () => {
    const dora = await person('Dora', false);
    smtp.failing = true;
    expect(await runAutoReminders(t.app, at('2026-11-23T13:00:00Z'))).toEqual({ sent: 0, failed: 1 });
    smtp.failing = false;
    const [claimed] = await t.db.select().from(remindersSent).where(eq(remindersSent.evaluationId, dora.evaluationId));
    expect(claimed).toMatchObject({ n: 1, sentAt: null });
    expect(await runAutoReminders(t.app, at('2026-11-23T13:15:00Z'))).toEqual({ sent: 1, failed: 0 });
    await smtp.waitForMessages(3);
    // The process died after the SMTP server accepted the message, before `sent_at` was written.
    await t.db.update(remindersSent).set({ sentAt: null }).where(eq(remindersSent.evaluationId, dora.evaluationId));
    expect(await runAutoReminders(t.app, at('2026-11-23T13:30:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages.filter((mail) => JSON.stringify(mail.to).includes('dora@'))).toHaveLength(1);
    expect(await t.db.select().from(remindersSent).where(eq(remindersSent.evaluationId, dora.evaluationId))).toHaveLength(1);
    void carla;
  });

  it('a company without a policy gets no automatic reminders', async () => {
    const base = { id: companyId, commercial_name: 'Lembretes Ltda', company_name: 'Lembretes Ltda', cnpj: '45678901000175' };
    await companyCall('PATCH', { ...base, reminder_days_before: null, reminder_max: null, reminder_min_gap_days: null });
    const eva = await person('Eva', false);
    expect(await runAutoReminders(t.app, at('2026-11-24T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await scheduledReminders(t.app, at('2026-11-24T12:00:00Z'), 7)).toEqual([]);
    expect(await t.db.select().from(remindersSent).where(eq(remindersSent.evaluationId, eva.evaluationId))).toHaveLength(0);
  });
});

describe('GET /api/queues/reminders', () => {
  it('lists the planned reminders (09:00 local of a business day) to administrators only', async () => {
    const base = { id: companyId, commercial_name: 'Lembretes Ltda', company_name: 'Lembretes Ltda', cnpj: '45678901000175' };
    await companyCall('PATCH', { ...base, reminder_days_before: 3, reminder_max: 1, reminder_min_gap_days: 1 });
    // Expires 10 days from the wall clock (the monitor plans from it): its reminder is 3 to 7 days away.
    const [user] = await t.db.insert(users).values({ name: 'Fábio', email: 'fabio@lembretes.test', typeAccount: 3, companyId }).returning();
    const [evaluation] = await t.db
      .insert(evaluations)
      .values({ userId: user!.id, rated: user!.id, typeEvaluation: 13, expireAt: new Date(Date.now() + 10 * 86_400_000) })
      .returning();
    expect((await t.app.inject({ method: 'GET', url: '/api/queues/reminders', headers: bearer(companyToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/queues/reminders' })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/api/queues/reminders', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const row = (response.json() as Record<string, unknown>[]).find((item) => item.evaluation_id === evaluation!.id);
    expect(row).toMatchObject({ user_name: 'Fábio', company_name: 'Lembretes Ltda', company_id: companyId, reminder: 1, evaluated_name: null });
    expect(row!.evaluation_name).toBe(t.app.definitions.types.get(13)!.name);
    expect(row!.planned_local).toMatch(/^\d{2}\/\d{2}\/\d{4} 09:00$/);
    const planned = new Date(String(row!.planned_at));
    // 09:00 in São Paulo is 12:00Z, on a weekday.
    expect(planned.getUTCHours()).toBe(12);
    expect([0, 6]).not.toContain(new Date(planned.getTime() - 3 * 3_600_000).getUTCDay());
  });
});

describe('the schedule', () => {
  it('registers the pass every 15 minutes and works its jobs', async () => {
    const withWorkers = await buildTestApp();
    try {
      const schedules = await (withWorkers.app.jobs as unknown as { boss: import('pg-boss').PgBoss }).boss.getSchedules(AUTO_REMINDER_QUEUE);
      expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toEqual([[AUTO_REMINDER_QUEUE, AUTO_REMINDER_CRON]]);
      const boss = (withWorkers.app.jobs as unknown as { boss: import('pg-boss').PgBoss }).boss;
      const id = await boss.send(AUTO_REMINDER_QUEUE, {});
      const state = await waitUntil(async () => {
        const result = await withWorkers.db.execute(sql`SELECT state, output FROM pgboss.job WHERE id = ${id}`);
        const [job] = (result as unknown as { rows: { state: string; output: unknown }[] }).rows;
        return job?.state === 'completed' ? job : undefined;
      });
      expect(state.output).toEqual({ sent: 0, failed: 0 });
    } finally {
      await withWorkers.close();
    }
  });
});
