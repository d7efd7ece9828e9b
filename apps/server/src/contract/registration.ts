/**
 * The public registration of a company's people: the staff call that hands out the link
 * (`POST /users/data/link/{companyId}`), the page's data (`GET /users/data/{companyId or transaction}`)
 * and its save (`PATCH /users/data`). Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema, nullableIdSchema, text } from './common.ts';

/** Most rows of each list one save takes. */
export const MAX_ROWS = 5000;

/** `POST /users/data/link/{companyId}`. */
export const linkParamsSchema = { type: 'object', additionalProperties: false, required: ['companyId'], properties: { companyId: idSchema } } as const;

/** `renew=true` makes another link and revokes the earlier ones. */
export const linkQuerySchema = { type: 'object', additionalProperties: false, properties: { renew: { type: 'boolean' } } } as const;

export const registrationLinkSchema = {
  type: 'object',
  required: ['transaction', 'expires_at'],
  additionalProperties: false,
  properties: { transaction: { type: 'string' }, expires_at: { type: 'string' } },
} as const;

/** The token of a company's public registration page and when it stops working. */
export type RegistrationLink = FromSchema<typeof registrationLinkSchema>;

/** A company id (staff, signed in) or a link's token (public). */
export const registrationKeyParamsSchema = { type: 'object', additionalProperties: false, required: ['key'], properties: { key: text(100) } } as const;

/** The page's data: through the public link the e-mails come masked and the phones null. */
export const registrationDataSchema = {
  type: 'object',
  required: ['company', 'sectors', 'positions', 'workers'],
  additionalProperties: false,
  properties: {
    company: { type: 'object', required: ['commercial_name'], additionalProperties: false, properties: { commercial_name: { type: 'string' } } },
    sectors: {
      type: 'array',
      items: { type: 'object', required: ['id', 'sector_name'], additionalProperties: false, properties: { id: { type: 'integer' }, sector_name: { type: 'string' } } },
    },
    positions: {
      type: 'array',
      items: { type: 'object', required: ['id', 'position_name'], additionalProperties: false, properties: { id: { type: 'integer' }, position_name: { type: 'string' } } },
    },
    workers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'email', 'phone', 'sector', 'position'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          email: { type: 'string' },
          phone: { type: ['string', 'null'] },
          sector: { type: ['string', 'null'] },
          position: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

/** What `GET /users/data/{key}` answers. */
export type RegistrationData = FromSchema<typeof registrationDataSchema>;

/**
 * `PATCH /users/data`: with `transaction` (public link) or `company_id` (staff). Only rows flagged
 * `new: true` are written; the others are read-only and ignored. Unknown fields are refused.
 */
export const registrationSaveSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    transaction: text(100),
    company_id: idSchema,
    company: { type: 'object', additionalProperties: false, properties: { commercial_name: text(1000) } },
    sectors: {
      type: 'array',
      maxItems: MAX_ROWS,
      items: { type: 'object', additionalProperties: false, required: ['sector_name'], properties: { id: nullableIdSchema, sector_name: text(1000), new: { type: 'boolean' } } },
    },
    positions: {
      type: 'array',
      maxItems: MAX_ROWS,
      items: { type: 'object', additionalProperties: false, required: ['position_name'], properties: { id: nullableIdSchema, position_name: text(1000), new: { type: 'boolean' } } },
    },
    users: {
      type: 'array',
      maxItems: MAX_ROWS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'email', 'phone'],
        properties: {
          id: nullableIdSchema,
          name: text(1000),
          email: text(1000),
          phone: text(100),
          sector: { type: ['string', 'null'], maxLength: 1000 },
          position: { type: ['string', 'null'], maxLength: 1000 },
          new: { type: 'boolean' },
        },
      },
    },
  },
} as const;

/** The body of `PATCH /users/data`. */
export type RegistrationSave = FromSchema<typeof registrationSaveSchema>;

export const registrationSavedSchema = {
  type: 'object',
  required: ['message', 'created'],
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    created: {
      type: 'object',
      required: ['sectors', 'positions', 'users'],
      additionalProperties: false,
      properties: { sectors: { type: 'integer' }, positions: { type: 'integer' }, users: { type: 'integer' } },
    },
  },
} as const;

/** Answer of a registration save: what was created, counted. */
export type RegistrationSaved = FromSchema<typeof registrationSavedSchema>;
