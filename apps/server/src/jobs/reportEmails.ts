import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { messages } from '../../../../engine/messages.ts';
import { reportMail } from '../mail/templates.ts';
import { findMailEvaluation } from '../repositories/jobs.ts';
import { dashboardOfType } from '../results/dashboards.ts';
import { isUuid } from '../schemas/common.ts';
import type { EvaluationJobData } from '../types.ts';
import { ratedNameOf, sentResult } from './evaluationEmails.ts';

/**
 * Worker of `reportEmail`: tells the evaluator of a done evaluation where its results are (the
 * dashboard of its type; the PDF report is a later issue). The job id is the idempotency key.
 */
export async function sendReportEmail(app: FastifyInstance, job: Job<EvaluationJobData>): Promise<Record<string, unknown>> {
  const id = String(job.data?.evaluation_id ?? '');
  const evaluation = isUuid(id) ? await findMailEvaluation(app.db, id.toLowerCase()) : null;
  if (!evaluation) return { skipped: true, message: messages.mail.skippedDeleted };
  const entry = app.definitions.types.get(evaluation.typeEvaluation);
  const base = app.settings.publicUrl;
  const dashboard = dashboardOfType(app.definitions, evaluation.typeEvaluation);
  const link = dashboard ? `${base}/dash/${dashboard.id}` : base;
  const content = reportMail({
    evaluatorName: evaluation.evaluatorName,
    evaluationName: entry?.name ?? String(evaluation.typeEvaluation),
    ratedName: ratedNameOf(evaluation),
    link,
  });
  const to = evaluation.evaluatorEmail;
  const { skipped } = await app.mailer.send({
    key: `job:${job.id}`,
    to,
    ...content,
    kind: 'report',
    evaluationId: evaluation.id,
    companyId: evaluation.evaluatorCompanyId,
  });
  return sentResult(app, to, skipped);
}
