import type { FastifyRequest, RouteOptions } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';

/*
 * Ids are checked at the edge, before the schema's type coercion can loosen them (`true` → 1,
 * "0x10" → 16, ["3"] → 3, "Infinity"): every place a route's schema holds a database id (`idSchema`
 * or `nullableIdSchema` of `schemas/common.ts`, recognised by their shape) must hold, in the path or
 * the query string, the plain decimal text of a positive integer, and in the body a JSON integer
 * (or null where the id may be null). Anything else is a 400 naming the field, before any handler.
 */

const MAX_ID = 2147483647;
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

type Path = (string | number)[];
interface IdPlace {
  /** Property names from the part's root; `*` every item of an array. */
  path: (string | '*')[];
  nullable: boolean;
}

type Schema = Record<string, unknown>;

function idKind(schema: Schema): 'id' | 'nullable' | null {
  if (schema.minimum !== 1 || schema.maximum !== MAX_ID) return null;
  if (schema.type === 'integer') return 'id';
  const type = schema.type;
  if (Array.isArray(type) && type.length === 2 && type.includes('integer') && type.includes('null')) return 'nullable';
  return null;
}

/** Where a schema holds ids (its properties, array items and allOf branches, recursively). */
function idPlaces(schema: unknown, prefix: IdPlace['path'] = [], out: IdPlace[] = []): IdPlace[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return out;
  const node = schema as Schema;
  const kind = idKind(node);
  if (kind) {
    out.push({ path: prefix, nullable: kind === 'nullable' });
    return out;
  }
  if (node.properties && typeof node.properties === 'object') {
    for (const [name, property] of Object.entries(node.properties as Schema)) idPlaces(property, [...prefix, name], out);
  }
  if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) idPlaces(node.items, [...prefix, '*'], out);
  if (Array.isArray(node.allOf)) for (const branch of node.allOf) idPlaces(branch, prefix, out);
  return out;
}

/** Every value at `place` in `root`, with its concrete path; absent values are not visited. */
function* valuesAt(root: unknown, place: IdPlace['path'], at: Path = []): Generator<[Path, unknown]> {
  if (place.length === 0) {
    yield [at, root];
    return;
  }
  const [head, ...rest] = place;
  if (head === '*') {
    if (Array.isArray(root)) for (const [index, item] of root.entries()) yield* valuesAt(item, rest, [...at, index]);
    return;
  }
  if (root && typeof root === 'object' && !Array.isArray(root) && Object.hasOwn(root, head!)) {
    yield* valuesAt((root as Record<string, unknown>)[head!], rest, [...at, head!]);
  }
}

function refuse(path: Path): never {
  throw new HttpError(400, format(messages.api.invalidRequest, { detail: format(messages.api.fieldInvalid, { field: path.join('.') }) }));
}

function textId(value: unknown): boolean {
  return typeof value === 'string' && ID_TEXT.test(value) && Number(value) <= MAX_ID;
}

function bodyId(value: unknown, nullable: boolean): boolean {
  return (nullable && value === null) || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID);
}

/** The `onRoute` hook: routes whose schemas hold ids check them first, in `preValidation`. */
export function strictIds(route: RouteOptions): void {
  const schema = route.schema as { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
  if (!schema) return;
  const params = idPlaces(schema.params);
  const query = idPlaces(schema.querystring);
  const body = idPlaces(schema.body);
  if (params.length + query.length + body.length === 0) return;
  const check = async (request: FastifyRequest) => {
    for (const [part, places] of [
      [request.params, params],
      [request.query, query],
    ] as const) {
      for (const place of places) for (const [path, value] of valuesAt(part, place.path)) if (!textId(value)) refuse(path);
    }
    for (const place of body) for (const [path, value] of valuesAt(request.body, place.path)) if (!bodyId(value, place.nullable)) refuse(path);
  };
  const existing = route.preValidation;
  route.preValidation = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
}
