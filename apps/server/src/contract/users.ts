/**
 * The user calls: the registry's lists and forms (`/users/all`, `/users/list/{companyId}`, `POST /users`,
 * `PATCH /users/update`, the e-mail check, relations), one's own profile (`/users/verifypassword`,
 * `/users/updateprofile`) and the participants of a new evaluation batch. Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { closed, idSchema, nullableIdSchema, text } from './common.ts';

/** Account types a form may give: 1 administrator (administrators only), 2 company user, 3 participant. */
const typeAccountSchema = { type: 'integer', enum: [1, 2, 3] } as const;

/** A password field of a form: empty or null means none. */
const passwordField = { type: ['string', 'null'], maxLength: 256 } as const;

/** Body fields of the forms that edit a user's identity (profile and edit user). */
export const identityProperties = {
  id: idSchema,
  name: text(200),
  email: text(254),
  phone: { type: ['string', 'null'], maxLength: 40 },
} as const;

/** A user as the forms get it back (never the password hash). */
export const userSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'phone', 'type_account', 'company_id', 'status'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone: { type: ['string', 'null'] },
    type_account: { type: 'integer' },
    company_id: { type: ['integer', 'null'] },
    status: { type: 'boolean' },
  },
} as const;

/** A user as the forms get it back. */
export type User = FromSchema<typeof userSchema>;

/** The sectors of a user, `{id, sector_name}`. */
export const sectorRefsSchema = {
  type: 'array',
  items: { type: 'object', required: ['id', 'sector_name'], additionalProperties: false, properties: { id: { type: 'integer' }, sector_name: { type: 'string' } } },
} as const;

/** The positions of a user, `{id, position_name}`. */
export const positionRefsSchema = {
  type: 'array',
  items: { type: 'object', required: ['id', 'position_name'], additionalProperties: false, properties: { id: { type: 'integer' }, position_name: { type: 'string' } } },
} as const;

/** `GET /users/all` (administrators): every user. */
export const anyUserListSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'email', 'company_id', 'type_account', 'status'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      email: { type: 'string' },
      company_id: { type: ['integer', 'null'] },
      type_account: { type: 'integer' },
      status: { type: 'boolean' },
    },
  },
} as const;

/** A user as `GET /users/all` lists it. */
export type AnyUser = FromSchema<typeof anyUserListSchema>[number];

/** `GET /users/list/{companyId}`: a company's users, with sectors, positions and the evaluator/rated flags. */
export const listedUserSchema = {
  type: 'object',
  required: [...userSchema.required, 'user_id', 'company_name', 'sector', 'position', 'evaluator', 'rated'],
  additionalProperties: false,
  properties: {
    ...userSchema.properties,
    user_id: { type: 'integer' },
    company_name: { type: ['string', 'null'] },
    sector: sectorRefsSchema,
    position: positionRefsSchema,
    /** The product's flags: the text 'true' (present) or null (absent). */
    evaluator: { type: ['string', 'null'] },
    rated: { type: ['string', 'null'] },
  },
} as const;

/** A user as `GET /users/list/{companyId}` lists it. */
export type ListedUser = FromSchema<typeof listedUserSchema>;

export const listedUserListSchema = { type: 'array', items: listedUserSchema } as const;

/** `GET /users/verify/{id}/{email}`: id 0 for a new user. */
export const verifyEmailParamsSchema = {
  type: 'object',
  required: ['id', 'email'],
  properties: { id: { type: 'integer', minimum: 0, maximum: 2147483647 }, email: text(254) },
} as const;

export const emailExistsSchema = { type: 'object', required: ['exists'], additionalProperties: false, properties: { exists: { type: 'boolean' } } } as const;

/** Answer of the e-mail check. */
export type EmailExists = FromSchema<typeof emailExistsSchema>;

/** `POST /users`: the add-user form; emptiness and formats are checked in code, for the form's messages. */
export const userCreateSchema = {
  type: 'object',
  required: ['type_account'],
  additionalProperties: closed,
  properties: {
    name: text(200),
    email: text(254),
    phone: { type: ['string', 'null'], maxLength: 40 },
    company_id: nullableIdSchema,
    type_account: typeAccountSchema,
    sector_id: nullableIdSchema,
    position_id: nullableIdSchema,
    password: passwordField,
  },
} as const;

/** The add-user form as `POST /users` takes it. */
export type UserCreate = FromSchema<typeof userCreateSchema>;

/** `PATCH /users/update`: the edit-user form, or `{id, status}` alone to activate or deactivate. */
export const userUpdateSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: closed,
  properties: {
    ...identityProperties,
    status: { type: 'boolean' },
    type_account: typeAccountSchema,
    sector_ids: { type: 'array', maxItems: 100, items: idSchema },
    position_id: nullableIdSchema,
    password: passwordField,
  },
} as const;

/** The edit-user form as `PATCH /users/update` takes it. */
export type UserUpdate = FromSchema<typeof userUpdateSchema>;

/** Answer of a user save: the server's message and the saved user. */
export const userSavedSchema = {
  type: 'object',
  required: ['message', 'user'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, user: userSchema },
} as const;

export type UserSaved = FromSchema<typeof userSavedSchema>;

/**
 * Answer of a save that may change one's own password (edit user, profile): with a fresh `token` for
 * this session when it did (a new password ends every earlier session).
 */
export const userSavedWithTokenSchema = {
  ...userSavedSchema,
  properties: { ...userSavedSchema.properties, token: { type: 'string' } },
} as const;

export type UserSavedWithToken = FromSchema<typeof userSavedWithTokenSchema>;

/** `DELETE /relationusers/{userId}`. */
export const relationUserParamsSchema = { type: 'object', required: ['userId'], properties: { userId: idSchema } } as const;

/** `POST /relationusers`: relate a user to a sector and/or a position of its company. */
export const relationCreateSchema = {
  type: 'object',
  required: ['user_id'],
  additionalProperties: closed,
  properties: { user_id: idSchema, position_id: nullableIdSchema, sector_id: nullableIdSchema },
} as const;

export type RelationCreate = FromSchema<typeof relationCreateSchema>;

/** `POST /users/verifypassword`: one's own password, checked. */
export const verifyPasswordSchema = {
  type: 'object',
  required: ['password', 'email'],
  additionalProperties: closed,
  properties: { password: text(256), email: text(254) },
} as const;

export type VerifyPassword = FromSchema<typeof verifyPasswordSchema>;

export const passwordValidSchema = { type: 'object', required: ['valid'], additionalProperties: false, properties: { valid: { type: 'boolean' } } } as const;

export type PasswordValid = FromSchema<typeof passwordValidSchema>;

/** `PATCH /users/updateprofile`: one's own profile, and a new password when the three fields are filled. */
export const profileUpdateSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: closed,
  properties: {
    ...identityProperties,
    password: passwordField,
    new_password: passwordField,
    confirm_password: passwordField,
  },
} as const;

/** The profile form as `PATCH /users/updateprofile` takes it. */
export type ProfileUpdate = FromSchema<typeof profileUpdateSchema>;

/** `POST /users/different-companies/evaluation`: the participants of a new evaluation batch. */
export const participantsQuerySchema = {
  type: 'object',
  additionalProperties: closed,
  properties: {
    sector_ids: { type: 'array', maxItems: 1000, items: idSchema },
    course_ids: { type: 'array', maxItems: 1000, items: idSchema },
    company_ids: { type: 'array', maxItems: 1000, items: idSchema },
    allSectors: { type: 'boolean' },
    // Accepted for the web app's call; every type evaluates the same people.
    type_evaluation: { type: ['integer', 'null'], minimum: -1000, maximum: 1000 },
  },
} as const;

export type ParticipantsQuery = FromSchema<typeof participantsQuerySchema>;

/** A participant of a new batch: a member of a company or sector, or of a course (with its participation). */
export const batchParticipantSchema = {
  type: 'object',
  required: ['user_id', 'name', 'email', 'company_id', 'sector', 'position', 'usercourse_id', 'course_id'],
  additionalProperties: false,
  properties: {
    user_id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    company_id: { type: ['integer', 'null'] },
    sector: sectorRefsSchema,
    position: positionRefsSchema,
    usercourse_id: { type: ['integer', 'null'] },
    course_id: { type: ['integer', 'null'] },
  },
} as const;

export type BatchParticipant = FromSchema<typeof batchParticipantSchema>;

export const batchParticipantListSchema = { type: 'array', items: batchParticipantSchema } as const;
