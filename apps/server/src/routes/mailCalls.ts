import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { formatDateBR } from '../../../../engine/rules/dates.ts';
import { canSeeCompany, visibleUsers } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { bearer, errorResponses, messageSchema, type ContractProvider } from '../contract/common.ts';
import { evaluationEmailParamsSchema, reminderParamsSchema, reportEmailBodySchema } from '../contract/notifications.ts';
import { HttpError } from '../errors.ts';
import { evaluationMessage, pendingReminder, ratedNameOf } from '../jobs/evaluationEmails.ts';
import { queueReportEmails } from '../jobs/queueReportEmails.ts';
import { findMailEvaluation, findMailEvaluations, pendingEvaluationsOf } from '../repositories/jobs.ts';
import { evaluationTypeOf, isUuid } from '../schemas/common.ts';
import type { MailMessage } from '../types.ts';

/**
 * The staff's e-mail calls (administrators and the staff of the evaluation's company): a reminder of a
 * person's pending evaluations and an evaluation's e-mail, sent now; the report e-mails of answered
 * evaluations, queued. Each is audited once it took effect.
 */
export async function mailCallRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  /** Sends now; any failure becomes a 502 with the call's Portuguese message (the cause is logged). */
  const sendOrFail = async (message: MailMessage, failure: string) => {
    try {
      await app.mailer.send(message);
    } catch (error) {
      app.log.error({ err: error, key: message.key }, 'e-mail not sent');
      throw new HttpError(502, failure);
    }
  };

  app.post(
    '/evaluation/remainder/:userId',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['notifications'],
        summary: 'Envia ao usuário um lembrete das avaliações pendentes',
        security: bearer,
        params: reminderParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const user = (await visibleUsers(app.db, request.account!, [userId])).get(userId)!;
      const pending = (await pendingEvaluationsOf(app.db, userId, new Date())).filter((e) => app.definitions.types.get(e.typeEvaluation)?.slug);
      if (pending.length === 0) throw new HttpError(400, format(messages.mail.nothingPending, { name: user.name }));
      const content = pendingReminder(app, pending, user.name);
      // Each click is a new reminder, so each gets its own key.
      await sendOrFail({ key: `reminder:${userId}:${randomUUID()}`, to: user.email, ...content, kind: 'reminder', companyId: user.companyId }, messages.mail.reminderFailed);
      // Recorded once sent: SMTP is no transaction, so a send that failed (502) records nothing.
      await app.db.transaction((tx) => recordAudit(tx, request, { action: 'mail.reminder', companyId: user.companyId, target: `user:${userId}`, details: { evaluations: pending.length } }));
      return { message: messages.mail.reminderSent };
    },
  );

  app.post(
    '/evaluation/email/:evaluationId',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['notifications'],
        summary: 'Envia ao avaliador o e-mail de uma avaliação pendente',
        security: bearer,
        params: evaluationEmailParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const id = request.params.evaluationId.toLowerCase();
      const evaluation = isUuid(id) ? await findMailEvaluation(app.db, id) : null;
      if (!evaluation || !canSeeCompany(request.account!, evaluation.evaluatorCompanyId)) throw new HttpError(404, messages.api.evaluationNotFound);
      if (evaluation.done) throw new HttpError(400, messages.mail.evaluationAlreadyDone);
      if (evaluation.expireAt && evaluation.expireAt.getTime() < Date.now()) {
        throw new HttpError(400, format(messages.mail.evaluationExpiredRenew, { date: formatDateBR(evaluation.expireAt, app.settings.timeZone) }));
      }
      const entry = app.definitions.types.get(evaluation.typeEvaluation);
      if (!entry?.slug) throw new HttpError(400, format(messages.mail.evaluationWithoutLink, { evaluation: entry?.name ?? String(evaluation.typeEvaluation) }));
      // A fresh key: staff press this button precisely to send the e-mail again.
      await sendOrFail(evaluationMessage(app, evaluation, `evaluation-email:${id}:${randomUUID()}`, false), messages.mail.evaluationEmailFailed);
      await app.db.transaction((tx) =>
        recordAudit(tx, request, { action: 'mail.evaluation', companyId: evaluation.evaluatorCompanyId, target: `evaluation:${id}`, details: { type_evaluation: evaluation.typeEvaluation } }),
      );
      return { message: messages.mail.evaluationEmailSent };
    },
  );

  app.post(
    '/tableresponse/report/email',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['notifications'],
        summary: 'Coloca em fila o e-mail de resultado de avaliações respondidas',
        security: bearer,
        body: reportEmailBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const { evaluation_type: rawType, target_ids: rawIds } = request.body;
      const type = evaluationTypeOf(rawType);
      if (!app.definitions.types.has(type)) throw new HttpError(400, format(messages.api.unknownType, { type: typeof rawType === 'object' ? JSON.stringify(rawType) : String(rawType) }));
      const ids = [...new Set(rawIds.map((id) => id.toLowerCase()))];
      if (!ids.every(isUuid)) throw new HttpError(404, messages.api.evaluationNotFound);
      const found = new Map((await findMailEvaluations(app.db, ids)).map((e) => [e.id, e]));
      const account = request.account!;
      const targets = ids.map((id) => {
        const evaluation = found.get(id);
        if (!evaluation || !canSeeCompany(account, evaluation.evaluatorCompanyId)) throw new HttpError(404, messages.api.evaluationNotFound);
        if (evaluation.typeEvaluation !== type) throw new HttpError(400, format(messages.mail.reportTypeMismatch, { id, type }));
        if (!evaluation.done) throw new HttpError(400, format(messages.mail.reportNotDone, { id }));
        return evaluation;
      });
      const items = targets.map((evaluation) => ({
        evaluation_id: evaluation.id,
        type_evaluation: evaluation.typeEvaluation,
        user_name: evaluation.evaluatorName,
        evaluated_name: ratedNameOf(evaluation),
      }));
      await queueReportEmails(app, items, (tx) =>
        recordAudit(
          tx,
          request,
          targets.map((evaluation) => ({
            action: 'report.email' as const,
            companyId: evaluation.evaluatorCompanyId,
            target: `evaluation:${evaluation.id}`,
            details: { type_evaluation: evaluation.typeEvaluation },
          })),
        ),
      );
      return { message: messages.mail.reportQueued };
    },
  );
}
