/** Sign-in and sign-out (`POST`/`DELETE /api/sessions`): schemas and their types. */
import type { FromSchema } from 'json-schema-to-ts';

/** `POST /sessions`: emptiness and the e-mail's format are checked in code, for the sign-in page's messages. */
export const signInSchema = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', maxLength: 256 } },
} as const;

export type SignIn = FromSchema<typeof signInSchema>;

/** The signed-in user as the sign-in answers it. */
export const sessionUserSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'type_account', 'company_id', 'status'],
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
