/**
 * The action plan of a company's psychosocial risk programme (`/risk/{companyId}/measures`, NR-1,
 * issue 27): measures against a risk factor for the whole company or an exposure group, with who,
 * by when, their status and effectiveness, and the factor's level before (the round the measure
 * answers) and after (the next round with answers). Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema, nullableIdSchema } from './common.ts';

const textSchema = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
/** A day as sent: `YYYY-MM-DD` (the route checks it is a real day, with its own message). */
const daySchema = { type: 'string', maxLength: 10 } as const;
const statusSchema = { type: 'string', enum: ['planejada', 'em_andamento', 'concluida', 'cancelada'] } as const;
const resultSchema = { type: ['string', 'null'], enum: ['eficaz', 'ineficaz', null] } as const;
const groupKindSchema = { type: 'string', enum: ['whole', 'sector', 'position', 'exposure'] } as const;
/** The longest texts (the table's checks). */
const longText = { type: 'string', maxLength: 5000 } as const;

/** A factor's level in a group at a round: the matrix's level and colour, the share of unfavourable answers; all null with `reason` when hidden or unanswered. */
export const measureLevelSchema = {
  type: 'object',
  required: ['cycle_id', 'cycle_name', 'label', 'color', 'share', 'reason'],
  additionalProperties: false,
  properties: {
    /** The round read (null: every answer of the company, for a measure without a round). */
    cycle_id: { type: ['integer', 'null'] },
    cycle_name: nullableText,
    label: nullableText,
    color: nullableText,
    /** Percentage, one decimal. */
    share: { type: ['number', 'null'] },
    /** Why there is no level (hidden group, no answers); null when there is one. */
    reason: nullableText,
  },
} as const;

export type MeasureLevel = FromSchema<typeof measureLevelSchema>;

/** A measure as answered. */
export const measureSchema = {
  type: 'object',
  required: [
    'id',
    'company_id',
    'type',
    'questionnaire',
    'factor',
    'factor_label',
    'group_kind',
    'group_id',
    'group_name',
    'cycle_id',
    'cycle_name',
    'description',
    'owner_id',
    'owner_name',
    'due_on',
    'status',
    'overdue',
    'effectiveness_check',
    'effectiveness_on',
    'effectiveness_result',
    'effectiveness_note',
    'levels',
    'updated_at',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    company_id: { type: 'integer' },
    type: { type: 'integer' },
    /** The questionnaire's title. */
    questionnaire: textSchema,
    factor: textSchema,
    factor_label: textSchema,
    group_kind: groupKindSchema,
    group_id: { type: ['integer', 'null'] },
    /** 'Empresa toda', the sector's, the position's or the exposure group's name. */
    group_name: textSchema,
    cycle_id: { type: ['integer', 'null'] },
    cycle_name: nullableText,
    description: textSchema,
    owner_id: { type: 'integer' },
    owner_name: textSchema,
    due_on: textSchema,
    status: statusSchema,
    /** Open (planejada, em andamento) and due before today (the app's time zone). */
    overdue: { type: 'boolean' },
    effectiveness_check: textSchema,
    effectiveness_on: textSchema,
    effectiveness_result: resultSchema,
    effectiveness_note: nullableText,
    levels: {
      type: 'object',
      required: ['before', 'after'],
      additionalProperties: false,
      properties: {
        before: measureLevelSchema,
        /** At the company's next round with answers of the questionnaire, opened after the measure's; null while there is none. */
        after: { anyOf: [measureLevelSchema, { type: 'null' }] },
      },
    },
    /** ISO instant of the last change. */
    updated_at: textSchema,
  },
} as const;

export type Measure = FromSchema<typeof measureSchema>;

/** `GET /risk/{companyId}/measures`. */
export const measureListSchema = { type: 'object', required: ['today', 'measures'], additionalProperties: false, properties: { today: textSchema, measures: { type: 'array', items: measureSchema } } } as const;

export type MeasureList = FromSchema<typeof measureListSchema>;

/** `?type=18`: one questionnaire's measures. */
export const measureListQuerySchema = { type: 'object', additionalProperties: false, properties: { type: { type: 'integer', minimum: -1000, maximum: 1000 } } } as const;

/** `/risk/measures/{id}`. */
export const measureParamsSchema = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

const editable = {
  factor: { type: 'string', minLength: 1, maxLength: 100 },
  group_kind: groupKindSchema,
  group_id: nullableIdSchema,
  cycle_id: nullableIdSchema,
  description: longText,
  owner_id: idSchema,
  due_on: daySchema,
  status: statusSchema,
  effectiveness_check: longText,
  effectiveness_on: daySchema,
  effectiveness_result: resultSchema,
  effectiveness_note: { type: ['string', 'null'], maxLength: 5000 },
} as const;

/** `POST /risk/{companyId}/measures`: a new measure (status 'planejada' unless said). */
export const measureCreateSchema = {
  type: 'object',
  required: ['type', 'factor', 'group_kind', 'description', 'owner_id', 'due_on', 'effectiveness_check', 'effectiveness_on'],
  additionalProperties: { not: {} },
  properties: { type: { type: 'integer', minimum: -1000, maximum: 1000 }, ...editable },
} as const;

export type MeasureCreate = FromSchema<typeof measureCreateSchema>;

/** `PATCH /risk/measures/{id}`: the fields to change (the questionnaire and the company stay). */
export const measureUpdateSchema = { type: 'object', additionalProperties: { not: {} }, properties: editable } as const;

export type MeasureUpdate = FromSchema<typeof measureUpdateSchema>;

/** Answer of a write: the message and the measure as it is now. */
export const measureSavedSchema = { type: 'object', required: ['message', 'measure'], additionalProperties: false, properties: { message: textSchema, measure: measureSchema } } as const;

export type MeasureSaved = FromSchema<typeof measureSavedSchema>;

const idName = { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: { type: 'integer' }, name: textSchema } } as const;

/** `GET /risk/{companyId}/measures/options`: what the measure form offers (administrators). */
export const measureOptionsSchema = {
  type: 'object',
  required: ['questionnaires', 'sectors', 'positions', 'exposure_groups', 'cycles', 'owners'],
  additionalProperties: false,
  properties: {
    questionnaires: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'title', 'factors'],
        additionalProperties: false,
        properties: { type: { type: 'integer' }, title: textSchema, factors: { type: 'array', items: { type: 'object', required: ['id', 'label'], additionalProperties: false, properties: { id: textSchema, label: textSchema } } } },
      },
    },
    sectors: { type: 'array', items: idName },
    positions: { type: 'array', items: idName },
    /** The exposure groups staff defined for the company (`/risk/{companyId}/exposure-groups`). */
    exposure_groups: { type: 'array', items: idName },
    /** The company's rounds, newest first, with the questionnaires they hold. */
    cycles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'opens_on', 'types'],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, name: textSchema, opens_on: textSchema, types: { type: 'array', items: { type: 'integer' } } },
      },
    },
    /** Active accounts with an e-mail: staff (type 1) and the company's users (type 2). */
    owners: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'email', 'staff'],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, name: textSchema, email: textSchema, staff: { type: 'boolean' } },
      },
    },
  },
} as const;

export type MeasureOptions = FromSchema<typeof measureOptionsSchema>;
