import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cycles, evaluations, outbox, users } from '../../apps/server/src/db/schema.ts';
import type { CyclePending, CycleReminded } from '../../apps/server/src/contract/cycles.ts';
import { sendCycleReminder } from '../../apps/server/src/jobs/cycleReminders.ts';
import { toDate, toObject } from '../../apps/server/src/repositories/jobs.ts';
import type { CycleReminderJobData } from '../../apps/server/src/types.ts';
import { manualReminderAt } from '../../engine/lifecycle/reminderSchedule.ts';
import { format, messages } from '../../engine/messages.ts';
import { formatStampBR } from '../../engine/rules/dates.ts';
import { addUserWithPassword } from './fixtures.ts';
import { bearer } from './testApp.ts';
import { waitUntil } from './waitUntil.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * 'Lembrar pendentes' of a round (issue 26): `GET /cycles/{id}/pending` counts the people with pending
 * evaluations (not answered, not expired, with a link) and when the reminders would go out;
 * `POST /cycles/{id}/remind` queues one `cycleReminder` job per person (starting then) with its audit
 * record; at send time the worker e-mails each person the evaluations still pending, once.
 */

const ZONE = 'America/Sao_Paulo';
const DAY_MS = 86_400_000;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });

let otherCompanyToken: string;

beforeAll(async () => {
  await addUserWithPassword(t.db, { email: 'gestora@outra-lembrete.com.br', password: 'Outra-senha-1', typeAccount: 2, companyId: other.companyId });
  const signIn = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email: 'gestora@outra-lembrete.com.br', password: 'Outra-senha-1' } });
  expect(signIn.statusCode, signIn.body).toBe(200);
  otherCompanyToken = signIn.json().token;
});

/** A new employee of the company. */
async function person(name: string, companyId = demo.companyId) {
  const [user] = await t.db
    .insert(users)
    .values({ name, email: `${randomUUID().slice(0, 8)}@lembrete.avalia`, typeAccount: 3, companyId })
    .returning();
  return user!;
}

/** A new round of the company. */
async function round(name: string, companyId = demo.companyId): Promise<number> {
  const [cycle] = await t.db.insert(cycles).values({ companyId, name, types: [13, 16], opensOn: '2026-11-02' }).returning();
  return cycle!.id;
}

/** An evaluation of the person in the round: pending (by default), answered or expired. */
async function evaluation(userId: number, cycleId: number, type: number, state: 'pending' | 'done' | 'expired' = 'pending', rated = userId): Promise<string> {
  const expireAt = new Date(Date.now() + (state === 'expired' ? -DAY_MS : 3 * DAY_MS));
  const [row] = await t.db.insert(evaluations).values({ userId, rated, typeEvaluation: type, cycleId, done: state === 'done', expireAt }).returning();
  return row!.id;
}

interface JobRow {
  id: string;
  state: string;
  data: CycleReminderJobData;
  output: Record<string, unknown> | null;
  startAfter: Date;
}

/** The round's reminder jobs in pg-boss. */
async function jobsOf(cycleId: number): Promise<JobRow[]> {
  const result = await t.db.execute(
    sql`SELECT id, state, data, output, start_after FROM pgboss.job WHERE name = 'cycleReminder' AND (data->>'cycle_id')::int = ${cycleId} ORDER BY data->>'user_id'`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    id: String(row.id),
    state: String(row.state),
    data: toObject(row.data) as unknown as CycleReminderJobData,
    output: toObject(row.output),
    startAfter: toDate(row.start_after)!,
  }));
}

/** The round's reminder e-mails in the outbox (their keys are the jobs' ids). */
async function remindersOf(jobs: JobRow[]) {
  const keys = new Set(jobs.map((job) => `cycle-reminder:${job.id}`));
  return (await t.db.select().from(outbox)).filter((mail) => keys.has(mail.key));
}

async function auditOf(cycleId: number) {
  return t.db.select().from(auditLog).where(eq(auditLog.target, `cycle:${cycleId}`));
}

/**
 * `send_at` as the route computes it from its own clock, read between `before` and `after`: 09:00 of a
 * business day both instants agree on, or the route's own instant when it fell in business hours.
 */
function expectSendAt(text: string, before: Date, after: Date) {
  const sendAt = new Date(text);
  expect(sendAt.toISOString()).toBe(text);
  const planned = [manualReminderAt(before, ZONE), manualReminderAt(after, ZONE)].map((at) => at.getTime());
  const nowInHours = sendAt.getTime() >= before.getTime() && sendAt.getTime() <= after.getTime() && manualReminderAt(sendAt, ZONE).getTime() === sendAt.getTime();
  expect(planned.includes(sendAt.getTime()) || nowInHours, `${text} between ${before.toISOString()} and ${after.toISOString()}`).toBe(true);
  return sendAt;
}

describe('GET and POST /api/cycles/{id}/pending and /remind', () => {
  it('counts and reminds exactly the people with pending linked evaluations of the round, one e-mail each, none for who answered before the send', async () => {
    const cycleId = await round('Clima – lembrete');
    const otherRoundId = await round('Outro ciclo da empresa');
    const answered = await person('Ana Respondeu');
    await evaluation(answered.id, cycleId, 13, 'done');
    await evaluation(answered.id, cycleId, 16, 'done');
    const pendingTwo = await person('Bruno Pendente');
    const colleague = await person('Carla Colega');
    const pendingStress = await evaluation(pendingTwo.id, cycleId, 13);
    const pendingAbout = await evaluation(pendingTwo.id, cycleId, 2, 'pending', colleague.id);
    // Answered already in the round, not listed again.
    await evaluation(pendingTwo.id, cycleId, 16, 'done');
    const expiredOnly = await person('Davi Expirou');
    await evaluation(expiredOnly.id, cycleId, 13, 'expired');
    const elsewhere = await person('Eva Outro Ciclo');
    await evaluation(elsewhere.id, otherRoundId, 13);
    const noLink = await person('Fábio Entrevista');
    // Type 11 (the 360 by interview) has no link: nothing to remind.
    await evaluation(noLink.id, cycleId, 11);
    const lateAnswerer = await person('Gabi Responde Depois');
    const lateEvaluation = await evaluation(lateAnswerer.id, cycleId, 16);

    const before = new Date();
    const pending = await get(`/api/cycles/${cycleId}/pending`, adminToken);
    const afterGet = new Date();
    expect(pending.statusCode, pending.body).toBe(200);
    const counted = pending.json() as CyclePending;
    expect(counted).toEqual({ people: 2, evaluations: 3, send_at: expect.any(String) });
    expectSendAt(counted.send_at, before, afterGet);

    // Gabi answers after the count and before the send: the POST's transaction marks her evaluation
    // answered as it queues the jobs, whatever the hour (a job due now may run at once).
    const jobs = t.app.jobs;
    const enqueue = jobs.enqueueCycleReminders;
    jobs.enqueueCycleReminders = async (tx, items, startAfter) => {
      const ids = await enqueue(tx, items, startAfter);
      await tx.update(evaluations).set({ done: true }).where(eq(evaluations.id, lateEvaluation));
      return ids;
    };
    const asked = new Date();
    let response;
    try {
      response = await post(`/api/cycles/${cycleId}/remind`, adminToken);
    } finally {
      jobs.enqueueCycleReminders = enqueue;
    }
    const answeredAt = new Date();
    expect(response.statusCode, response.body).toBe(200);
    const reminded = response.json() as CycleReminded;
    expect(reminded).toEqual({ message: expect.any(String), people: 2, evaluations: 3, send_at: expect.any(String) });
    const sendAt = expectSendAt(reminded.send_at, asked, answeredAt);
    const people = format(messages.cycles.remindPeopleMany, { count: 2 });
    expect([format(messages.cycles.remindNow, { people }), format(messages.cycles.remindLater, { when: formatStampBR(sendAt, ZONE), people })]).toContain(reminded.message);

    const audit = await auditOf(cycleId);
    expect(audit.map((row) => [row.action, row.companyId, row.details])).toEqual([['cycle.remind', demo.companyId, { people: 2, evaluations: 3, send_at: reminded.send_at }]]);

    const queued = await jobsOf(cycleId);
    expect(queued.map((job) => job.data)).toEqual(
      [
        { cycle_id: cycleId, user_id: pendingTwo.id, user_name: 'Bruno Pendente', evaluated_name: null },
        { cycle_id: cycleId, user_id: lateAnswerer.id, user_name: 'Gabi Responde Depois', evaluated_name: null },
      ].sort((a, b) => String(a.user_id).localeCompare(String(b.user_id))),
    );
    for (const job of queued) expect(job.startAfter.toISOString()).toBe(reminded.send_at);
    expect(await jobsOf(otherRoundId)).toEqual([]);

    // The queue monitor shows each person's job.
    const monitor = (await get('/api/queues', adminToken)).json() as { id: string; type: string; user_name: string | null; type_evaluation: number | null }[];
    const listed = monitor.filter((row) => queued.some((job) => job.id === row.id));
    expect(listed.map((row) => [row.type, row.user_name, row.type_evaluation]).sort()).toEqual([
      ['cycleReminder', 'Bruno Pendente', null],
      ['cycleReminder', 'Gabi Responde Depois', null],
    ]);

    // Send time comes (at once when it is later): the workers run both jobs.
    await t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'cycleReminder' AND (data->>'cycle_id')::int = ${cycleId} AND state = 'created'`);
    const done = await waitUntil(async () => {
      const rows = await jobsOf(cycleId);
      return rows.every((job) => job.state === 'completed') && rows;
    });
    const outputs = new Map(done.map((job) => [job.data.user_id, job.output]));
    expect(outputs.get(pendingTwo.id)).toEqual({ sent: true, evaluations: 2, skipped: false, message: `E-mail guardado na caixa de saída para ${pendingTwo.email}` });
    expect(outputs.get(lateAnswerer.id)).toEqual({ sent: false, message: 'Nada a lembrar: a pessoa já respondeu ou o prazo das avaliações acabou.' });

    const mails = await remindersOf(done);
    expect(mails.map((mail) => [mail.to, mail.kind, mail.companyId])).toEqual([[pendingTwo.email, 'reminder', demo.companyId]]);
    const mail = mails[0]!;
    expect(mail.subject).toBe(messages.mail.reminderSubject);
    expect(mail.text).toContain(`http://localhost:3000/${t.app.definitions.types.get(13)!.slug}/${pendingStress}`);
    expect(mail.text).toContain(`http://localhost:3000/${t.app.definitions.types.get(2)!.slug}/${pendingAbout}`);
    expect(mail.text).toContain('Carla Colega');
    const [bruno] = await t.db.select({ key: users.personalKey }).from(users).where(eq(users.id, pendingTwo.id));
    expect(mail.text).toContain(`http://localhost:3000/evaluations/${bruno!.key}`);

    // A retried job (same id) never sends twice.
    const brunoJob = done.find((job) => job.data.user_id === pendingTwo.id)!;
    await sendCycleReminder(t.app, { id: brunoJob.id, name: 'cycleReminder', data: brunoJob.data } as Job<CycleReminderJobData>);
    expect(await remindersOf(done)).toHaveLength(1);
  });

  it('answers 400 when nobody is pending, queueing and auditing nothing', async () => {
    const cycleId = await round('Todos responderam');
    const done = await person('Helena Respondeu');
    await evaluation(done.id, cycleId, 13, 'done');
    await evaluation((await person('Ivo Expirou')).id, cycleId, 16, 'expired');
    await evaluation((await person('João Entrevista')).id, cycleId, 11);
    const pending = await get(`/api/cycles/${cycleId}/pending`, companyToken);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toEqual({ people: 0, evaluations: 0, send_at: expect.any(String) });
    const refused = await post(`/api/cycles/${cycleId}/remind`, adminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: messages.cycles.nothingPending });
    expect(await jobsOf(cycleId)).toEqual([]);
    expect(await auditOf(cycleId)).toEqual([]);
  });

  it('reminds a round once in 20 hours: a second press answers 409 saying when, and queues nothing more', async () => {
    const cycleId = await round('Duas vezes');
    const waiting = await person('Lia Pendente');
    await evaluation(waiting.id, cycleId, 13);
    const first = await post(`/api/cycles/${cycleId}/remind`, adminToken);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(`/api/cycles/${cycleId}/remind`, companyToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Os pendentes deste ciclo já foram lembrados em \d\d\/\d\d\/\d{4} \d\d:\d\d\. Um novo lembrete pode ser enviado a partir de \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);
    expect(await jobsOf(cycleId)).toHaveLength(1);
    expect(await auditOf(cycleId)).toHaveLength(1);
  });

  it("lets a company user remind its own company's round, closed or not; another company's user gets 404 on both routes", async () => {
    const cycleId = await round('Ciclo encerrado');
    const waiting = await person('Karen Pendente');
    await evaluation(waiting.id, cycleId, 13);
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/cycles/${cycleId}`, headers: bearer(adminToken), payload: { closed: true } });
    expect(closed.statusCode, closed.body).toBe(200);

    const notFound = { message: format(messages.cycles.notFound, { id: cycleId }) };
    for (const response of [await get(`/api/cycles/${cycleId}/pending`, otherCompanyToken), await post(`/api/cycles/${cycleId}/remind`, otherCompanyToken)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect(await jobsOf(cycleId)).toEqual([]);

    expect((await get(`/api/cycles/${cycleId}/pending`, companyToken)).json()).toEqual(expect.objectContaining({ people: 1, evaluations: 1 }));
    const reminded = await post(`/api/cycles/${cycleId}/remind`, companyToken);
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json()).toEqual(expect.objectContaining({ people: 1, evaluations: 1 }));
    expect(reminded.json().message).toContain(messages.cycles.remindPeopleOne);
    expect((await jobsOf(cycleId)).map((job) => job.data.user_id)).toEqual([waiting.id]);
    expect((await auditOf(cycleId)).map((row) => row.action)).toEqual(['cycle.close', 'cycle.remind']);

    // The demo's company user and another company's round: 404 too; an unknown round: 404.
    const foreignRound = await round('Ciclo da outra', other.companyId);
    expect((await get(`/api/cycles/${foreignRound}/pending`, companyToken)).statusCode).toBe(404);
    expect((await post(`/api/cycles/${foreignRound}/remind`, companyToken)).statusCode).toBe(404);
    expect((await get('/api/cycles/999999/pending', adminToken)).statusCode).toBe(404);
  });

  it('answers 502 when the jobs cannot be queued, auditing nothing', async () => {
    const cycleId = await round('Fila fora do ar');
    await evaluation((await person('Lia Pendente')).id, cycleId, 13);
    const jobs = t.app.jobs;
    const enqueue = jobs.enqueueCycleReminders;
    jobs.enqueueCycleReminders = () => Promise.reject(new Error('fila fora do ar'));
    try {
      const response = await post(`/api/cycles/${cycleId}/remind`, adminToken);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: messages.cycles.remindFailed });
    } finally {
      jobs.enqueueCycleReminders = enqueue;
    }
    expect(await jobsOf(cycleId)).toEqual([]);
    expect(await auditOf(cycleId)).toEqual([]);
  });
});
