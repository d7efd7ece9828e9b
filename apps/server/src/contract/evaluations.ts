/**
 * The staff calls of evaluations (`POST`/`PATCH /evaluation`, `DELETE /evaluation/{id}`, the versions
 * of a 360, the data-management listing `POST /evaluation/find`) and the public link lookup
 * (`GET /evaluation/find/{id}`): schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema, nullableIdSchema } from './common.ts';

/** Most evaluations one create or renew call takes. */
export const MAX_BATCH = 1000;
/** Largest page of the listing. */
export const MAX_PAGE = 500;

const nameField = { type: ['string', 'null'], maxLength: 200 } as const;

/** One evaluation to create: the names are the screen's, for nothing but its own display. */
export const evaluationEntrySchema = {
  type: 'object',
  required: ['user_id'],
  properties: {
    user_id: idSchema,
    user_name: { type: 'string', maxLength: 200 },
    type_evaluation: { type: ['integer', 'null'], minimum: -1000, maximum: 1000 },
    validate: { type: ['integer', 'null'], minimum: -100000, maximum: 100000 },
    evaluated: nullableIdSchema,
    evaluated_name: nameField,
    version: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
    usercourse_id: nullableIdSchema,
    rated_sector: nullableIdSchema,
  },
} as const;

/** One evaluation to create, as `POST /evaluation` takes it. */
export type EvaluationEntry = FromSchema<typeof evaluationEntrySchema>;

/** `POST /evaluation`: the evaluations to create, in one transaction. */
export const evaluationCreateSchema = {
  type: 'object',
  required: ['users'],
  properties: {
    users: { type: 'array', minItems: 1, maxItems: MAX_BATCH, items: evaluationEntrySchema },
    /** The open round (cycle) they join; or `cycle_name`, a new round's name; neither: a new round per questionnaire, named by the day. */
    cycle_id: idSchema,
    cycle_name: { type: 'string', maxLength: 200 },
  },
} as const;

export type EvaluationCreate = FromSchema<typeof evaluationCreateSchema>;

/** An evaluation just created. */
export const createdEvaluationSchema = {
  type: 'object',
  required: ['evaluation_id', 'user_id', 'rated', 'type_evaluation', 'expire_at', 'cycle_id'],
  additionalProperties: false,
  properties: {
    evaluation_id: { type: 'string' },
    user_id: { type: 'integer' },
    rated: { type: ['integer', 'null'] },
    type_evaluation: { type: 'integer' },
    expire_at: { type: ['string', 'null'] },
    /** The round it joined (null only for an evaluator with neither a company nor a course). */
    cycle_id: { type: ['integer', 'null'] },
  },
} as const;

export const evaluationsCreatedSchema = {
  type: 'object',
  required: ['message', 'evaluations'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, evaluations: { type: 'array', items: createdEvaluationSchema } },
} as const;

/** Answer of `POST /evaluation`. */
export type EvaluationsCreated = FromSchema<typeof evaluationsCreatedSchema>;

/** `PATCH /evaluation`: a new expiry `validate` days from today for each evaluation (the rest is the screen's). */
export const evaluationRenewSchema = {
  type: 'object',
  required: ['evaluations'],
  properties: {
    evaluations: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH,
      items: {
        type: 'object',
        required: ['evaluation_id', 'validate'],
        properties: {
          evaluation_id: { type: 'string', maxLength: 64 },
          validate: { type: 'integer', minimum: -100000, maximum: 100000 },
          user_name: nameField,
          evaluated_name: nameField,
          type_evaluation: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 8 }] },
          expire_at: { type: ['string', 'null'], maxLength: 64 },
        },
      },
    },
  },
} as const;

export type EvaluationRenew = FromSchema<typeof evaluationRenewSchema>;

export const evaluationsRenewedSchema = {
  type: 'object',
  required: ['message', 'evaluations'],
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    evaluations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['evaluation_id', 'expire_at'],
        additionalProperties: false,
        properties: { evaluation_id: { type: 'string' }, expire_at: { type: 'string' } },
      },
    },
  },
} as const;

/** Answer of `PATCH /evaluation`: each evaluation's new expiry. */
export type EvaluationsRenewed = FromSchema<typeof evaluationsRenewedSchema>;

/** An evaluation in a path (a UUID; anything else answers 404). */
export const evaluationParamsSchema = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;

/** `GET /evaluation/versions/{companyId}/{rated}/{type}`. */
export const versionParamsSchema = {
  type: 'object',
  required: ['companyId', 'rated', 'type'],
  properties: { companyId: idSchema, rated: idSchema, type: { type: 'integer', minimum: -1000, maximum: 1000 } },
} as const;

export const versionListSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'version', 'created_at'],
    additionalProperties: false,
    properties: { id: { type: 'integer' }, version: { type: 'integer' }, created_at: { type: 'string' } },
  },
} as const;

/** A version of a type already given to an evaluated person. */
export type Version = FromSchema<typeof versionListSchema>[number];

/** `GET /evaluation/find/{id}` (public): an evaluation as its link shows it. */
export const evaluationLinkParamsSchema = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

export const evaluationLinkSchema = {
  type: 'object',
  required: ['id', 'user_id', 'rated', 'rated_sector', 'rated_sector_name', 'type_evaluation', 'version', 'done', 'expire_at', 'evaluator_name', 'rated_name'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    user_id: { type: 'integer' },
    rated: { type: ['integer', 'null'] },
    rated_sector: { type: ['integer', 'null'] },
    rated_sector_name: { type: ['string', 'null'], description: 'Nome do setor avaliado (mapas de área), ou null' },
    type_evaluation: { type: 'integer' },
    version: { type: ['integer', 'null'] },
    definition_version: { type: ['string', 'null'], description: 'Versão do questionário com que a avaliação foi criada ("2.1")' },
    done: { type: 'boolean' },
    expire_at: { type: ['string', 'null'] },
    evaluator_name: { type: 'string' },
    rated_name: { type: ['string', 'null'] },
  },
} as const;

/** An evaluation as its public link shows it (the respondent's page reads it as the engine's `EvaluationLink`). */
export type PublicEvaluation = FromSchema<typeof evaluationLinkSchema>;

/** `POST /evaluation/find`: a user, or a company with an evaluation type (the "product"), or a course; paged. */
export const evaluationFilterSchema = {
  type: 'object',
  properties: {
    user_id: idSchema,
    company_id: idSchema,
    course_id: idSchema,
    type_evaluation: { anyOf: [{ type: 'integer', minimum: -1000, maximum: 1000 }, { type: 'string', pattern: '^-?[0-9]{1,4}$' }] },
    done: { type: 'boolean' },
    limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 50 },
    offset: { type: 'integer', minimum: 0, maximum: 10000000, default: 0 },
  },
} as const;

/** The listing's filters and page. */
export type EvaluationFilter = FromSchema<typeof evaluationFilterSchema>;

/** One evaluation of the data-management listing. */
export const evaluationRowSchema = {
  type: 'object',
  required: ['evaluation_id', 'user_id', 'user_name', 'rated_name', 'type', 'type_name', 'expire_at', 'done', 'expired', 'created_at'],
  additionalProperties: false,
  properties: {
    evaluation_id: { type: 'string' },
    user_id: { type: 'integer' },
    user_name: { type: 'string' },
    rated: { type: ['integer', 'null'] },
    rated_name: { type: ['string', 'null'] },
    /** Evaluation type id as text ('11' is the 360 interview). */
    type: { type: 'string' },
    type_name: { type: 'string' },
    version: { type: ['integer', 'null'] },
    expire_at: { type: ['string', 'null'] },
    done: { type: 'boolean' },
    expired: { type: 'boolean' },
    created_at: { type: 'string' },
  },
} as const;

export type EvaluationRow = FromSchema<typeof evaluationRowSchema>;

export const evaluationPageSchema = {
  type: 'object',
  required: ['total', 'more', 'evaluations'],
  additionalProperties: false,
  properties: {
    total: { type: 'integer', description: 'Avaliações encontradas, contadas até 10.000' },
    more: { type: 'boolean', description: 'Há mais de 10.000 avaliações no filtro' },
    evaluations: { type: 'array', items: evaluationRowSchema },
  },
} as const;

/** One page of the listing: `total` counts up to 10,000 and `more` says there are more. */
export type EvaluationPage = FromSchema<typeof evaluationPageSchema>;
