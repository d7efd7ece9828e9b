/**
 * The sector and position calls (`/sectors/...`, `/positions/...`): a company's names, the dialogs that
 * rename and add them. Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema } from './common.ts';

/** Largest list the sector and position dialogs may send. */
export const MAX_NAMES = 1000;

/** A sector in a path (`GET /sectors/{id}`). */
export const sectorParamsSchema = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

/** A sector of a company. */
export const sectorSchema = {
  type: 'object',
  required: ['id', 'company_id', 'sector_name'],
  additionalProperties: false,
  properties: { id: { type: 'integer' }, company_id: { type: 'integer' }, sector_name: { type: 'string' } },
} as const;

export type Sector = FromSchema<typeof sectorSchema>;

export const sectorListSchema = { type: 'array', items: sectorSchema } as const;

/** `PATCH /sectors/{companyId}`: rows with an id are renamed, rows without one are created. */
export const sectorSaveSchema = {
  type: 'object',
  required: ['sectors'],
  additionalProperties: { not: {} },
  properties: {
    sectors: {
      type: 'array',
      maxItems: MAX_NAMES,
      items: {
        type: 'object',
        required: ['sector_name'],
        additionalProperties: { not: {} },
        properties: { id: idSchema, sector_name: { type: 'string', maxLength: 200 } },
      },
    },
  },
} as const;

export type SectorSave = FromSchema<typeof sectorSaveSchema>;

/** Answer of a sector save: the message and the company's sectors as saved. */
export const sectorsSavedSchema = {
  type: 'object',
  required: ['message', 'sectors'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, sectors: sectorListSchema },
} as const;

export type SectorsSaved = FromSchema<typeof sectorsSavedSchema>;

/** `POST /sectors/different-companies`: the sectors of several companies. */
export const companyIdsSchema = {
  type: 'object',
  required: ['company_ids'],
  additionalProperties: { not: {} },
  properties: { company_ids: { type: 'array', maxItems: 1000, items: idSchema } },
} as const;

export type CompanyIds = FromSchema<typeof companyIdsSchema>;

/** `GET /sectors/{id}`: a sector's name. */
export const sectorNameSchema = { type: 'object', required: ['sector_name'], additionalProperties: false, properties: { sector_name: { type: 'string' } } } as const;

export type SectorName = FromSchema<typeof sectorNameSchema>;

/** A position of a company. */
export const positionSchema = {
  type: 'object',
  required: ['id', 'company_id', 'position_name'],
  additionalProperties: false,
  properties: { id: { type: 'integer' }, company_id: { type: 'integer' }, position_name: { type: 'string' } },
} as const;

export type Position = FromSchema<typeof positionSchema>;

export const positionListSchema = { type: 'array', items: positionSchema } as const;

/** `PATCH /positions/{companyId}`: rows with an id are renamed, rows without one are created. */
export const positionSaveSchema = {
  type: 'object',
  required: ['positions'],
  additionalProperties: { not: {} },
  properties: {
    positions: {
      type: 'array',
      maxItems: MAX_NAMES,
      items: {
        type: 'object',
        required: ['position_name'],
        additionalProperties: { not: {} },
        properties: { id: idSchema, position_name: { type: 'string', maxLength: 200 } },
      },
    },
  },
} as const;

export type PositionSave = FromSchema<typeof positionSaveSchema>;

/** Answer of a position save: the message and the company's positions as saved. */
export const positionsSavedSchema = {
  type: 'object',
  required: ['message', 'positions'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, positions: positionListSchema },
} as const;

export type PositionsSaved = FromSchema<typeof positionsSavedSchema>;
