/** The audit log of the administrators (`GET /api/audit`): schemas and their types. */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema } from './common.ts';

/** Most records one page holds. */
export const MAX_AUDIT_PAGE = 200;

/** Filters: a person (actor id or part of the e-mail), a company, an action, days (yyyy-mm-dd); and the page. */
export const auditQuerySchema = {
  type: 'object',
  additionalProperties: { not: {} },
  properties: {
    user: { type: 'string', maxLength: 254 },
    company: idSchema,
    action: { type: 'string', maxLength: 64 },
    from: { type: 'string', maxLength: 10 },
    to: { type: 'string', maxLength: 10 },
    limit: { type: 'integer', minimum: 1, maximum: MAX_AUDIT_PAGE },
    offset: { type: 'integer', minimum: 0, maximum: 10_000_000 },
  },
} as const;

export type AuditQuery = FromSchema<typeof auditQuerySchema>;

/** One record of the log. */
export const auditItemSchema = {
  type: 'object',
  required: ['id', 'at', 'actor_user_id', 'actor_name', 'actor_email', 'company_id', 'company_name', 'action', 'target', 'details', 'ip'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    at: { type: 'string' },
    actor_user_id: { type: ['integer', 'null'] },
    actor_name: { type: ['string', 'null'] },
    actor_email: { type: ['string', 'null'] },
    company_id: { type: ['integer', 'null'] },
    company_name: { type: ['string', 'null'] },
    action: { type: 'string' },
    target: { type: ['string', 'null'] },
    details: { type: ['object', 'null'], additionalProperties: true },
    ip: { type: ['string', 'null'] },
  },
} as const;

/** One record as `GET /api/audit` answers it. */
export type AuditItem = FromSchema<typeof auditItemSchema>;

export const auditPageSchema = {
  type: 'object',
  required: ['total', 'limit', 'offset', 'items'],
  additionalProperties: false,
  properties: {
    total: { type: 'integer' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    items: { type: 'array', maxItems: MAX_AUDIT_PAGE, items: auditItemSchema },
  },
} as const;

/** A page of the log. */
export type AuditPage = FromSchema<typeof auditPageSchema>;
