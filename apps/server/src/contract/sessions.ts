/** Sign-in and sign-out (`POST`/`DELETE /api/sessions`): schemas and their types. */
import type { FromSchema } from 'json-schema-to-ts';
import { userSchema } from './users.ts';

/** `POST /sessions`: emptiness and the e-mail's format are checked in code, for the sign-in page's messages. */
export const signInSchema = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', maxLength: 256 } },
} as const;

export type SignIn = FromSchema<typeof signInSchema>;

/** The signed-in user as the sign-in answers it: the forms' user, the phone only where the account has one. */
export const sessionUserSchema = { ...userSchema, required: ['id', 'name', 'email', 'type_account', 'company_id', 'status'] } as const;

/** Answer of a sign-in: the token (12 h) and the user. */
export const sessionSchema = {
  type: 'object',
  required: ['token', 'user'],
  additionalProperties: false,
  properties: { token: { type: 'string' }, user: sessionUserSchema },
} as const;

export type Session = FromSchema<typeof sessionSchema>;

/** `DELETE /sessions` answers 204 with no body. */
export const noContentSchema = { type: 'null' } as const;
