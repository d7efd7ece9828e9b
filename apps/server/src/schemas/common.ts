/** Helpers shared by the routes (their schemas are in `contract/`). */

// The shared schemas live in the contract (`contract/common.ts`); re-exported for the modules not yet moved there.
export { bearer, errorResponses, errorSchema, evaluationTypeSchema, idNameListSchema, idSchema, nullableIdSchema } from '../contract/common.ts';

// Whether a text is a UUID (evaluation ids): anything else cannot exist and is answered 404.
export { isUuid } from '../../../../engine/rules/uuid.ts';

/**
 * The evaluation type a request names: a number or a numeric text, else NaN. The schema's anyOf lets
 * through values no branch coerced (["x"] stays an array), which are no type.
 */
export function evaluationTypeOf(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  const text = typeof raw === 'string' ? raw.trim() : '';
  return /^-?\d{1,4}$/.test(text) ? Number(text) : NaN;
}
