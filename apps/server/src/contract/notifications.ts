/**
 * The notification calls: the staff's e-mail calls (reminder, evaluation e-mail, report e-mail) and the
 * administrators' monitors (job queue, scheduled reminders, retention, outbox). Schemas and the types
 * derived from them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { evaluationTypeSchema, idSchema } from './common.ts';

/** Most jobs the monitor lists (newest first). */
export const MONITOR_LIMIT = 500;
/** Most evaluations one report e-mail call may queue. */
export const MAX_TARGETS = 500;
/** Days ahead the monitor lists the automatic reminders of. */
export const SCHEDULED_DAYS = 14;

/** An evaluation id as the e-mail calls take it (checked as a UUID by the handler: an unknown one is a 404). */
export const evaluationIdField = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** A job of the queue monitor (`GET /api/queues`). */
export const queueJobSchema = {
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

export type QueueJob = FromSchema<typeof queueJobSchema>;

export const queueJobListSchema = { type: 'array', maxItems: MONITOR_LIMIT, items: queueJobSchema } as const;

/** One e-mail kept in the outbox, with its attachments listed (`GET /outbox/{id}/attachments/{position}` downloads one). */
export const outboxItemSchema = {
  type: 'object',
  required: ['id', 'key', 'to', 'subject', 'text', 'html', 'kind', 'evaluation_id', 'company_id', 'created_at', 'attachments'],
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

export type OutboxMail = FromSchema<typeof outboxItemSchema>;
/** A file attached to an outbox message; `size` in bytes. */
export type OutboxAttachment = OutboxMail['attachments'][number];

/** `GET /api/outbox`: a page of the outbox. */
export const outboxQuerySchema = {
  type: 'object',
  additionalProperties: { not: {} },
  properties: { page: { type: 'integer', minimum: 1, maximum: 100000 }, pageSize: { type: 'integer', minimum: 1, maximum: 100 } },
} as const;

export const outboxPageSchema = {
  type: 'object',
  required: ['total', 'page', 'pageSize', 'items'],
  properties: {
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    items: { type: 'array', maxItems: 100, items: outboxItemSchema },
  },
} as const;

/** One page of the outbox. */
export type OutboxPage = FromSchema<typeof outboxPageSchema>;

/** `GET /api/outbox/:id/attachments/:position`. */
export const outboxAttachmentParamsSchema = {
  type: 'object',
  required: ['id', 'position'],
  additionalProperties: false,
  properties: { id: idSchema, position: { type: 'integer', minimum: 0, maximum: 2147483647 } },
} as const;


/** An automatic reminder the monitor shows as planned (`GET /api/queues/reminders`). */
export const scheduledReminderSchema = {
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

export type ScheduledReminder = FromSchema<typeof scheduledReminderSchema>;

export const scheduledReminderListSchema = { type: 'array', items: scheduledReminderSchema } as const;

/** The retention routine as the monitor shows it (`GET /api/queues/retention`). */
export const retentionSchema = {
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

export type RetentionOverview = FromSchema<typeof retentionSchema>;

/** `POST /api/evaluation/remainder/:userId`. */
export const reminderParamsSchema = { type: 'object', required: ['userId'], additionalProperties: false, properties: { userId: idSchema } } as const;

/** `POST /api/evaluation/email/:evaluationId`. */
export const evaluationEmailParamsSchema = { type: 'object', required: ['evaluationId'], additionalProperties: false, properties: { evaluationId: evaluationIdField } } as const;

/** `POST /api/tableresponse/report/email`: the answered evaluations whose report goes by e-mail. */
export const reportEmailBodySchema = {
  type: 'object',
  required: ['evaluation_type', 'target_ids'],
  // Unknown fields are refused (with `false` Fastify's Ajv would silently drop them).
  additionalProperties: { not: {} },
  properties: {
    evaluation_type: evaluationTypeSchema,
    target_ids: { type: 'array', minItems: 1, maxItems: MAX_TARGETS, items: evaluationIdField },
  },
} as const;
