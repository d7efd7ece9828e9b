import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations, outbox, users } from '../../apps/server/src/db/schema.ts';
import { format, messages } from '../../engine/messages.ts';
import { expire } from './fixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';
import { waitUntil } from './waitUntil.ts';

setUpWorld();

const post = (url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function outboxCount(): Promise<number> {
  const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM outbox`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

async function jobCount(name: string): Promise<number> {
  const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/** Makes `send` fail once (the SMTP server is down, the outbox unreachable…) while `run` runs. */
async function withFailingMailer<T>(run: () => Promise<T>): Promise<T> {
  const mailer = t.app.mailer;
  const original = mailer.send;
  mailer.send = () => Promise.reject(new Error('servidor de e-mail fora do ar'));
  try {
    return await run();
  } finally {
    mailer.send = original;
  }
}

/** A new employee of the company with one evaluation of type 13 (done or pending). */
async function employeeWith(companyId: number, name: string, done = false) {
  const [user] = await t.db
    .insert(users)
    .values({ name, email: `n${Math.random().toString(16).slice(2, 10)}@teste.avalia`, typeAccount: 3, companyId })
    .returning();
  const [evaluation] = await t.db
    .insert(evaluations)
    .values({ userId: user!.id, rated: user!.id, typeEvaluation: 13, done, expireAt: new Date(Date.now() + 2 * 86400000) })
    .returning();
  return { user: user!, evaluationId: evaluation!.id };
}

describe('POST /api/evaluation/remainder/{userId}', () => {
  it('e-mails the user every pending, unexpired evaluation with its link and date', async () => {
    const employee = demo.employees[0]!;
    const response = await post(`/api/evaluation/remainder/${employee.id}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Lembrete enviado' });
    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.to, employee.email), eq(outbox.kind, 'reminder')));
    expect(mail!.subject).toBe(messages.mail.reminderSubject);
    const pending = await t.db.select().from(evaluations).where(and(eq(evaluations.userId, employee.id), eq(evaluations.done, false)));
    const linked = pending.filter((evaluation) => t.app.definitions.types.get(evaluation.typeEvaluation)?.slug);
    expect(linked.length).toBeGreaterThan(0);
    for (const evaluation of linked) {
      const slug = t.app.definitions.types.get(evaluation.typeEvaluation)!.slug!;
      expect(mail!.text).toContain(`http://localhost:3000/${slug}/${evaluation.id}`);
    }
    expect(mail!.text).toMatch(/responda até \d{2}\/\d{2}\/\d{4}/);
  });

  it('lets a company user remind its own employees and answers 404 for another company’s', async () => {
    expect((await post(`/api/evaluation/remainder/${demo.employees[1]!.id}`, companyToken)).json()).toEqual({ message: 'Lembrete enviado' });
    const before = await outboxCount();
    const foreign = await post(`/api/evaluation/remainder/${other.employeeId}`, companyToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: format(messages.api.userNotFound, { id: other.employeeId }) });
    const unknown = await post('/api/evaluation/remainder/999999', adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(await outboxCount()).toBe(before);
  });

  it('answers 401 without a session and 400 for a malformed id', async () => {
    expect((await post(`/api/evaluation/remainder/${demo.employees[0]!.id}`)).statusCode).toBe(401);
    const malformed = await post('/api/evaluation/remainder/abc', adminToken);
    expect(malformed.statusCode).toBe(400);
    expect(typeof malformed.json().message).toBe('string');
  });

  it('answers 400 when the user has nothing pending (answered or expired evaluations only)', async () => {
    const { user, evaluationId } = await employeeWith(demo.companyId, 'Sem Pendências');
    await expire(t.db, evaluationId);
    await t.db.insert(evaluations).values({ userId: user.id, rated: user.id, typeEvaluation: 13, done: true, expireAt: new Date(Date.now() + 86400000) });
    const before = await outboxCount();
    const response = await post(`/api/evaluation/remainder/${user.id}`, companyToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'O usuário Sem Pendências não tem avaliações pendentes para lembrar.' });
    expect(await outboxCount()).toBe(before);
  });

  it('answers 502 with the spec’s message when the e-mail cannot be sent', async () => {
    const response = await withFailingMailer(() => post(`/api/evaluation/remainder/${demo.employees[0]!.id}`, adminToken));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Lembrete não foi enviado, entre em contato' });
  });
});

describe('POST /api/evaluation/email/{evaluationId}', () => {
  it('e-mails the evaluator the link of a pending evaluation (again on every call)', async () => {
    const { user, evaluationId } = await employeeWith(demo.companyId, 'Paula Pendente');
    for (const token of [adminToken, companyToken]) {
      const response = await post(`/api/evaluation/email/${evaluationId}`, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Email de avaliação enviado.' });
    }
    const mails = await t.db.select().from(outbox).where(eq(outbox.evaluationId, evaluationId));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.to).toBe(user.email);
    expect(mails[0]!.text).toContain(`/${t.app.definitions.types.get(13)!.slug}/${evaluationId}`);
  });

  it('answers 404 for another company’s evaluation, unknown ids and non-UUIDs; 401 without a session', async () => {
    const foreign = await post(`/api/evaluation/email/${other.evaluationId}`, companyToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: messages.api.evaluationNotFound });
    expect((await post('/api/evaluation/email/5f0e8a3c-1111-4222-8333-444455556666', adminToken)).statusCode).toBe(404);
    expect((await post('/api/evaluation/email/nao-e-uuid', adminToken)).statusCode).toBe(404);
    expect((await post(`/api/evaluation/email/${'a'.repeat(80)}`, adminToken)).statusCode).toBe(400);
    expect((await post(`/api/evaluation/email/${other.evaluationId}`)).statusCode).toBe(401);
    expect((await post(`/api/evaluation/email/${other.evaluationId}`, adminToken)).statusCode).toBe(200);
  });

  it('answers 400 for an answered or an expired evaluation', async () => {
    const answered = await employeeWith(demo.companyId, 'Rita Respondida', true);
    const done = await post(`/api/evaluation/email/${answered.evaluationId}`, adminToken);
    expect(done.statusCode).toBe(400);
    expect(done.json()).toEqual({ message: messages.mail.evaluationAlreadyDone });
    const late = await employeeWith(demo.companyId, 'Vera Vencida');
    await expire(t.db, late.evaluationId);
    const expired = await post(`/api/evaluation/email/${late.evaluationId}`, adminToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/^Esta avaliação venceu em \d{2}\/\d{2}\/\d{4}: renove-a antes de enviar o e-mail\.$/);
    expect(await t.db.select().from(outbox).where(eq(outbox.evaluationId, late.evaluationId))).toEqual([]);
  });

  it('answers 502 with the spec’s message when the e-mail cannot be sent', async () => {
    const { evaluationId } = await employeeWith(demo.companyId, 'Érica Erro');
    const response = await withFailingMailer(() => post(`/api/evaluation/email/${evaluationId}`, adminToken));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Email de avaliação não foi enviado, entre em contato' });
  });
});

describe('POST /api/tableresponse/report/email', () => {
  const url = '/api/tableresponse/report/email';

  it('queues one report e-mail per done evaluation, which reaches the evaluator', async () => {
    const first = await employeeWith(demo.companyId, 'Renata Relatório', true);
    const second = await employeeWith(demo.companyId, 'Bruno Relatório', true);
    const response = await post(url, companyToken, { evaluation_type: '13', target_ids: [first.evaluationId, second.evaluationId.toUpperCase()] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'O relatório foi colocado em fila de envio' });
    const mails = await waitUntil(async () => {
      const rows = await t.db.select().from(outbox).where(eq(outbox.kind, 'report'));
      const mine = rows.filter((row) => row.evaluationId === first.evaluationId || row.evaluationId === second.evaluationId);
      return mine.length === 2 && mine;
    });
    expect(mails.map((mail) => mail.to).sort()).toEqual([first.user.email, second.user.email].sort());
    expect(mails[0]!.subject).toBe(`Resultado da avaliação: ${t.app.definitions.types.get(13)!.name}`);
    const monitor = (await get('/api/queues', adminToken)).json() as { type: string; user_name: string; state: string }[];
    expect(monitor.filter((row) => row.type === 'reportEmail').map((row) => row.user_name)).toEqual(
      expect.arrayContaining(['Renata Relatório', 'Bruno Relatório']),
    );
  });

  it('rejects pending, foreign, mistyped and malformed targets, queueing nothing', async () => {
    const pending = await employeeWith(demo.companyId, 'Nina Não Respondeu');
    const done = await employeeWith(demo.companyId, 'Davi Respondeu', true);
    const foreignDone = await employeeWith(other.companyId, 'Olga Outra', true);
    const before = await jobCount('reportEmail');

    const notDone = await post(url, adminToken, { evaluation_type: 13, target_ids: [done.evaluationId, pending.evaluationId] });
    expect(notDone.statusCode).toBe(400);
    expect(notDone.json()).toEqual({ message: format(messages.mail.reportNotDone, { id: pending.evaluationId }) });

    const foreign = await post(url, companyToken, { evaluation_type: 13, target_ids: [done.evaluationId, foreignDone.evaluationId] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: messages.api.evaluationNotFound });

    const mistyped = await post(url, adminToken, { evaluation_type: 2, target_ids: [done.evaluationId] });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json()).toEqual({ message: format(messages.mail.reportTypeMismatch, { id: done.evaluationId, type: 2 }) });

    const unknownType = await post(url, adminToken, { evaluation_type: 'abc', target_ids: [done.evaluationId] });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toEqual({ message: format(messages.api.unknownType, { type: 'abc' }) });

    for (const payload of [
      { evaluation_type: 13, target_ids: [] },
      { evaluation_type: 13 },
      { evaluation_type: 13, target_ids: [done.evaluationId], extra: 1 },
      { evaluation_type: 13, target_ids: ['x'.repeat(100)] },
    ]) {
      const response = await post(url, adminToken, payload);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await post(url, adminToken, { evaluation_type: 13, target_ids: ['nao-e-uuid'] })).statusCode).toBe(404);
    // Fastify's Ajv turns a lone string into a one-item list: it is then just an unknown id.
    expect((await post(url, adminToken, { evaluation_type: 13, target_ids: 'nao-lista' })).statusCode).toBe(404);
    expect((await post(url, undefined, { evaluation_type: 13, target_ids: [done.evaluationId] })).statusCode).toBe(401);
    expect(await jobCount('reportEmail')).toBe(before);
  });

  it('answers 502 with the spec’s message when the jobs cannot be queued', async () => {
    const done = await employeeWith(demo.companyId, 'Fábio Fila', true);
    const jobs = t.app.jobs;
    const original = jobs.enqueueReportEmails;
    jobs.enqueueReportEmails = () => Promise.reject(new Error('fila fora do ar'));
    try {
      const response = await post(url, adminToken, { evaluation_type: 13, target_ids: [done.evaluationId] });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: 'Email de relatório não foi enviado, entre em contato' });
    } finally {
      jobs.enqueueReportEmails = original;
    }
  });
});

describe('GET /api/queues and GET /api/outbox', () => {
  it('are for administrators only', async () => {
    for (const path of ['/api/queues', '/api/outbox']) {
      expect((await get(path)).statusCode).toBe(401);
      const forbidden = await get(path, companyToken);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: messages.api.forbidden });
      expect((await get(path, adminToken)).statusCode).toBe(200);
    }
  });

  it('page the outbox newest first', async () => {
    for (const n of [1, 2, 3]) {
      await t.app.mailer.send({ key: `pagina:${n}`, to: `p${n}@teste.avalia`, subject: `Mensagem ${n}`, text: 't', html: '<p>t</p>', kind: 'teste' });
    }
    const total = await outboxCount();
    const first = (await get('/api/outbox?pageSize=2', adminToken)).json();
    expect(first).toMatchObject({ total, page: 1, pageSize: 2 });
    expect(first.items.map((item: { subject: string }) => item.subject)).toEqual(['Mensagem 3', 'Mensagem 2']);
    const second = (await get('/api/outbox?pageSize=2&page=2', adminToken)).json();
    expect(second.items[0].subject).toBe('Mensagem 1');
    expect((await get('/api/outbox?pageSize=0', adminToken)).statusCode).toBe(400);
    expect((await get('/api/outbox?pageSize=1000', adminToken)).statusCode).toBe(400);
    expect((await get('/api/outbox?other=1', adminToken)).statusCode).toBe(400);
  });
});
