/**
 * The review of a company's psychosocial risk assessment (NR-1 1.5.4.4.6, issue 27): when each published
 * inventory is due for review (two years after its publication, or earlier by a trigger staff recorded)
 * and the triggers. Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { closed } from './common.ts';

const day = { type: 'string', description: 'AAAA-MM-DD' } as const;
const nullableDay = { type: ['string', 'null'], description: 'AAAA-MM-DD' } as const;

/** A trigger as answered. */
export const reviewTriggerSchema = {
  type: 'object',
  required: ['id', 'company_id', 'type', 'kind', 'occurred_on', 'review_by', 'description', 'measure_id', 'recorded_by', 'recorded_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    company_id: { type: 'integer' },
    type: { type: 'integer' },
    /** 'organizacao', 'acidente_doenca' or 'medida_ineficaz'. */
    kind: { type: 'string', enum: ['organizacao', 'acidente_doenca', 'medida_ineficaz'] },
    occurred_on: day,
    review_by: day,
    description: { type: 'string' },
    /** The measure of the action plan found ineffective (a 'medida_ineficaz' the plan recorded), or null. */
    measure_id: { type: ['integer', 'null'] },
    /** The name of who recorded it (null when that account is gone or the system did). */
    recorded_by: { type: ['string', 'null'] },
    /** ISO instant. */
    recorded_at: { type: 'string' },
  },
} as const;

export type ReviewTrigger = FromSchema<typeof reviewTriggerSchema>;

/**
 * The review of one company's assessment by one questionnaire: its latest published inventory, the
 * triggers recorded after that publication (oldest first), the next review day and its state today.
 * 'unpublished': the company has answers of the questionnaire and no inventory yet (every date null).
 */
export const riskReviewSchema = {
  type: 'object',
  required: ['company_id', 'company_name', 'type', 'title', 'state', 'inventory_id', 'version', 'published_on', 'publication_due', 'next_review', 'due_trigger', 'triggers'],
  additionalProperties: false,
  properties: {
    company_id: { type: 'integer' },
    company_name: { type: 'string' },
    type: { type: 'integer' },
    title: { type: 'string' },
    state: { type: 'string', enum: ['ok', 'near', 'past', 'unpublished'] },
    inventory_id: { type: ['integer', 'null'] },
    version: { type: ['integer', 'null'] },
    /** The day (app time zone) the latest version was published. */
    published_on: nullableDay,
    /** Two years after it. */
    publication_due: nullableDay,
    /** The next review day: `publication_due`, or a trigger's `review_by` when earlier. */
    next_review: nullableDay,
    /** The trigger that brought the review forward (`next_review` is its `review_by`), or null. */
    due_trigger: { anyOf: [reviewTriggerSchema, { type: 'null' }] },
    triggers: { type: 'array', items: reviewTriggerSchema },
  },
} as const;

export type RiskReview = FromSchema<typeof riskReviewSchema>;

/** `GET /risk/reviews`: today (app time zone) and the reviews of every company the account sees, the soonest first. */
export const riskReviewListSchema = {
  type: 'object',
  required: ['today', 'reviews'],
  additionalProperties: false,
  properties: { today: day, reviews: { type: 'array', items: riskReviewSchema } },
} as const;

export type RiskReviewList = FromSchema<typeof riskReviewListSchema>;

/** `GET /risk/{companyId}/review-triggers`: today, the company's reviews and every trigger it has, newest first. */
export const reviewTriggerListSchema = {
  type: 'object',
  required: ['today', 'reviews', 'triggers'],
  additionalProperties: false,
  properties: { today: day, reviews: { type: 'array', items: riskReviewSchema }, triggers: { type: 'array', items: reviewTriggerSchema } },
} as const;

export type ReviewTriggerList = FromSchema<typeof reviewTriggerListSchema>;

/**
 * `POST /risk/{companyId}/review-triggers` (administrators): the questionnaire, what happened, when, by
 * when the review is due (default 30 days after) and a description. Kinds, days and lengths are the
 * route's checks, so its Portuguese message says what is wrong.
 */
export const reviewTriggerBodySchema = {
  type: 'object',
  required: ['type', 'kind', 'occurred_on', 'description'],
  additionalProperties: closed,
  properties: {
    type: { type: 'integer', minimum: -1000, maximum: 1000 },
    kind: { type: 'string', maxLength: 40 },
    occurred_on: { type: 'string', maxLength: 20 },
    review_by: { type: ['string', 'null'], maxLength: 20 },
    description: { type: 'string', maxLength: 5000 },
  },
} as const;

export type ReviewTriggerBody = FromSchema<typeof reviewTriggerBodySchema>;

/** Answer of a recorded trigger: the message and the trigger. */
export const reviewTriggerSavedSchema = {
  type: 'object',
  required: ['message', 'trigger'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, trigger: reviewTriggerSchema },
} as const;

export type ReviewTriggerSaved = FromSchema<typeof reviewTriggerSavedSchema>;
