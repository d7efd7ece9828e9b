/**
 * A company's exposure groups (`/risk/{companyId}/exposure-groups`, NR-1, issue 27): groups of workers
 * the staff define from the registry's sectors and positions, for the risk results, the inventory and
 * the action plan beside the sectors and the positions themselves. A person is in a group when their
 * sector is one of its sectors and their position one of its positions; an empty list does not narrow
 * (a group of sectors alone holds everyone in them, whatever the position). Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema } from './common.ts';

const textSchema = { type: 'string' } as const;
const idName = { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: { type: 'integer' }, name: textSchema } } as const;
/** Ids chosen: each a sector or a position of the company, at most once. */
const idList = { type: 'array', items: idSchema, maxItems: 500, uniqueItems: true } as const;

/** An exposure group as answered. */
export const exposureGroupSchema = {
  type: 'object',
  required: ['id', 'company_id', 'name', 'description', 'sectors', 'positions', 'people', 'measures', 'updated_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    company_id: { type: 'integer' },
    name: textSchema,
    /** The activities and processes the group shares, as staff wrote them (null: none). */
    description: { type: ['string', 'null'] },
    /** Its sectors and positions, by name (empty: any). */
    sectors: { type: 'array', items: idName },
    positions: { type: 'array', items: idName },
    /** The company's active people in the group now, from the registry. */
    people: { type: 'integer' },
    /** The action plan's measures aimed at the group (a group with any cannot be deleted). */
    measures: { type: 'integer' },
    /** ISO instant of the last change. */
    updated_at: textSchema,
  },
} as const;

export type ExposureGroup = FromSchema<typeof exposureGroupSchema>;

/** `GET /risk/{companyId}/exposure-groups`: the groups by name, and the sectors and positions a group can be made of. */
export const exposureGroupListSchema = {
  type: 'object',
  required: ['groups', 'sectors', 'positions'],
  additionalProperties: false,
  properties: {
    groups: { type: 'array', items: exposureGroupSchema },
    sectors: { type: 'array', items: idName },
    positions: { type: 'array', items: idName },
  },
} as const;

export type ExposureGroupList = FromSchema<typeof exposureGroupListSchema>;

/** `/risk/exposure-groups/{id}`. */
export const exposureGroupParamsSchema = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

const editable = {
  name: { type: 'string', maxLength: 1000 },
  description: { type: ['string', 'null'], maxLength: 10000 },
  sector_ids: idList,
  position_ids: idList,
} as const;

/** `POST /risk/{companyId}/exposure-groups`: a new group (at least one sector or position). */
export const exposureGroupCreateSchema = {
  type: 'object',
  required: ['name', 'sector_ids', 'position_ids'],
  additionalProperties: { not: {} },
  properties: editable,
} as const;

export type ExposureGroupCreate = FromSchema<typeof exposureGroupCreateSchema>;

/** `PATCH /risk/exposure-groups/{id}`: the fields to change. */
export const exposureGroupUpdateSchema = { type: 'object', additionalProperties: { not: {} }, properties: editable } as const;

export type ExposureGroupUpdate = FromSchema<typeof exposureGroupUpdateSchema>;

/** Answer of a create or an update: the message and the group as it is now. */
export const exposureGroupSavedSchema = {
  type: 'object',
  required: ['message', 'group'],
  additionalProperties: false,
  properties: { message: textSchema, group: exposureGroupSchema },
} as const;

export type ExposureGroupSaved = FromSchema<typeof exposureGroupSavedSchema>;
