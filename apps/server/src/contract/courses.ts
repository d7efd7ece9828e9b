/** The training courses and their participants (`/courses`, `/usercourses`): schemas and their types. */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema, nullableIdSchema } from './common.ts';

/** A course as the calls answer it, with its number of participants. */
export const courseSchema = {
  type: 'object',
  required: ['id', 'name', 'created_at', 'count', 'status', 'company_id'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    created_at: { type: 'string' },
    count: { type: 'integer' },
    status: { type: 'boolean' },
    company_id: { type: ['integer', 'null'] },
  },
} as const;

/** A course as `GET /api/courses` lists it. */
export type Course = FromSchema<typeof courseSchema>;

export const courseListSchema = { type: 'array', items: courseSchema } as const;

/** `POST /courses`: a name (emptiness checked in code, for the form's message) and optionally a company. */
export const courseCreateSchema = {
  type: 'object',
  additionalProperties: { not: {} },
  properties: { name: { type: 'string', maxLength: 200 }, company_id: nullableIdSchema },
} as const;

export type CourseCreate = FromSchema<typeof courseCreateSchema>;

export const courseCreatedSchema = {
  type: 'object',
  required: ['message', 'course'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, course: courseSchema },
} as const;

export type CourseCreated = FromSchema<typeof courseCreatedSchema>;

export const courseParamsSchema = { type: 'object', required: ['courseId'], properties: { courseId: idSchema } } as const;

/** A participant of a course (`id` and `usercourse_id` are both the participation's). */
export const participantSchema = {
  type: 'object',
  required: ['id', 'usercourse_id', 'user_id', 'name', 'email', 'created_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    usercourse_id: { type: 'integer' },
    user_id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    created_at: { type: 'string' },
  },
} as const;

export type Participant = FromSchema<typeof participantSchema>;

/** `GET /usercourses/{courseId}`: a course and its participants. */
export const courseDetailSchema = {
  type: 'object',
  required: ['course', 'userCourses'],
  additionalProperties: false,
  properties: { course: courseSchema, userCourses: { type: 'array', items: participantSchema } },
} as const;

export type CourseDetail = FromSchema<typeof courseDetailSchema>;

/** `POST /usercourses`: a user joins a course. */
export const participantCreateSchema = {
  type: 'object',
  required: ['userId', 'courseId'],
  additionalProperties: { not: {} },
  properties: { userId: idSchema, courseId: idSchema },
} as const;

export type ParticipantCreate = FromSchema<typeof participantCreateSchema>;

export const participantCreatedSchema = {
  type: 'object',
  required: ['message', 'id', 'user_id', 'course_id', 'created_at'],
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    id: { type: 'integer' },
    user_id: { type: 'integer' },
    course_id: { type: 'integer' },
    created_at: { type: 'string' },
  },
} as const;

export type ParticipantCreated = FromSchema<typeof participantCreatedSchema>;

/** `DELETE /usercourses/{id}`: a participation. */
export const participationParamsSchema = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;
