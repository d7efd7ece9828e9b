/**
 * The rounds of assessments (Ciclos, `/cycles`): a company's or a course's named rounds, listed with
 * their participation, created, renamed, closed and reopened; their pending people reminded. Schemas
 * and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema } from './common.ts';

/** A day, `YYYY-MM-DD` (checked to be a real day by the route). */
const daySchema = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const nameSchema = { type: 'string', maxLength: 200 } as const;
const targetSchema = { type: 'integer', minimum: 1, maximum: 100 } as const;
const typeSchema = { type: 'integer', minimum: -1000, maximum: 1000 } as const;

/** A cycle as listed: what it is and how many of its evaluations were answered. */
export const cycleSchema = {
  type: 'object',
  required: ['id', 'company_id', 'course_id', 'name', 'types', 'opens_on', 'closes_on', 'closed', 'closed_at', 'target', 'evaluations', 'answered', 'created_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    company_id: { type: ['integer', 'null'] },
    course_id: { type: ['integer', 'null'] },
    name: { type: 'string' },
    types: { type: 'array', items: { type: 'integer' } },
    opens_on: { type: 'string' },
    closes_on: { type: ['string', 'null'] },
    /** Closed by staff: no evaluation joins it until it is reopened. */
    closed: { type: 'boolean' },
    closed_at: { type: ['string', 'null'] },
    /** Participation target, percent. */
    target: { type: 'integer' },
    /** Evaluations of the cycle, and how many of them were answered. */
    evaluations: { type: 'integer' },
    answered: { type: 'integer' },
    created_at: { type: 'string' },
  },
} as const;

export type Cycle = FromSchema<typeof cycleSchema>;

export const cycleListSchema = { type: 'array', items: cycleSchema } as const;

/** `GET /cycles`: a company's cycles (its courses' included) or a course's; a company user's own by default. */
export const cycleQuerySchema = {
  type: 'object',
  additionalProperties: { not: {} },
  properties: { company_id: idSchema, course_id: idSchema },
} as const;

export type CycleQuery = FromSchema<typeof cycleQuerySchema>;

export const cycleParamsSchema = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

/** `POST /cycles`: a new, empty round of a company or of a course (exactly one of the two). */
export const cycleCreateSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: { not: {} },
  properties: {
    company_id: idSchema,
    course_id: idSchema,
    name: nameSchema,
    types: { type: 'array', maxItems: 50, items: typeSchema },
    opens_on: daySchema,
    closes_on: { anyOf: [daySchema, { type: 'null' }] },
    target: targetSchema,
  },
} as const;

export type CycleCreate = FromSchema<typeof cycleCreateSchema>;

/** `PATCH /cycles/{id}`: rename, move its closing day, set its target, close or reopen it. */
export const cycleUpdateSchema = {
  type: 'object',
  additionalProperties: { not: {} },
  properties: {
    name: nameSchema,
    closes_on: { anyOf: [daySchema, { type: 'null' }] },
    target: targetSchema,
    closed: { type: 'boolean' },
  },
} as const;

export type CycleUpdate = FromSchema<typeof cycleUpdateSchema>;

/** Answer of a create or an update: the message and the cycle as saved. */
export const cycleSavedSchema = {
  type: 'object',
  required: ['message', 'cycle'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, cycle: cycleSchema },
} as const;

export type CycleSaved = FromSchema<typeof cycleSavedSchema>;

/** Who 'Lembrar pendentes' would remind, and when the reminders would go out. */
const pendingProperties = {
  /** People of the cycle with at least one evaluation neither answered nor expired that has a link. */
  people: { type: 'integer' },
  /** Those people's pending evaluations with a link. */
  evaluations: { type: 'integer' },
  /** When the reminders go out (ISO instant): now in business hours, else 09:00 of the next business day. */
  send_at: { type: 'string' },
} as const;

/** `GET /cycles/{id}/pending`: who a reminder of the cycle would reach now, and when it would go out. */
export const cyclePendingSchema = {
  type: 'object',
  required: ['people', 'evaluations', 'send_at'],
  additionalProperties: false,
  properties: pendingProperties,
} as const;

export type CyclePending = FromSchema<typeof cyclePendingSchema>;

/** `POST /cycles/{id}/remind`: the message, and who was reminded when (one e-mail per person, queued). */
export const cycleRemindedSchema = {
  type: 'object',
  required: ['message', 'people', 'evaluations', 'send_at'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, ...pendingProperties },
} as const;

export type CycleReminded = FromSchema<typeof cycleRemindedSchema>;
