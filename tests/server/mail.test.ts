import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations, outbox, users } from '../../apps/server/src/db/schema.ts';
import { escapeHtml } from '../../apps/server/src/mail/escape.ts';
import { evaluationMail, reminderMail } from '../../apps/server/src/mail/templates.ts';
import { formatDateBR } from '../../engine/rules/dates.ts';
import { messages } from '../../engine/messages.ts';
import { bearer } from './testApp.ts';
import { adminToken, demo, setUpWorld, t } from './world.ts';
import { waitUntil } from './waitUntil.ts';

setUpWorld();

const HOSTILE = `<script>alert("x")</script> O'Brien & <img src=x onerror=alert(1)>`;

async function jobsOf(evaluationId: string) {
  const result = await t.db.execute(sql`SELECT id, name, state, output FROM pgboss.job WHERE data->>'evaluation_id' = ${evaluationId}`);
  return (result as unknown as { rows: { id: string; name: string; state: string; output: Record<string, unknown> | null }[] }).rows;
}

/** Adds an employee of the demo company and an evaluation of `type` they must answer (about `rated`). */
async function addEvaluation(name: string, type: number, ratedName?: string) {
  const [evaluator] = await t.db
    .insert(users)
    .values({ name, email: `u${Date.now()}${Math.random().toString(16).slice(2, 8)}@teste.avalia`, typeAccount: 3, companyId: demo.companyId })
    .returning();
  let ratedId = evaluator!.id;
  if (ratedName) {
    const [rated] = await t.db
      .insert(users)
      .values({ name: ratedName, email: `r${Date.now()}${Math.random().toString(16).slice(2, 8)}@teste.avalia`, typeAccount: 3, companyId: demo.companyId })
      .returning();
    ratedId = rated!.id;
  }
  const expireAt = new Date(Date.now() + 5 * 86400000);
  return { evaluator: evaluator!, ratedId, expireAt };
}

describe('escapeHtml', () => {
  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(HOSTILE)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml('`a`')).toBe('&#96;a&#96;');
    expect(escapeHtml('Conceição')).toBe('Conceição');
  });
});

describe('mail templates', () => {
  it('put the hostile names escaped in the HTML body and as they are in the text body', () => {
    const expireAt = new Date('2026-03-10T12:00:00Z');
    const mail = evaluationMail({
      renewed: false,
      evaluatorName: HOSTILE,
      evaluationName: 'Avaliação 360',
      ratedName: 'Ana <b>Lima</b>',
      link: 'http://avalia.test/question360new/abc',
      expireAt,
      timeZone: 'America/Sao_Paulo',
    });
    expect(mail.subject).toBe('Avaliação: Avaliação 360');
    expect(mail.text).toContain(`Olá, ${HOSTILE}!`);
    expect(mail.text).toContain('Você foi convidado(a) a responder a avaliação "Avaliação 360" sobre Ana <b>Lima</b>.');
    expect(mail.text).toContain('Acesse pelo seu link pessoal: http://avalia.test/question360new/abc');
    expect(mail.text).toContain('Responda até 10/03/2026.');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(escapeHtml(HOSTILE));
    expect(mail.html).toContain('<a href="http://avalia.test/question360new/abc">http://avalia.test/question360new/abc</a>');
  });

  it('list every pending evaluation in a reminder, with its link and expiry date', () => {
    const mail = reminderMail(
      'Bia',
      [
        { evaluationName: 'Escala de Estresse', ratedName: null, link: 'http://x/estresse/1', expireAt: new Date('2026-01-31T15:00:00Z') },
        { evaluationName: 'Avaliação 360', ratedName: 'Caio', link: 'http://x/q/2', expireAt: null },
      ],
      'America/Sao_Paulo',
    );
    expect(mail.subject).toBe(messages.mail.reminderSubject);
    expect(mail.text).toContain('Escala de Estresse: http://x/estresse/1 (responda até 31/01/2026)');
    expect(mail.text).toContain('Avaliação 360 sobre Caio: http://x/q/2');
  });

  it('never put a non-web link in an href', () => {
    const mail = evaluationMail({
      renewed: true,
      evaluatorName: 'A',
      evaluationName: 'B',
      ratedName: null,
      link: 'javascript:alert(1)',
      expireAt: null,
      timeZone: 'UTC',
    });
    expect(mail.subject).toBe('Avaliação renovada: B');
    expect(mail.html).not.toContain('href');
  });
});

describe('evaluation e-mail jobs, outbox mode', () => {
  it('e-mail the evaluator once, with the personal link and the expiry date, when the transaction commits', async () => {
    expect(t.app.mailer.transport).toBe('outbox');
    const { evaluator, ratedId, expireAt } = await addEvaluation(HOSTILE, 2, 'Ana Avaliada');
    const evaluationId = await t.db.transaction(async (tx) => {
      const [row] = await tx.insert(evaluations).values({ userId: evaluator.id, rated: ratedId, typeEvaluation: 2, version: 1, expireAt }).returning();
      await t.app.jobs.enqueueEvaluationEmails(tx, 'createEvaluation', [
        { evaluation_id: row!.id, type_evaluation: 2, user_name: evaluator.name, evaluated_name: 'Ana Avaliada' },
      ]);
      return row!.id;
    });
    const [message] = await waitUntil(async () => {
      const rows = await t.db.select().from(outbox).where(eq(outbox.evaluationId, evaluationId));
      return rows.length > 0 && rows;
    });
    expect(message!.to).toBe(evaluator.email);
    expect(message!.kind).toBe('evaluation');
    expect(message!.subject).toBe('Avaliação: Avaliação 360');
    expect(message!.text).toContain(`http://localhost:3000/question360new/${evaluationId}`);
    expect(message!.text).toContain(`Responda até ${formatDateBR(expireAt, 'America/Sao_Paulo')}.`);
    expect(message!.text).toContain('sobre Ana Avaliada');
    expect(message!.html).not.toContain('<script>');
    expect(message!.html).toContain('&lt;script&gt;');
    expect(message!.companyId).toBe(demo.companyId);
    const [job] = await waitUntil(async () => {
      const jobs = await jobsOf(evaluationId);
      return jobs[0]?.state === 'completed' && jobs;
    });
    expect(job!.name).toBe('createEvaluation');

    // The monitor shows it as succeeded, with what it did.
    const queues = await t.app.inject({ method: 'GET', url: '/api/queues', headers: bearer(adminToken) });
    expect(queues.statusCode).toBe(200);
    const row = (queues.json() as Record<string, unknown>[]).find((item) => item.id === job!.id)!;
    expect(row).toMatchObject({ type: 'createEvaluation', type_evaluation: 2, user_name: HOSTILE, evaluated_name: 'Ana Avaliada', failedReason: null, state: 'completed' });
    expect(row.processedOn).toEqual(expect.any(String));
    expect(row.returnvalue).toEqual({ skipped: false, message: `E-mail guardado na caixa de saída para ${evaluator.email}` });
    // Exactly one message for it, even after the job finished.
    expect(await t.db.select().from(outbox).where(eq(outbox.evaluationId, evaluationId))).toHaveLength(1);
  });

  it('enqueue nothing when the transaction rolls back', async () => {
    const { evaluator, expireAt } = await addEvaluation('Rolando Atrás', 13);
    let evaluationId = '';
    await expect(
      t.db.transaction(async (tx) => {
        const [row] = await tx.insert(evaluations).values({ userId: evaluator.id, rated: evaluator.id, typeEvaluation: 13, expireAt }).returning();
        evaluationId = row!.id;
        await t.app.jobs.enqueueEvaluationEmails(tx, 'createEvaluation', [
          { evaluation_id: row!.id, type_evaluation: 13, user_name: evaluator.name, evaluated_name: null },
        ]);
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    expect(evaluationId).not.toBe('');
    // No job, so no worker can ever write its e-mail.
    expect(await jobsOf(evaluationId)).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, evaluator.email))).toEqual([]);
  });

  it('complete without e-mail a job whose evaluation was answered or deleted meanwhile', async () => {
    const { evaluator, expireAt } = await addEvaluation('Já Respondeu', 13);
    const [done] = await t.db.insert(evaluations).values({ userId: evaluator.id, rated: evaluator.id, typeEvaluation: 13, expireAt, done: true }).returning();
    const gone = '5f0e8a3c-1111-4222-8333-444455556666';
    await t.db.transaction(async (tx) => {
      await t.app.jobs.enqueueEvaluationEmails(tx, 'updateEvaluation', [
        { evaluation_id: done!.id, type_evaluation: 13, user_name: evaluator.name, evaluated_name: null },
        { evaluation_id: gone, type_evaluation: 13, user_name: 'Ninguém', evaluated_name: null },
      ]);
    });
    const [doneJob] = await waitUntil(async () => {
      const jobs = await jobsOf(done!.id);
      return jobs[0]?.state === 'completed' && jobs;
    });
    expect(doneJob!.output).toEqual({ skipped: true, message: messages.mail.skippedDone });
    const [goneJob] = await waitUntil(async () => {
      const jobs = await jobsOf(gone);
      return jobs[0]?.state === 'completed' && jobs;
    });
    expect(goneJob!.output).toEqual({ skipped: true, message: messages.mail.skippedDeleted });
    expect(await t.db.select().from(outbox).where(eq(outbox.to, evaluator.email))).toEqual([]);
  });

  it('drain a backlog of 200 e-mails created through the API into the outbox, each once, each job completed with its own result', async () => {
    const items = Array.from({ length: 200 }, (_, index) => {
      const employee = demo.employees[index % demo.employees.length]!;
      return { user_id: employee.id, user_name: employee.name, type_evaluation: 13, validate: 10 };
    });
    const response = await t.app.inject({ method: 'POST', url: '/api/evaluation', headers: bearer(adminToken), payload: { users: items } });
    expect(response.statusCode).toBe(201);
    const created = (response.json() as { evaluations: { evaluation_id: string; user_id: number }[] }).evaluations;
    const ids = created.map((row) => row.evaluation_id);
    const stored = async () => {
      const rows = await t.db.select({ evaluationId: outbox.evaluationId, to: outbox.to }).from(outbox).where(inArray(outbox.evaluationId, ids));
      return rows;
    };
    // One job per poll (the first version) needed 200 polls, 100 s at this app's 0.5 s polling (400 s
    // at the default 2 s): 60 s is a behavioural bound, not a speed measurement.
    await waitUntil(async () => (await stored()).length >= 200, 60000);
    const jobs = await waitUntil(async () => {
      const result = await t.db.execute(sql`SELECT id, state, output, data->>'evaluation_id' AS evaluation_id FROM pgboss.job WHERE data->>'evaluation_id' IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      const rows = (result as unknown as { rows: { id: string; state: string; output: Record<string, unknown>; evaluation_id: string }[] }).rows;
      return rows.length === 200 && rows.every((row) => row.state === 'completed') && rows;
    });
    const addressOf = new Map(demo.employees.map((employee) => [employee.id, employee.email]));
    const evaluatorOf = new Map(created.map((row) => [row.evaluation_id, row.user_id]));
    for (const job of jobs) {
      expect(job.output).toEqual({ skipped: false, message: `E-mail guardado na caixa de saída para ${addressOf.get(evaluatorOf.get(job.evaluation_id)!)}` });
    }
    // Every job has completed: the outbox holds all it will.
    const rows = await stored();
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((row) => row.evaluationId)).size).toBe(200);
    for (const row of rows) expect(row.to).toBe(addressOf.get(evaluatorOf.get(row.evaluationId!)!));
  }, 120000);

  it('skip a message whose key is already in the outbox', async () => {
    const message = { key: 'teste:repetida', to: 'a@b.c', subject: 's', text: 't', html: '<p>t</p>', kind: 'teste' };
    expect(await t.app.mailer.send(message)).toEqual({ skipped: false });
    expect(await t.app.mailer.send({ ...message, subject: 'outra' })).toEqual({ skipped: true });
    const rows = await t.db.select().from(outbox).where(eq(outbox.key, 'teste:repetida'));
    expect(rows.map((row) => row.subject)).toEqual(['s']);
  });
});
