import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { format, messages } from '../../../../engine/messages.ts';
import { evaluationLink, evaluationMail, personalPagesLink, reminderMail, type MailContent } from '../mail/templates.ts';
import { findMailEvaluation, type MailEvaluation } from '../repositories/jobs.ts';
import { isUuid } from '../schemas/common.ts';
import type { EvaluationJobData, MailMessage } from '../types.ts';

/** The evaluated person's name when the evaluation is about someone else (a 360), otherwise null. */
export function ratedNameOf(evaluation: MailEvaluation): string | null {
  return evaluation.ratedId !== null && evaluation.ratedId !== evaluation.evaluatorId ? evaluation.ratedName : null;
}

/**
 * The reminder e-mail of a person's pending evaluations (each with a link), in the order given: the
 * manual reminder's, a round's ('Lembrar pendentes') and the automatic one's. `name`: the person's name
 * as the caller has it (default the evaluations' evaluator's).
 */
export function pendingReminder(app: FastifyInstance, pending: MailEvaluation[], name = pending[0]!.evaluatorName): MailContent {
  const items = pending.map((evaluation) => {
    const entry = app.definitions.types.get(evaluation.typeEvaluation)!;
    return { evaluationName: entry.name, ratedName: ratedNameOf(evaluation), link: evaluationLink(app.settings.publicUrl, entry.slug!, evaluation.id), expireAt: evaluation.expireAt };
  });
  return reminderMail(name, items, app.settings.timeZone, personalPagesLink(app.settings.publicUrl, pending[0]!.evaluatorKey));
}

/** Why an evaluation gets no e-mail now (deleted, done, expired, no link), or null when it may. */
export function skipReason(app: FastifyInstance, evaluation: MailEvaluation | null, now: Date): string | null {
  if (!evaluation) return messages.mail.skippedDeleted;
  if (evaluation.done) return messages.mail.skippedDone;
  if (evaluation.expireAt && evaluation.expireAt.getTime() < now.getTime()) return messages.mail.skippedExpired;
  if (!app.definitions.types.get(evaluation.typeEvaluation)?.slug) return messages.mail.skippedNoLink;
  return null;
}

/** The e-mail of an evaluation that may be sent (see `skipReason`), under the idempotency key. */
export function evaluationMessage(app: FastifyInstance, evaluation: MailEvaluation, key: string, renewed: boolean): MailMessage {
  const entry = app.definitions.types.get(evaluation.typeEvaluation)!;
  const content = evaluationMail({
    renewed,
    evaluatorName: evaluation.evaluatorName,
    evaluationName: entry.name,
    ratedName: ratedNameOf(evaluation),
    link: evaluationLink(app.settings.publicUrl, entry.slug!, evaluation.id),
    expireAt: evaluation.expireAt,
    timeZone: app.settings.timeZone,
    personalLink: personalPagesLink(app.settings.publicUrl, evaluation.evaluatorKey),
  });
  return {
    key,
    to: evaluation.evaluatorEmail,
    ...content,
    kind: renewed ? 'evaluationRenewed' : 'evaluation',
    evaluationId: evaluation.id,
    companyId: evaluation.evaluatorCompanyId,
  };
}

/** What a job reports when it sent (or stored) an e-mail, or found it already delivered. */
export function sentResult(app: FastifyInstance, to: string, skipped: boolean): Record<string, unknown> {
  if (skipped) return { skipped: true, message: messages.mail.skippedAlreadySent };
  const template = app.mailer.transport === 'smtp' ? messages.mail.sent : messages.mail.stored;
  return { skipped: false, message: format(template, { to }) };
}

/**
 * Worker of `createEvaluation` and `updateEvaluation`: e-mails the evaluator the personal link, unless
 * the evaluation was deleted, answered or expired meanwhile (the job then completes saying why). The
 * job id is the idempotency key, so a retried job never sends twice.
 */
export async function sendEvaluationEmail(app: FastifyInstance, job: Job<EvaluationJobData>, renewed: boolean): Promise<Record<string, unknown>> {
  const id = String(job.data?.evaluation_id ?? '');
  const evaluation = isUuid(id) ? await findMailEvaluation(app.db, id.toLowerCase()) : null;
  const reason = skipReason(app, evaluation, new Date());
  if (reason || !evaluation) return { skipped: true, message: reason };
  const message = evaluationMessage(app, evaluation, `job:${job.id}`, renewed);
  const { skipped } = await app.mailer.send(message);
  return sentResult(app, message.to, skipped);
}
