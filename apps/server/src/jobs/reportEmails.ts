import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { messages } from '../../../../engine/messages.ts';
import { personalPagesLink, reportMail } from '../mail/templates.ts';
import { evaluationReport, personReport, renderReport, type ReportRequest } from '../reports/reports.ts';
import { findMailEvaluation } from '../repositories/jobs.ts';
import { isUuid } from '../schemas/common.ts';
import type { EvaluationJobData } from '../types.ts';
import { ratedNameOf, sentResult } from './evaluationEmails.ts';

/** Who gets a report e-mail, and which report. */
interface Delivery {
  to: string;
  name: string;
  personalKey: string;
  companyId: number | null;
  ratedName: string | null;
  evaluationName: string;
  evaluationId: string | null;
  request: ReportRequest;
}

/** A person report's recipient: the person it is about ('Enviar Relatório' of the scanner and of dashboard 7). */
async function personDelivery(app: FastifyInstance, data: EvaluationJobData): Promise<Delivery | null> {
  const result = (await app.db.execute(sql`select id, name, email, company_id, personal_key from users where id = ${data.user_id!}`)) as unknown as {
    rows: { id: number; name: string; email: string; company_id: number | null; personal_key: string }[];
  };
  const person = result.rows[0];
  if (!person) return null;
  const type = Number(data.report_type);
  const companyId = person.company_id === null ? null : Number(person.company_id);
  return {
    to: person.email,
    name: person.name,
    personalKey: person.personal_key,
    companyId,
    ratedName: null,
    evaluationName: app.definitions.types.get(type)?.name ?? String(type),
    evaluationId: data.evaluation_id || null,
    request: personReport(app.definitions, type, { id: Number(person.id), name: person.name, companyId }, false),
  };
}

/** An answered evaluation's recipient: its evaluator (the data management's 'e-mail the report'). */
async function evaluationDelivery(app: FastifyInstance, data: EvaluationJobData): Promise<Delivery | null> {
  const id = String(data.evaluation_id ?? '').toLowerCase();
  const evaluation = isUuid(id) ? await findMailEvaluation(app.db, id) : null;
  const report = evaluation ? await evaluationReport(app, id) : null;
  if (!evaluation || !report?.request) return null;
  return {
    to: evaluation.evaluatorEmail,
    name: evaluation.evaluatorName,
    personalKey: evaluation.evaluatorKey,
    companyId: evaluation.evaluatorCompanyId,
    ratedName: ratedNameOf(evaluation),
    evaluationName: app.definitions.types.get(evaluation.typeEvaluation)?.name ?? String(evaluation.typeEvaluation),
    evaluationId: evaluation.id,
    request: report.request,
  };
}

/**
 * Worker of `reportEmail`: renders the report's PDF and e-mails it as an attachment. The job id is the
 * idempotency key: a retried job (after a failure or a crashed worker) renders again, but a message
 * that already left is never sent twice (see the mailer's delivery protocol).
 */
export async function sendReportEmail(app: FastifyInstance, job: Job<EvaluationJobData>): Promise<Record<string, unknown>> {
  const data = job.data ?? ({} as EvaluationJobData);
  const delivery = data.user_id !== undefined && data.report_type !== undefined ? await personDelivery(app, data) : await evaluationDelivery(app, data);
  if (!delivery) return { skipped: true, message: messages.mail.skippedDeleted };
  const file = await renderReport(app, delivery.request);
  const content = reportMail({
    name: delivery.name,
    evaluationName: delivery.evaluationName,
    ratedName: delivery.ratedName,
    fileName: file.fileName,
    personalLink: personalPagesLink(app.settings.publicUrl, delivery.personalKey),
    support: app.settings.support,
  });
  const { skipped } = await app.mailer.send({
    key: `job:${job.id}`,
    to: delivery.to,
    ...content,
    kind: 'report',
    evaluationId: delivery.evaluationId,
    companyId: delivery.companyId,
    attachments: [{ filename: file.fileName, contentType: 'application/pdf', content: file.pdf }],
  });
  return { ...sentResult(app, delivery.to, skipped), file: file.fileName };
}
