import type { FastifyRequest, RouteOptions } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';

/*
 * Text and numbers are checked at the edge, for every route and before any handler (the generated
 * hostile requests of `npm run hostile` found both reaching SQL, stopped only by the database):
 * - every string of the path, the query string and the body (keys included), at any depth, is
 *   well-formed text without a NUL character: PostgreSQL stores neither U+0000 nor half of a surrogate
 *   pair, so such text is a 400 naming the field, whatever the route does with it;
 * - every other number of the path or query string is plain decimal text ("-1", "0", "42"; not
 *   "Infinity", "1e309", "0x10"), as ids are below.
 *
 * Ids are checked at the edge, before the schema's type coercion can loosen them (`true` → 1,
 * "0x10" → 16, ["3"] → 3, "Infinity"): every place a route's schema holds a database id (`idSchema`
 * or `nullableIdSchema` of `schemas/common.ts`, recognised by their shape) must hold, in the path or
 * the query string, the plain decimal text of a positive integer, and in the body a JSON integer
 * (or null where the id may be null). Anything else is a 400 naming the field, before any handler. A
 * single value where the schema holds a list of ids ("user_ids": "Infinity", which the coercion would
 * make a list of one) is checked as that one item.
 *
 * And after the schema's validation, no number of the path, query string or body is infinite: Ajv's
 * coercion reads the text "Infinity", "-Infinity" or "1e309" of a number place as a number and then
 * skips its bounds (`minimum`, `maximum` are checked only on finite numbers), so such text passed every
 * schema and reached SQL (the view's round, `"version": "Infinity"`).
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
    // One value for the list: the coercion would make it a list of one, unchecked.
    else if (root !== null && root !== undefined && typeof root !== 'object') yield* valuesAt(root, rest, at);
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

/** U+0000, or half of a surrogate pair (text PostgreSQL cannot store). */
// eslint-disable-next-line no-control-regex
const NOT_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored: well-formed UTF-16 (no lone surrogate) without U+0000. */
function storableText(value: string): boolean {
  return !NOT_STORABLE.test(value);
}

function refuseText(path: Path): never {
  const detail = path.length === 0 ? messages.api.bodyInvalid : format(messages.api.textInvalid, { field: path.join('.') });
  throw new HttpError(400, format(messages.api.invalidRequest, { detail }));
}

/** Refuses the first string (value or key) of `root` that cannot be stored; iterative, so any depth is fine. */
function checkText(root: unknown, prefix: Path): void {
  const stack: [unknown, Path][] = [[root, prefix]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!storableText(value)) refuseText(path);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push([value[index], [...path, index]]);
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (!storableText(key)) refuseText(path);
      for (let index = entries.length - 1; index >= 0; index -= 1) stack.push([entries[index]![1], [...path, entries[index]![0]]]);
    }
  }
}

/** The path or query parameters a schema declares as (non-id) numbers: integers, or numbers with decimals. */
function numberParams(schema: unknown): Map<string, 'integer' | 'number'> {
  const found = new Map<string, 'integer' | 'number'>();
  const properties = (schema as Schema | undefined)?.properties;
  if (!properties || typeof properties !== 'object') return found;
  for (const [name, property] of Object.entries(properties as Record<string, Schema>)) {
    const item = property.type === 'array' && property.items && typeof property.items === 'object' ? (property.items as Schema) : property;
    const types = Array.isArray(item.type) ? item.type : [item.type];
    if (types.includes('integer')) found.set(name, 'integer');
    else if (types.includes('number')) found.set(name, 'number');
  }
  return found;
}

const DECIMAL: Record<'integer' | 'number', RegExp> = { integer: /^-?[0-9]{1,10}$/, number: /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/ };

/** Refuses a number parameter of the path or query string that is not plain decimal text. */
function checkNumbers(part: unknown, numbers: Map<string, 'integer' | 'number'>): void {
  if (numbers.size === 0 || !part || typeof part !== 'object') return;
  for (const [name, kind] of numbers) {
    if (!Object.hasOwn(part, name)) continue;
    const raw = (part as Record<string, unknown>)[name];
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value !== 'string' || !DECIMAL[kind].test(value)) refuse([name]);
    }
  }
}

/** Refuses the first infinite number of a validated part (iterative, so any depth is fine). */
function checkFinite(root: unknown, prefix: Path): void {
  const stack: [unknown, Path][] = [[root, prefix]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) {
        if (path.length === 0) throw new HttpError(400, format(messages.api.invalidRequest, { detail: messages.api.bodyInvalid }));
        refuse(path);
      }
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push([value[index], [...path, index]]);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) stack.push([entries[index]![1], [...path, entries[index]![0]]]);
    }
  }
}

/**
 * The `onRoute` hook: every route checks the ids its schemas hold, then the other numbers of its path
 * and query string, then every string, in `preValidation` (before the schema's coercion and any handler);
 * a route with a schema then checks, first in `preHandler`, that the validation left no infinite number.
 */
export function strictIds(route: RouteOptions): void {
  const schema = route.schema as { params?: unknown; querystring?: unknown; query?: unknown; body?: unknown } | undefined;
  const params = idPlaces(schema?.params);
  const query = idPlaces(schema?.querystring ?? schema?.query);
  const body = idPlaces(schema?.body);
  const paramNumbers = numberParams(schema?.params);
  const queryNumbers = numberParams(schema?.querystring ?? schema?.query);
  const check = async (request: FastifyRequest) => {
    for (const [part, places] of [
      [request.params, params],
      [request.query, query],
    ] as const) {
      for (const place of places) for (const [path, value] of valuesAt(part, place.path)) if (!textId(value)) refuse(path);
    }
    for (const place of body) for (const [path, value] of valuesAt(request.body, place.path)) if (!bodyId(value, place.nullable)) refuse(path);
    checkNumbers(request.params, paramNumbers);
    checkNumbers(request.query, queryNumbers);
    checkText(request.params, []);
    checkText(request.query, []);
    if (request.body !== undefined && !Buffer.isBuffer(request.body)) checkText(request.body, []);
  };
  const existing = route.preValidation;
  route.preValidation = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  if (!schema?.params && !schema?.querystring && !schema?.query && !schema?.body) return;
  // After the validation (and its coercion), first of the route's own handlers (before signing in).
  const finite = async (request: FastifyRequest) => {
    checkFinite(request.params, []);
    checkFinite(request.query, []);
    if (request.body !== undefined && !Buffer.isBuffer(request.body)) checkFinite(request.body, []);
  };
  const handlers = route.preHandler;
  route.preHandler = handlers ? [finite, ...(Array.isArray(handlers) ? handlers : [handlers])] : [finite];
}
