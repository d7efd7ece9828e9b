import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatDateBR, formatStampBR } from '../../../../engine/rules/dates.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { canSeeCompany, visibleUsers } from '../access.ts';
import { attachmentHeader } from '../contentDisposition.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { scheduledReminders } from '../jobs/autoReminders.ts';
import { evaluationMessage, ratedNameOf } from '../jobs/evaluationEmails.ts';
import { JOB_SCHEMA, QUEUES } from '../jobs/queue.ts';
import { retentionOverview } from '../jobs/retention.ts';
import { queueReportEmails } from '../jobs/queueReportEmails.ts';
import { evaluationLink, personalPagesLink, reminderMail } from '../mail/templates.ts';
import { findMailEvaluation, findMailEvaluations, listQueueJobs, pendingEvaluationsOf, type QueueJobRow } from '../repositories/jobs.ts';
import { findOutboxAttachment, listOutbox, outboxExists } from '../repositories/outbox.ts';
import { bearer, errorResponses, evaluationTypeOf, evaluationTypeSchema, idSchema, isUuid } from '../schemas/common.ts';
import type { MailMessage } from '../types.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

/** Most jobs the monitor lists (newest first). */
const MONITOR_LIMIT = 500;
/** Most evaluations one report e-mail call may queue. */
const MAX_TARGETS = 500;

const messageSchema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;
const uuidField = { type: 'string', minLength: 1, maxLength: 64 } as const;

const queueJobSchema = {
  type: 'object',
  required: ['id', 'type', 'state', 'createdOn', 'processedOn', 'failedReason', 'returnvalue'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    type_evaluation: { type: ['integer', 'null'] },
    user_name: { type: ['string', 'null'] },
    evaluated_name: { type: ['string', 'null'] },
    state: { type: 'string' },
    createdOn: { type: 'string', format: 'date-time' },
    processedOn: { type: ['string', 'null'], format: 'date-time' },
    failedReason: { type: ['string', 'null'] },
    returnvalue: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;

const outboxItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    key: { type: 'string' },
    to: { type: 'string' },
    subject: { type: 'string' },
    text: { type: 'string' },
    html: { type: 'string' },
    kind: { type: 'string' },
    evaluation_id: { type: ['string', 'null'] },
    company_id: { type: ['integer', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    attachments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['position', 'filename', 'content_type', 'size'],
        properties: {
          position: { type: 'integer' },
          filename: { type: 'string' },
          content_type: { type: 'string' },
          size: { type: 'integer', description: 'Tamanho em bytes' },
        },
      },
    },
  },
} as const;

/** Days ahead the monitor lists the automatic reminders of. */
const SCHEDULED_DAYS = 14;

const scheduledReminderSchema = {
  type: 'object',
  required: ['evaluation_id', 'type_evaluation', 'evaluation_name', 'user_name', 'evaluated_name', 'company_id', 'company_name', 'reminder', 'planned_at', 'planned_local'],
  properties: {
    evaluation_id: { type: 'string' },
    type_evaluation: { type: 'integer' },
    evaluation_name: { type: 'string' },
    user_name: { type: 'string', description: 'Quem recebe o lembrete (o avaliador)' },
    evaluated_name: { type: ['string', 'null'] },
    company_id: { type: 'integer' },
    company_name: { type: 'string' },
    reminder: { type: 'integer', description: 'Qual lembrete automático da avaliação (1, 2…)' },
    planned_at: { type: 'string', format: 'date-time' },
    planned_local: { type: 'string', description: 'O instante planejado no fuso da aplicação (dd/mm/aaaa hh:mm)' },
  },
} as const;

const retentionSchema = {
  type: 'object',
  required: ['next_run', 'last_run', 'companies'],
  properties: {
    next_run: {
      type: ['object', 'null'],
      description: 'A próxima execução da rotina diária; null quando nenhum servidor com tarefas automáticas a agendou',
      required: ['at', 'local'],
      properties: {
        at: { type: 'string', format: 'date-time' },
        local: { type: 'string', description: 'No fuso da aplicação (dd/mm/aaaa hh:mm)' },
      },
    },
    last_run: {
      type: ['object', 'null'],
      description: 'A última execução terminada; null quando não há nenhuma guardada',
      required: ['finished_at', 'finished_local', 'state', 'erased', 'failed'],
      properties: {
        finished_at: { type: 'string', format: 'date-time' },
        finished_local: { type: 'string', description: 'No fuso da aplicação (dd/mm/aaaa hh:mm)' },
        state: { type: 'string', enum: ['completed', 'failed'], description: 'failed: a rotina inteira falhou (as contagens ficam null)' },
        erased: { type: ['integer', 'null'], description: 'Pessoas com dados apagados' },
        failed: { type: ['integer', 'null'], description: 'Pessoas cuja exclusão falhou (tentadas de novo na próxima execução)' },
      },
    },
    companies: {
      type: 'array',
      description: 'Cada empresa com retenção definida, ativa ou não',
      items: {
        type: 'object',
        required: ['company_id', 'company_name', 'active', 'retention_months', 'due'],
        properties: {
          company_id: { type: 'integer' },
          company_name: { type: 'string' },
          active: { type: 'boolean' },
          retention_months: { type: 'integer' },
          due: { type: 'integer', description: 'Participantes que uma execução agora apagaria' },
        },
      },
    },
  },
} as const;

/** A stored content type usable as a header (`type/subtype` and parameters), else `application/octet-stream`. */
function headerSafeType(contentType: string): string {
  return /^[\w.+-]+\/[\w.+-]+( *;[\x20-\x7e]*)?$/.test(contentType) ? contentType : 'application/octet-stream';
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A pg-boss job as a monitor row: failed when it has a failure reason (failed, or waiting to retry). */
function monitorRow(job: QueueJobRow) {
  const failed = job.state === 'failed' || job.state === 'retry';
  const reason = failed ? (text(job.output?.message) ?? text(job.output?.value) ?? job.state) : null;
  const typeEvaluation = Number(job.data?.type_evaluation);
  const processedOn = job.completedOn ?? job.startedOn;
  return {
    id: job.id,
    type: job.name,
    type_evaluation: Number.isInteger(typeEvaluation) ? typeEvaluation : null,
    user_name: text(job.data?.user_name),
    evaluated_name: text(job.data?.evaluated_name),
    state: job.state,
    createdOn: job.createdOn.toISOString(),
    processedOn: processedOn ? processedOn.toISOString() : null,
    failedReason: reason,
    returnvalue: job.state === 'completed' ? job.output : null,
  };
}

/**
 * E-mail calls of the staff (reminder, evaluation e-mail, report e-mail: administrators and the staff
 * of the evaluation's company) and the administrators' monitors of the job queue and the outbox.
 */
export async function notificationRoutes(app: FastifyInstance) {
  /** Sends now; any failure becomes a 502 with the call's Portuguese message (the cause is logged). */
  const sendOrFail = async (message: MailMessage, failure: string) => {
    try {
      await app.mailer.send(message);
    } catch (error) {
      app.log.error({ err: error, key: message.key }, 'e-mail not sent');
      throw new HttpError(502, failure);
    }
  };

  app.post<{ Params: { userId: number } }>(
    '/evaluation/remainder/:userId',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['notifications'],
        summary: 'Envia ao usuário um lembrete das avaliações pendentes',
        security: bearer,
        params: { type: 'object', required: ['userId'], additionalProperties: false, properties: { userId: idSchema } },
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const user = (await visibleUsers(app.db, request.account!, [userId])).get(userId)!;
      const pending = (await pendingEvaluationsOf(app.db, userId, new Date())).filter((e) => app.definitions.types.get(e.typeEvaluation)?.slug);
      if (pending.length === 0) throw new HttpError(400, format(messages.mail.nothingPending, { name: user.name }));
      const items = pending.map((evaluation) => {
        const entry = app.definitions.types.get(evaluation.typeEvaluation)!;
        return {
          evaluationName: entry.name,
          ratedName: ratedNameOf(evaluation),
          link: evaluationLink(app.settings.publicUrl, entry.slug!, evaluation.id),
          expireAt: evaluation.expireAt,
        };
      });
      const content = reminderMail(user.name, items, app.settings.timeZone, personalPagesLink(app.settings.publicUrl, pending[0]!.evaluatorKey));
      // Each click is a new reminder, so each gets its own key.
      await sendOrFail({ key: `reminder:${userId}:${randomUUID()}`, to: user.email, ...content, kind: 'reminder', companyId: user.companyId }, messages.mail.reminderFailed);
      // Recorded once sent: SMTP is no transaction, so a send that failed (502) records nothing.
      await app.db.transaction((tx) => recordAudit(tx, request, { action: 'mail.reminder', companyId: user.companyId, target: `user:${userId}`, details: { evaluations: pending.length } }));
      return { message: messages.mail.reminderSent };
    },
  );

  app.post<{ Params: { evaluationId: string } }>(
    '/evaluation/email/:evaluationId',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['notifications'],
        summary: 'Envia ao avaliador o e-mail de uma avaliação pendente',
        security: bearer,
        params: { type: 'object', required: ['evaluationId'], additionalProperties: false, properties: { evaluationId: uuidField } },
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

  app.post<{ Body: { evaluation_type: unknown; target_ids: string[] } }>(
    '/tableresponse/report/email',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['notifications'],
        summary: 'Coloca em fila o e-mail de resultado de avaliações respondidas',
        security: bearer,
        body: {
          type: 'object',
          required: ['evaluation_type', 'target_ids'],
          // Unknown fields are refused (with `false` Fastify's Ajv would silently drop them).
          additionalProperties: { not: {} },
          properties: {
            evaluation_type: evaluationTypeSchema,
            target_ids: { type: 'array', minItems: 1, maxItems: MAX_TARGETS, items: uuidField },
          },
        },
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

  app.get(
    '/queues',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: 'Monitor da fila de e-mails (os trabalhos mais recentes primeiro)',
        security: bearer,
        response: { 200: { type: 'array', maxItems: MONITOR_LIMIT, items: queueJobSchema }, ...errorResponses(401, 403) },
      },
    },
    async () => (await listQueueJobs(app.db, JOB_SCHEMA, [...QUEUES], MONITOR_LIMIT)).map(monitorRow),
  );

  app.get(
    '/queues/reminders',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: `Lembretes automáticos agendados para os próximos ${SCHEDULED_DAYS} dias (os atrasados primeiro: saem na próxima rodada)`,
        security: bearer,
        response: { 200: { type: 'array', items: scheduledReminderSchema }, ...errorResponses(401, 403) },
      },
    },
    async () =>
      (await scheduledReminders(app, new Date(), SCHEDULED_DAYS)).map((item) => ({
        evaluation_id: item.evaluationId,
        type_evaluation: item.typeEvaluation,
        evaluation_name: app.definitions.types.get(item.typeEvaluation)?.name ?? String(item.typeEvaluation),
        user_name: item.evaluatorName,
        evaluated_name: item.ratedName,
        company_id: item.companyId,
        company_name: item.companyName,
        reminder: item.n,
        planned_at: item.plannedAt.toISOString(),
        planned_local: formatStampBR(item.plannedAt, app.settings.timeZone),
      })),
  );

  app.get(
    '/queues/retention',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: 'Retenção de dados (LGPD): a próxima e a última execução da rotina diária, e quantas pessoas cada empresa com retenção teria apagadas agora',
        security: bearer,
        response: { 200: retentionSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const { timeZone } = app.settings;
      const { nextRun, lastRun, companies } = await retentionOverview(app, new Date());
      return {
        next_run: nextRun && { at: nextRun.toISOString(), local: formatStampBR(nextRun, timeZone) },
        last_run: lastRun && {
          finished_at: lastRun.finishedAt.toISOString(),
          finished_local: formatStampBR(lastRun.finishedAt, timeZone),
          state: lastRun.state,
          erased: lastRun.erased,
          failed: lastRun.failed,
        },
        companies: companies.map((company) => ({
          company_id: company.companyId,
          company_name: company.companyName,
          active: company.active,
          retention_months: company.retentionMonths,
          due: company.due,
        })),
      };
    },
  );

  app.get<{ Querystring: { page?: number; pageSize?: number } }>(
    '/outbox',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: 'Mensagens guardadas na caixa de saída (sem SMTP), as mais recentes primeiro',
        security: bearer,
        querystring: {
          type: 'object',
          additionalProperties: { not: {} },
          properties: { page: { type: 'integer', minimum: 1, maximum: 100000 }, pageSize: { type: 'integer', minimum: 1, maximum: 100 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['total', 'page', 'pageSize', 'items'],
            properties: {
              total: { type: 'integer' },
              page: { type: 'integer' },
              pageSize: { type: 'integer' },
              items: { type: 'array', maxItems: 100, items: outboxItemSchema },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const { items, total } = await listOutbox(app.db, page, pageSize);
      return {
        total,
        page,
        pageSize,
        items: items.map((row) => ({
          id: row.id,
          key: row.key,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          kind: row.kind,
          evaluation_id: row.evaluationId,
          company_id: row.companyId,
          created_at: row.createdAt.toISOString(),
          attachments: row.attachments.map((file) => ({ position: file.position, filename: file.filename, content_type: file.contentType, size: file.size })),
        })),
      };
    },
  );

  app.get<{ Params: { id: number; position: number } }>(
    '/outbox/:id/attachments/:position',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: 'Baixa um anexo de uma mensagem da caixa de saída',
        security: bearer,
        params: {
          type: 'object',
          required: ['id', 'position'],
          additionalProperties: false,
          properties: { id: idSchema, position: { type: 'integer', minimum: 0, maximum: 2147483647 } },
        },
        produces: ['application/octet-stream'],
        response: { 200: { description: 'O arquivo anexado, com o seu tipo de conteúdo', type: 'string', format: 'binary' }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, position } = request.params;
      const file = await findOutboxAttachment(app.db, id, position);
      if (!file) throw new HttpError(404, (await outboxExists(app.db, id)) ? messages.outbox.attachmentNotFound : messages.outbox.mailNotFound);
      return reply
        .header('content-type', headerSafeType(file.contentType))
        .header('content-disposition', attachmentHeader(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}
