/** JSON Schemas shared by the routes. */

/** Body of every 4xx/5xx answer: the Portuguese message, and every message when there are several. */
export const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'string' } },
  },
  required: ['message'],
} as const;

/** Response schemas of the given error statuses. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema]));
}

/** A database integer id (PostgreSQL `integer`): larger values would fail in SQL, so they fail here. */
export const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** The same id, or null. */
export const nullableIdSchema = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;

/** A bearer token is required. */
export const bearer = [{ bearerAuth: [] }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (evaluation ids); anything else cannot exist and is answered 404. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A list of `{id, name}` (people, evaluated persons). */
export const idNameListSchema = {
  type: 'array',
  items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
} as const;

/** An evaluation type in a body: a number or a numeric text ("-1", "7"); the route turns it with `evaluationTypeOf`. */
export const evaluationTypeSchema = { anyOf: [{ type: 'integer', minimum: -1000, maximum: 1000 }, { type: 'string', maxLength: 6 }] } as const;

/**
 * The evaluation type a request names: a number or a numeric text, else NaN. The schema's anyOf lets
 * through values no branch coerced (["x"] stays an array), which are no type.
 */
export function evaluationTypeOf(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  const text = typeof raw === 'string' ? raw.trim() : '';
  return /^-?\d{1,4}$/.test(text) ? Number(text) : NaN;
}
