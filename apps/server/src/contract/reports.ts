/**
 * The report calls: a dashboard's PDF and the files of its print dialog (their body is the filters of
 * `contract/dashboards.ts`), one answered evaluation's PDF, a person's PDF
 * (`POST /tableresponse/report/download`) and its e-mail ('Enviar Relatório': `POST /evaluation/report`,
 * `GET /evaluation/report/{jobId}`). Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { evaluationTypeSchema, idSchema } from './common.ts';

/** A report's success: the PDF. */
export const pdfFileSchema = { description: 'O relatório em PDF (application/pdf)', type: 'string', format: 'binary' } as const;

/** `POST /dashboards/{id}/exports/{index}`: the view and the index of its `exports`. */
export const exportParamsSchema = {
  type: 'object',
  required: ['id', 'index'],
  properties: { id: { type: 'string', maxLength: 20 }, index: { type: 'integer', minimum: 0, maximum: 99 } },
} as const;

/** An export's success: a PDF or a spreadsheet. */
export const exportFileSchema = { description: 'O arquivo (PDF ou .xlsx)', type: 'string', format: 'binary' } as const;

/** `GET /tableresponse/report/{id}/{type}`: an answered evaluation (its id gives access, like its link) and its type. */
export const evaluationReportParamsSchema = {
  type: 'object',
  required: ['id', 'type'],
  properties: { id: { type: 'string', maxLength: 64 }, type: { type: 'string', maxLength: 6 } },
} as const;

/**
 * `POST /tableresponse/report/download`: the view's type and the person, by user id (signed in) or by
 * personal key (no session); the other lists are the specification's and ignored.
 */
export const personReportSchema = {
  type: 'object',
  required: ['evaluation_type', 'target_ids'],
  additionalProperties: { not: {} },
  properties: {
    evaluation_type: evaluationTypeSchema,
    target_ids: { type: 'array', minItems: 1, maxItems: 1, items: { anyOf: [{ type: 'integer', minimum: 1, maximum: 2147483647 }, { type: 'string', maxLength: 64 }] } },
    company_ids: { type: 'array', maxItems: 100, items: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 12 }] } },
    selected_ids: { type: 'array', maxItems: 1000, items: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 64 }] } },
  },
} as const;

export type PersonReport = FromSchema<typeof personReportSchema>;

/** `POST /evaluation/report`: e-mail a person's report (the evaluation the sending is linked to, optionally). */
export const reportEmailSchema = {
  type: 'object',
  required: ['user_id', 'type_evaluation'],
  additionalProperties: { not: {} },
  properties: {
    user_id: idSchema,
    type_evaluation: evaluationTypeSchema,
    evaluation_id: { type: ['string', 'null'], maxLength: 64 },
  },
} as const;

export type ReportEmail = FromSchema<typeof reportEmailSchema>;

export const reportQueuedSchema = {
  type: 'object',
  required: ['message', 'job_id'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, job_id: { type: 'string' } },
} as const;

/** Answer of `POST /evaluation/report`: the message and the sending's id. */
export type ReportQueued = FromSchema<typeof reportQueuedSchema>;

export const reportJobParamsSchema = { type: 'object', required: ['jobId'], properties: { jobId: { type: 'string', maxLength: 64 } } } as const;

export const reportSendingSchema = {
  type: 'object',
  required: ['state', 'message'],
  additionalProperties: false,
  properties: { state: { type: 'string', enum: ['queued', 'sent', 'failed'] }, message: { type: 'string' } },
} as const;

/** Where a queued report e-mail stands (`GET /evaluation/report/{jobId}`). */
export type ReportSending = FromSchema<typeof reportSendingSchema>;
