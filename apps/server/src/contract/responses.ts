/**
 * The answers of an evaluation: the respondent's submission (`POST /tableresponse/multiple`, public)
 * and the staff's scored results (`POST /tableresponse/evaluations`). Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema, nullableIdSchema } from './common.ts';

/** Most items (questions, or evaluations asked for) one call takes. */
export const MAX_ITEMS = 1000;

/** `POST /tableresponse/multiple`: one evaluation's answers, in the wire format (`engine/answers/encoding.ts`). */
export const submissionSchema = {
  type: 'object',
  required: ['evaluator_user_id', 'type_evaluation', 'evaluation_id', 'questions'],
  properties: {
    evaluator_user_id: idSchema,
    rated_user_id: nullableIdSchema,
    type_evaluation: { type: 'integer', minimum: -1000, maximum: 1000 },
    evaluation_id: { type: 'string', maxLength: 64 },
    rated_sector_id: nullableIdSchema,
    version: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
    questions: {
      type: 'array',
      maxItems: MAX_ITEMS,
      items: {
        type: 'object',
        required: ['question', 'response'],
        properties: { question: { type: 'string', maxLength: 64 }, response: { type: 'string', maxLength: 50000 } },
      },
    },
  },
} as const;

/** The submission of one evaluation's answers. */
export type Submission = FromSchema<typeof submissionSchema>;

export const submittedSchema = { type: 'object', required: ['ok'], additionalProperties: false, properties: { ok: { type: 'boolean' } } } as const;

/** `POST /tableresponse/evaluations`: explicit evaluation ids, or a type with an optional company and sector. */
export const scoredQuerySchema = {
  type: 'object',
  properties: {
    evaluations: { type: 'array', maxItems: MAX_ITEMS, items: { type: 'string', maxLength: 64 } },
    type_evaluation: { type: 'integer', minimum: -1000, maximum: 1000 },
    company_id: nullableIdSchema,
    sector_id: nullableIdSchema,
  },
} as const;

export type ScoredQuery = FromSchema<typeof scoredQuerySchema>;

/** Which anonymous group a scored group is: its type, and the person rated and round (evaluators) or the company (group). */
const groupOf = {
  type_evaluation: { type: 'integer' },
  evaluated_id: { type: 'integer' },
  evaluated_name: { type: 'string' },
  version: { type: ['integer', 'null'] },
  company_id: { type: 'integer' },
} as const;

/** The answer: scores flattened by score id beside the evaluation, its respondent and band. */
export const scoredResultsSchema = {
  type: 'object',
  required: ['responses'],
  additionalProperties: false,
  properties: {
    responses: {
      description: 'Cada avaliação respondida, com o nome de quem respondeu (tipos não anônimos; a autoavaliação da 360)',
      type: 'array',
      items: {
        type: 'object',
        required: ['evaluation_id', 'name'],
        properties: { evaluation_id: { type: 'string' }, name: { type: 'string' }, band: { type: 'string' } },
        additionalProperties: { type: 'number' },
      },
    },
    groups: {
      description: 'Tipos anônimos (360, segurança psicológica, variáveis de mudança): as médias de cada grupo com pelo menos o mínimo de respondentes, sem nomes',
      type: 'array',
      items: {
        type: 'object',
        required: ['type_evaluation', 'respondents'],
        properties: { ...groupOf, respondents: { type: 'integer' } },
        additionalProperties: { type: 'number' },
      },
    },
    withheld: {
      description: 'Grupos anônimos abaixo do mínimo: nenhum número, o motivo',
      type: 'array',
      items: {
        type: 'object',
        required: ['type_evaluation', 'respondents', 'minimum', 'message'],
        properties: { ...groupOf, respondents: { type: 'integer' }, minimum: { type: 'integer' }, message: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
} as const;

export type ScoredResults = FromSchema<typeof scoredResultsSchema>;
