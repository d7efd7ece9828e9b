/** The LGPD rights of a person (`/api/users/{id}/personal-data`, `/api/users/{id}/erase`): schemas and their types. */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema } from './common.ts';

export const personParamsSchema = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

/** `?format=json` (default) or `pdf`; anything else is a 400 with the catalogue's message. */
export const personalDataQuerySchema = { type: 'object', additionalProperties: { not: {} }, properties: { format: { type: 'string' } } } as const;

/** The export is a file: `dados-pessoais-{id}.json` or `.pdf`. */
export const personalDataFileSchema = { description: 'Arquivo JSON (completo) ou PDF (legível)', type: 'string', format: 'binary' } as const;

export const eraseBodySchema = {
  type: 'object',
  required: ['confirm_name'],
  additionalProperties: false,
  properties: { confirm_name: { type: 'string', maxLength: 500 } },
} as const;

/** `POST /api/users/{id}/erase`: the person's current name as the administrator typed it. */
export type EraseBody = FromSchema<typeof eraseBodySchema>;

export const eraseCountsSchema = {
  type: 'object',
  required: ['evaluations', 'freeTexts', 'outboxMessages', 'attachments', 'jobs', 'auditEntries'],
  additionalProperties: false,
  properties: {
    evaluations: { type: 'integer' },
    freeTexts: { type: 'integer' },
    outboxMessages: { type: 'integer' },
    attachments: { type: 'integer' },
    jobs: { type: 'integer' },
    auditEntries: { type: 'integer' },
  },
} as const;

/** What an erase replaced, counted. */
export type EraseCounts = FromSchema<typeof eraseCountsSchema>;

export const eraseResultSchema = {
  type: 'object',
  required: ['message', 'summary'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, summary: eraseCountsSchema },
} as const;

/** Answer of `POST /api/users/{id}/erase`. */
export type EraseResult = FromSchema<typeof eraseResultSchema>;
