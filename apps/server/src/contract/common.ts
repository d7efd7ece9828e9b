/**
 * The pieces of the wire contract every area shares. A contract file holds JSON Schemas (`as const`)
 * and the types derived from them (`FromSchema`): the routes validate with the schemas and are typed
 * from them through the type provider, the OpenAPI document is built from them, and the web client
 * imports the types (type-only). Nothing here runs server code.
 */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FromSchema } from 'json-schema-to-ts';

/**
 * The type provider of the routes (`server.withTypeProvider<ContractProvider>()`): requests and answers
 * typed from their schemas; where the wire carries text a handler may also give a file's bytes (binary)
 * or a Date (date-time), which the serializer writes as text.
 */
export type ContractProvider = JsonSchemaToTsProvider<{
  SerializerSchemaOptions: {
    deserialize: [{ pattern: { type: 'string'; format: 'binary' }; output: Buffer | string }, { pattern: { type: 'string'; format: 'date-time' }; output: Date | string }];
  };
}>;

/** Body of every 4xx/5xx answer: the Portuguese message, and every message when there are several. */
export const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'string' } },
  },
  required: ['message'],
  additionalProperties: false,
} as const;

/** The body of an error answer. */
export type ErrorBody = FromSchema<typeof errorSchema>;

/** Response schemas of the given error statuses. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<Status, typeof errorSchema>;
}

/** A database integer id (PostgreSQL `integer`): larger values would fail in SQL, so they fail here. */
export const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** A company in a path (`/sectors/list/{companyId}`, `/users/list/{companyId}`, the spreadsheets...). */
export const companyParamsSchema = { type: 'object', required: ['companyId'], properties: { companyId: idSchema } } as const;

/** The same id, or null. */
export const nullableIdSchema = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;

/** Refuses a body field the schema does not name (with `false`, Fastify's Ajv would silently drop it). */
export const closed = { not: {} } as const;

/** A text of at most `maxLength` characters. */
export const text = <Max extends number>(maxLength: Max) => ({ type: 'string', maxLength }) as const;

/** A bearer token is required. */
export const bearer = [{ bearerAuth: [] }];

/** An answer that only carries the server's Portuguese message. */
export const messageSchema = {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: { message: { type: 'string' } },
} as const;

/** An answer with only a message ('Empresa salva com sucesso.'). */
export type MessageBody = FromSchema<typeof messageSchema>;

/** A list of `{id, name}` (people, evaluated persons). */
export const idNameListSchema = {
  type: 'array',
  items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
} as const;

/** One `{id, name}`. */
export type IdName = FromSchema<typeof idNameListSchema>[number];

/** An evaluation type in a body: a number or a numeric text ("-1", "7"); the route turns it with `evaluationTypeOf`. */
export const evaluationTypeSchema = { anyOf: [{ type: 'integer', minimum: -1000, maximum: 1000 }, { type: 'string', maxLength: 6 }] } as const;

/** What a risk route declares (issue 27): its summary, params and success answer, with the bearer and the error answers. */
export const riskRouteSchema = <Params, Answer>(summary: string, params: Params, answer: Answer) => ({
  tags: ['risk'],
  summary,
  security: bearer,
  params,
  response: { 200: answer, ...errorResponses(400, 401, 403, 404) },
});
