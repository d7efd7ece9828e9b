/**
 * Report e-mails: the PDF travels as an attachment through a real SMTP server on 127.0.0.1, to the
 * person the action implies (the evaluator of an answered evaluation; the person of 'Enviar
 * Relatório'), and a job whose worker died after the message left is not sent again when pg-boss runs
 * it once more.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../apps/server/src/db/schema.ts';
import { sendReportEmail } from '../../apps/server/src/jobs/reportEmails.ts';
import { REPORT_QUEUE, type JobQueue } from '../../apps/server/src/jobs/queue.ts';
import type { EvaluationJobData } from '../../apps/server/src/types.ts';
import { fixtures, stored, storeFixtures } from './goldenFixtures.ts';
import { pdfText } from './pdfTools.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { bearer } from './testApp.ts';
import { waitUntil } from './waitUntil.ts';
import { adminToken, companyToken, other, setUpWorld, t } from './world.ts';

/** How many report e-mail jobs the queue holds, in any state. */
async function reportJobs(): Promise<number> {
  const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${REPORT_QUEUE}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

let smtp: TestSmtp;
const options: Parameters<typeof setUpWorld>[0] = { queue: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryBackoff: false } };
beforeAll(async () => {
  smtp = await startSmtp();
  options.smtpUrl = smtp.url;
});
setUpWorld(options);
beforeAll(storeFixtures, 60000);

const stress = () => fixtures.find((fixture) => fixture.dashboard === 13)!;
const team = () => fixtures.find((fixture) => fixture.dashboard === 7 && fixture.calls.some((call) => call.filters.colleague !== undefined))!;

async function emailOf(id: number): Promise<{ email: string; key: string }> {
  const [row] = await t.db.select({ email: users.email, key: users.personalKey }).from(users).where(eq(users.id, id));
  return row!;
}

describe('report e-mails', () => {
  it('sends an answered evaluation’s PDF to its evaluator, with the personal link', async () => {
    const fixture = stress();
    const evaluationId = stored.get(fixture.file)!.evaluations[0]!;
    const person = fixture.evaluations[0]!.person;
    const name = fixture.people[person]!;
    const { email, key } = await emailOf(stored.get(fixture.file)!.people[person]!);
    const before = smtp.messages.length;
    const response = await t.app.inject({ method: 'POST', url: '/api/tableresponse/report/email', headers: bearer(adminToken), payload: { evaluation_type: '13', target_ids: [evaluationId] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('O relatório foi colocado em fila de envio');
    const [message] = (await smtp.waitForMessages(before + 1, 30000)).slice(before);
    expect(message!.to).toMatchObject({ value: [{ address: email }] });
    expect(message!.attachments).toHaveLength(1);
    const attachment = message!.attachments[0]!;
    expect(attachment.filename).toBe(`Escala de Estresse Percebido - ${name}.pdf`);
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(attachment.content)).toContain(name);
    expect(message!.text).toContain(`/evaluations/${key}`);
  });

  it('sends the team performance report of dashboard 7 to the leader it is about', async () => {
    const fixture = team();
    const index = fixture.calls.find((call) => call.filters.colleague !== undefined)!.filters.colleague!;
    const leaderId = stored.get(fixture.file)!.people[index]!;
    const { email } = await emailOf(leaderId);
    const before = smtp.messages.length;
    const response = await t.app.inject({ method: 'POST', url: '/api/evaluation/report', headers: bearer(companyToken), payload: { user_id: leaderId, type_evaluation: '7' } });
    expect(response.statusCode, response.body).toBe(200);
    const jobId = response.json().job_id as string;
    const [message] = (await smtp.waitForMessages(before + 1, 30000)).slice(before);
    expect(message!.to).toMatchObject({ value: [{ address: email }] });
    expect(message!.attachments[0]!.filename).toBe(`Avaliação desempenho de equipe - ${fixture.people[index]}.pdf`);
    // The screen follows the sending until it left: 'Relatório enviado com sucesso.'.
    const state = async () => (await t.app.inject({ method: 'GET', url: `/api/evaluation/report/${jobId}`, headers: bearer(companyToken) })).json() as { state: string; message: string };
    const sent = await waitUntil(async () => {
      const answer = await state();
      return answer.state === 'sent' ? answer : undefined;
    }, 30000);
    expect(sent.message).toBe('Relatório enviado com sucesso.');
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nao-e-id']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/evaluation/report/${unknown}`, headers: bearer(companyToken) })).statusCode).toBe(404);
    }
  });

  it('refuses another company’s person, unknown types and types without a person report, queueing nothing', async () => {
    const before = smtp.messages.length;
    const jobsBefore = await reportJobs();
    const call = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/evaluation/report', headers: bearer(token), payload });
    expect((await call(companyToken, { user_id: other.employeeId, type_evaluation: '-1' })).statusCode).toBe(404);
    expect((await call(adminToken, { user_id: other.employeeId, type_evaluation: 'abc' })).statusCode).toBe(400);
    // Psychological safety's view names no person (an anonymous group): no person report.
    const noReport = await call(adminToken, { user_id: other.employeeId, type_evaluation: '16' });
    expect(noReport.statusCode).toBe(400);
    expect(noReport.json().message).toContain('não tem relatório');
    expect((await call(adminToken, { user_id: 'x', type_evaluation: '7' })).statusCode).toBe(400);
    // Nothing was queued by the refused calls (a job would be in the queue by the time its call answered), so nothing can be sent.
    expect(await reportJobs()).toBe(jobsBefore);
    expect(smtp.messages.length).toBe(before);
  });

  it('does not send again when the job runs once more after its worker died past the SMTP conversation', async () => {
    const fixture = stress();
    const evaluationId = stored.get(fixture.file)!.evaluations[1]!;
    const data: EvaluationJobData = { evaluation_id: evaluationId, type_evaluation: 13, user_name: 'x', evaluated_name: null };
    const id = randomUUID();
    const before = smtp.messages.length;
    // The first worker sends, then dies before pg-boss marks the job complete...
    await sendReportEmail(t.app, { id, name: REPORT_QUEUE, data } as Job<EvaluationJobData>);
    await smtp.waitForMessages(before + 1, 30000);
    // ...so pg-boss hands the same job (same id) to a worker again.
    await (t.app.jobs as JobQueue).boss.insert(REPORT_QUEUE, [{ id, data }]);
    const job = await waitUntil(async () => {
      const [found] = await (t.app.jobs as JobQueue).boss.findJobs<EvaluationJobData>(REPORT_QUEUE, { id });
      return found?.state === 'completed' ? found : undefined;
    }, 30000);
    // Completed: its run (which skipped the send) is over, and no other run of it is left.
    expect(job.output).toMatchObject({ skipped: true });
    expect(smtp.messages.length).toBe(before + 1);
  });
});
