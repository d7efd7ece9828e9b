/**
 * A company's psychosocial risk settings (`/risk/{companyId}`, issue 27): the risk matrix it rates by
 * (its own or the default), and the severity set for each risk factor of its questionnaires, with the
 * reason. Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema } from './common.ts';
import { definitionVerdictSchema } from './definitions.ts';

const textSchema = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
/** A step of a severity or probability scale. */
const stepSchema = { type: 'object', required: ['label'], additionalProperties: false, properties: { label: textSchema, criterion: textSchema } } as const;
/** A level of risk: its colour and what it asks of the company. */
const levelSchema = {
  type: 'object',
  required: ['id', 'label', 'color', 'action'],
  additionalProperties: false,
  properties: { id: textSchema, label: textSchema, color: textSchema, action: textSchema },
} as const;

/**
 * A risk matrix as answered (`RiskMatrix`, engine/definition/riskTypes.ts, without the editors' `$schema`):
 * the route returns the parsed type, so the compiler checks the two agree. A matrix sent is validated by
 * `parseRiskMatrix`, not here.
 */
export const riskMatrixSchema = {
  type: 'object',
  required: ['title', 'severity', 'probability', 'levels', 'grid', 'criteria'],
  additionalProperties: false,
  properties: {
    title: textSchema,
    severity: { type: 'array', items: stepSchema },
    probability: { type: 'array', items: stepSchema },
    levels: { type: 'array', items: levelSchema },
    grid: { type: 'array', items: { type: 'array', items: textSchema } },
    criteria: textSchema,
  },
} as const;

/** A risk factor of a questionnaire with the severity set at the company (all null while none is). */
export const riskFactorSchema = {
  type: 'object',
  required: ['id', 'label', 'hazard', 'harms', 'severity', 'reason', 'updated_at', 'updated_by'],
  additionalProperties: false,
  properties: {
    id: textSchema,
    label: textSchema,
    hazard: textSchema,
    harms: textSchema,
    /** The step of the company's matrix, 1 = its lowest. */
    severity: { type: ['integer', 'null'] },
    reason: nullableText,
    /** When it was set (ISO instant). */
    updated_at: nullableText,
    /** The name of who set it (null when that account is gone). */
    updated_by: nullableText,
  },
} as const;

export type RiskFactorSettings = FromSchema<typeof riskFactorSchema>;

/** A questionnaire with a risk section and its factors. */
const riskQuestionnaireSchema = {
  type: 'object',
  required: ['type', 'title', 'factors'],
  additionalProperties: false,
  properties: { type: { type: 'integer' }, title: textSchema, factors: { type: 'array', items: riskFactorSchema } },
} as const;

/** `GET /risk/{companyId}`: the matrix the company rates by, whether it is its own (else the default), and every risk questionnaire's factors. */
export const riskSettingsSchema = {
  type: 'object',
  required: ['matrix', 'own', 'questionnaires'],
  additionalProperties: false,
  properties: { matrix: riskMatrixSchema, own: { type: 'boolean' }, questionnaires: { type: 'array', items: riskQuestionnaireSchema } },
} as const;

export type RiskSettings = FromSchema<typeof riskSettingsSchema>;

/** `/risk/{companyId}/severities/{type}/{factor}`. */
export const riskFactorParamsSchema = {
  type: 'object',
  required: ['companyId', 'type', 'factor'],
  properties: { companyId: idSchema, type: { type: 'integer', minimum: -1000, maximum: 1000 }, factor: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/**
 * `PUT /risk/{companyId}/severities/{type}/{factor}`: the severity and why. Ranges are the route's (the
 * company's matrix sets the highest step), so its Portuguese message says what is wrong.
 */
export const riskSeverityBodySchema = {
  type: 'object',
  required: ['severity', 'reason'],
  additionalProperties: { not: {} },
  properties: { severity: { type: 'integer' }, reason: { type: 'string', maxLength: 5000 } },
} as const;

export type RiskSeverityBody = FromSchema<typeof riskSeverityBodySchema>;

/** Answer of a saved or cleared severity: the message and the factor as it is now. */
export const riskSeveritySavedSchema = { type: 'object', required: ['message', 'factor'], additionalProperties: false, properties: { message: textSchema, factor: riskFactorSchema } } as const;

export type RiskSeveritySaved = FromSchema<typeof riskSeveritySavedSchema>;

/** `PUT /risk/{companyId}/matrix`: the company's own matrix (checked by `parseRiskMatrix`). */
export const riskMatrixBodySchema = { type: 'object', required: ['matrix'], additionalProperties: { not: {} }, properties: { matrix: { type: 'object' } } } as const;

/** Answer of a saved or reset matrix: the message and the matrix the company now rates by. */
export const riskMatrixSavedSchema = {
  type: 'object',
  required: ['message', 'matrix', 'own'],
  additionalProperties: false,
  properties: { message: textSchema, matrix: riskMatrixSchema, own: { type: 'boolean' } },
} as const;

export type RiskMatrixSaved = FromSchema<typeof riskMatrixSavedSchema>;

/** A 400 of `PUT /risk/{companyId}/matrix`: the message and, for an invalid matrix, each problem with its JSON pointer (as the definition check lists them). */
export const riskMatrixErrorSchema = { type: 'object', required: ['message'], additionalProperties: false, properties: { message: textSchema, errors: definitionVerdictSchema.properties.errors } } as const;

export type RiskMatrixError = FromSchema<typeof riskMatrixErrorSchema>;
