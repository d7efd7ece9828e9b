/**
 * The staff forms' calls (a questionnaire with `staff`, filled by staff: the 360 interview): the save
 * (`PUT /api/tableresponse/multiple`), the saved answers, the evaluator and rated lists. Schemas and
 * the types derived from them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { MAX_LIST_ITEMS } from '../../../../engine/answers/staffSave.ts';
import { idSchema } from './common.ts';

/** Most question/response pairs one save sends. */
const MAX_PAIRS = 500;
/** Longest response of one pair (a rich text). */
const MAX_TEXT = 50000;

const stringList = { type: 'array', items: { type: 'string' } } as const;

/** `PUT /api/tableresponse/multiple`: the form's type, the evaluator and rated person, the evaluation, and every pair ('date' and 'show' carry a list). */
export const staffSaveSchema = {
  type: 'object',
  required: ['type_evaluation', 'evaluator_user_id', 'rated_user_id', 'questions'],
  additionalProperties: false,
  properties: {
    type_evaluation: { type: 'string', maxLength: 16 },
    evaluator_user_id: idSchema,
    rated_user_id: idSchema,
    evaluation_id: { type: 'string', maxLength: 64 },
    questions: {
      type: 'array',
      maxItems: MAX_PAIRS,
      items: {
        type: 'object',
        required: ['question', 'response'],
        additionalProperties: false,
        properties: {
          question: { type: 'string', maxLength: 64 },
          response: {
            anyOf: [
              { type: 'string', maxLength: MAX_TEXT },
              { type: 'array', maxItems: MAX_LIST_ITEMS, items: { type: 'string', maxLength: 200 } },
            ],
          },
        },
      },
    },
  },
} as const;

/** The body of a staff form's save. */
export type StaffSave = FromSchema<typeof staffSaveSchema>;

/** One pair of the save; 'date' and 'show' carry a list. */
export type StaffSaveItem = StaffSave['questions'][number];

/** `GET /api/interview/answers/{ratedId}/{evaluatorUserId}`. */
export const staffAnswersParamsSchema = {
  type: 'object',
  required: ['ratedId', 'evaluatorUserId'],
  properties: { ratedId: idSchema, evaluatorUserId: idSchema },
} as const;

/** The saved form of one evaluation: status, attendance dates and attendees, the answers as pairs. */
export const savedStaffFormSchema = {
  type: 'object',
  required: ['evaluation_id', 'status', 'dates', 'show', 'answers'],
  additionalProperties: false,
  properties: {
    evaluation_id: { type: 'string' },
    /** Status key, or null before the first save. */
    status: { type: ['string', 'null'] },
    /** Attendance dates, ISO yyyy-mm-dd. */
    dates: stringList,
    /** Attendance dates ticked as attended (ISO). */
    show: stringList,
    answers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['question', 'response'],
        additionalProperties: false,
        properties: { question: { type: 'string' }, response: { type: 'string' } },
      },
    },
  },
} as const;

/** The saved form of `GET /api/interview/answers/{ratedId}/{evaluatorUserId}`. */
export type SavedStaffForm = FromSchema<typeof savedStaffFormSchema>;

/** `GET /api/interview/evaluators/rated/{ratedId}`. */
export const ratedParamsSchema = { type: 'object', required: ['ratedId'], properties: { ratedId: idSchema } } as const;

/** The evaluator table: one row per evaluation, the status as its label. */
export const staffEvaluatorRowsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'evaluator', 'evaluator_id', 'position', 'status', 'rated_id', 'rated_name'],
    additionalProperties: false,
    properties: {
      id: { type: 'string' },
      evaluator: { type: 'string' },
      evaluator_id: { type: 'integer' },
      position: { type: ['string', 'null'] },
      status: { type: 'string' },
      rated_id: { type: 'integer' },
      rated_name: { type: 'string' },
    },
  },
} as const;

/** One row of the evaluator table. */
export type StaffEvaluatorRow = FromSchema<typeof staffEvaluatorRowsSchema>[number];
