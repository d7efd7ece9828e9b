import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluations, mailDeliveries, outbox, users } from '../../apps/server/src/db/schema.ts';
import { messageIdFor } from '../../apps/server/src/mail/mailer.ts';
import { messages } from '../../engine/messages.ts';
import { demoData } from './fixtures.ts';
import { RECIPIENT_REFUSAL, REFUSAL, startSmtp, type TestSmtp } from './smtp.ts';
import { bearer, buildTestApp, signIn, type TestApp } from './testApp.ts';
import { waitUntil } from './waitUntil.ts';

/*
 * SMTP mode: the app sends through `smtp-server` on 127.0.0.1, and the tests read what arrived.
 */

const HOSTILE = `<script>alert('x')</script> & "Zé"`;
const FROM = 'Avalia Teste <nao-responda@teste.avalia>';

let t: TestApp;
let smtp: TestSmtp;
let adminToken: string;
let demo: Awaited<ReturnType<typeof demoData>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url, mailFrom: FROM, publicUrl: 'https://avalia.test/' });
  demo = await demoData(t.db);
  adminToken = await signIn(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

interface MonitorRow {
  id: string;
  type: string;
  state: string;
  failedReason: string | null;
  returnvalue: Record<string, unknown> | null;
}

async function monitorRow(jobId: string): Promise<MonitorRow | undefined> {
  const response = await t.app.inject({ method: 'GET', url: '/api/queues', headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  return (response.json() as MonitorRow[]).find((row) => row.id === jobId);
}

async function jobIdOf(evaluationId: string): Promise<string> {
  return waitUntil(async () => {
    const result = await t.db.execute(sql`SELECT id FROM pgboss.job WHERE data->>'evaluation_id' = ${evaluationId}`);
    return (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
  });
}

/** A new employee of the demo company, a pending evaluation of theirs, and its e-mail job (committed together). */
async function evaluationWithJob(name: string) {
  const [evaluator] = await t.db
    .insert(users)
    .values({ name, email: `p${Math.random().toString(16).slice(2, 10)}@teste.avalia`, typeAccount: 3, companyId: demo.companyId })
    .returning();
  const evaluationId = await t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(evaluations)
      .values({ userId: evaluator!.id, rated: evaluator!.id, typeEvaluation: 13, expireAt: new Date(Date.now() + 3 * 86400000) })
      .returning();
    await t.app.jobs.enqueueEvaluationEmails(tx, 'createEvaluation', [{ evaluation_id: row!.id, type_evaluation: 13, user_name: name, evaluated_name: null }]);
    return row!.id;
  });
  return { evaluator: evaluator!, evaluationId, jobId: await jobIdOf(evaluationId) };
}

/** The accepted messages whose text holds this evaluation's personal link. */
function sentFor(evaluationId: string) {
  return smtp.messages.filter((mail) => String(mail.text).includes(`/${evaluationId}`));
}

function sentTo(address: string) {
  return smtp.messages.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(address)));
}

describe('evaluation e-mail jobs, SMTP mode', () => {
  it('deliver the e-mail through SMTP: subject, personal link, escaped hostile name, deterministic Message-ID', async () => {
    expect(t.app.mailer.transport).toBe('smtp');
    const { evaluator, evaluationId, jobId } = await evaluationWithJob(HOSTILE);
    const [mail] = await waitUntil(async () => sentTo(evaluator.email).length > 0 && sentTo(evaluator.email));
    const entry = t.app.definitions.types.get(13)!;
    expect(mail!.subject).toBe(`Avaliação: ${entry.name}`);
    expect(mail!.from?.text).toContain('nao-responda@teste.avalia');
    // PUBLIC_URL's trailing slash is dropped.
    expect(mail!.text).toContain(`Acesse pelo seu link pessoal: https://avalia.test/${entry.slug}/${evaluationId}`);
    expect(mail!.text).toContain(`Olá, ${HOSTILE}!`);
    const html = String(mail!.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(mail!.messageId).toBe(messageIdFor(`job:${jobId}`, FROM));
    // The server holds the message before the app hears its 250 and records the delivery: wait for that.
    const delivery = await waitUntil(async () => {
      const [row] = await t.db.select().from(mailDeliveries).where(eq(mailDeliveries.key, `job:${jobId}`));
      return row?.state === 'sent' ? row : undefined;
    });
    expect(delivery).toMatchObject({ state: 'sent', to: evaluator.email });
    await waitUntil(async () => (await monitorRow(jobId))?.state === 'completed');
    // SMTP mode keeps nothing in the outbox.
    expect(await t.db.select().from(outbox).where(eq(outbox.to, evaluator.email))).toEqual([]);
  });

  it('retry a job the SMTP server refuses, show the failure reason in the monitor, and deliver once it recovers', async () => {
    smtp.failing = true;
    try {
      const { evaluator, jobId } = await evaluationWithJob('Fernanda Falha');
      const failed = await waitUntil(async () => {
        const row = await monitorRow(jobId);
        return row?.failedReason ? row : undefined;
      });
      expect(failed.failedReason).toContain('Falha no envio SMTP');
      expect(failed.failedReason).toContain(REFUSAL);
      expect(failed.type).toBe('createEvaluation');
      expect(sentTo(evaluator.email)).toEqual([]);
      smtp.failing = false;
      const done = await waitUntil(async () => {
        const row = await monitorRow(jobId);
        return row?.state === 'completed' ? row : undefined;
      });
      expect(done.failedReason).toBeNull();
      expect(done.returnvalue).toEqual({ skipped: false, message: `E-mail enviado para ${evaluator.email}` });
      expect(sentTo(evaluator.email)).toHaveLength(1);
    } finally {
      smtp.failing = false;
    }
  });

  it('send no duplicate when the worker dies after the message left but before the job completed', async () => {
    const mailer = t.app.mailer;
    const original = mailer.send.bind(mailer);
    let crashes = 0;
    // The first attempt really sends (and records `sent`), then the handler dies before pg-boss hears back.
    mailer.send = async (message) => {
      const result = await original(message);
      if (crashes === 0) {
        crashes += 1;
        throw new Error('processo encerrado no meio do trabalho');
      }
      return result;
    };
    try {
      const { evaluator, jobId } = await evaluationWithJob('Carlos Queda');
      const done = await waitUntil(async () => {
        const row = await monitorRow(jobId);
        return row?.state === 'completed' ? row : undefined;
      });
      expect(crashes).toBe(1);
      // Completed: both runs are over, and the second skipped the send.
      expect(done.returnvalue).toEqual({ skipped: true, message: messages.mail.skippedAlreadySent });
      expect(sentTo(evaluator.email)).toHaveLength(1);
    } finally {
      mailer.send = original;
    }
  });

  it('refuse to resend blindly a message an interrupted attempt left in "sending"', async () => {
    const key = 'teste:interrompida';
    await t.db.insert(mailDeliveries).values({ key, state: 'sending', to: 'x@teste.avalia' });
    const attempts = smtp.attempts;
    await expect(t.app.mailer.send({ key, to: 'x@teste.avalia', subject: 's', text: 't', html: '<p>t</p>', kind: 'teste' })).rejects.toThrow(
      'Envio interrompido: verifique antes de reenviar',
    );
    expect(smtp.attempts).toBe(attempts);
    const [delivery] = await t.db.select().from(mailDeliveries).where(eq(mailDeliveries.key, key));
    expect(delivery).toMatchObject({ state: 'sending', attempts: 2 });
  });

  it('drain a backlog of 200 e-mails created through the API, each delivered once, while the one the server refuses fails alone with its reason and its retries', async () => {
    const [refused] = await t.db
      .insert(users)
      .values({ name: 'Rui Recusado', email: `recusado.${Math.random().toString(16).slice(2, 10)}@teste.avalia`, typeAccount: 3, companyId: demo.companyId })
      .returning();
    smtp.refused.add(refused!.email);
    try {
      const items = Array.from({ length: 200 }, (_, index) => {
        const employee = demo.employees[index % demo.employees.length]!;
        return { user_id: employee.id, user_name: employee.name, type_evaluation: 13, validate: 10 };
      });
      // In the middle of the backlog, so it shares a batch with e-mails that do go out.
      items.splice(100, 0, { user_id: refused!.id, user_name: refused!.name, type_evaluation: 13, validate: 10 });
      const response = await t.app.inject({ method: 'POST', url: '/api/evaluation', headers: bearer(adminToken), payload: { users: items } });
      expect(response.statusCode).toBe(201);
      const created = (response.json() as { evaluations: { evaluation_id: string; user_id: number }[] }).evaluations;
      expect(created).toHaveLength(201);
      const deliverable = created.filter((row) => row.user_id !== refused!.id).map((row) => row.evaluation_id);
      const refusedId = created.find((row) => row.user_id === refused!.id)!.evaluation_id;

      // One job per poll (the first version) needed 200 polls, 100 s at this app's 0.5 s polling
      // (400 s at the default 2 s): 60 s is a behavioural bound, not a speed measurement.
      await waitUntil(async () => deliverable.every((id) => sentFor(id).length > 0), 60000);
      const refusedJob = await jobIdOf(refusedId);
      // The refused job ends failed after its 3 retries, with its own reason; nothing reached its address.
      const failed = await waitUntil(async () => {
        const row = await monitorRow(refusedJob);
        return row?.state === 'failed' ? row : undefined;
      }, 30000);
      expect(failed.failedReason).toContain('Falha no envio SMTP');
      expect(failed.failedReason).toContain(RECIPIENT_REFUSAL);
      const retries = await t.db.execute(sql`SELECT retry_count FROM pgboss.job WHERE id = ${refusedJob}`);
      expect((retries as unknown as { rows: { retry_count: number }[] }).rows[0]!.retry_count).toBe(3);
      expect(sentTo(refused!.email)).toEqual([]);

      // Every other job completed with its own result, and each message arrived exactly once.
      const monitor = await t.app.inject({ method: 'GET', url: '/api/queues', headers: bearer(adminToken) });
      const rows = new Map((monitor.json() as MonitorRow[]).map((row) => [row.id, row]));
      const jobs = await t.db.execute(sql`SELECT id, data->>'evaluation_id' AS evaluation_id FROM pgboss.job WHERE name = 'createEvaluation'`);
      const jobOf = new Map((jobs as unknown as { rows: { id: string; evaluation_id: string }[] }).rows.map((row) => [row.evaluation_id, row.id]));
      const addressOf = new Map(demo.employees.map((employee) => [employee.id, employee.email]));
      for (const row of created.filter((item) => item.user_id !== refused!.id)) {
        const job = rows.get(jobOf.get(row.evaluation_id)!);
        expect(job, row.evaluation_id).toMatchObject({ state: 'completed', failedReason: null });
        expect(job!.returnvalue).toEqual({ skipped: false, message: `E-mail enviado para ${addressOf.get(row.user_id)}` });
      }
      // Every job has completed: nothing of theirs is still being sent.
      for (const id of deliverable) expect(sentFor(id), id).toHaveLength(1);
    } finally {
      smtp.refused.delete(refused!.email);
    }
  }, 120000);
});
