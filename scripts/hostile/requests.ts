/**
 * `npm run hostile -- --only=requests`: generated hostile requests over every route of the OpenAPI
 * document the server serves (`/docs/json`) and every role, and the two-company matrix.
 *
 * Roles: anonymous; a respondent (no token, the public routes with a valid evaluation link of company
 * A); company user A (type 2, the demo seed's company); company user B (type 2, a company made here
 * through the API, every name and e-mail of it carrying a marker unique to the run); staff (type 1).
 * For each route and role, `--per-route` requests, each breaking one thing of an otherwise valid request
 * of that role: a path parameter (bad URL encodings, over-long, "Infinity", NUL, negative, 0, 1e309,
 * "0x10", SQL text, the other company's real ids, random UUIDs…), the query string, or the body (wrong
 * types, missing and unknown fields, NUL bytes and lone surrogates in every string field, 1 MB strings,
 * deep nesting, `__proto__`/`constructor` keys, arrays for objects, formula prefixes ASCII and
 * full-width, script tags, malformed JSON, the other company's ids in every id field).
 *
 * The matrix: company user A calls every route that takes an id with company B's ids (all at once, and
 * each id field alone beside A's own), and must get 403/404 with nothing of B in the answer; after each
 * such write, company B's listings (read as staff) must be unchanged.
 *
 * Failures: any 5xx; an error answer that is not JSON `{message}` in Portuguese (English framework text,
 * a stack, the path's hostile text repeated); any answer to an anonymous, respondent or company-A
 * request holding one of B's markers; B's listings changed by the matrix or by the requests of those
 * roles; a matrix call answered otherwise than 403/404 (or the documented 400 of ids that do not match
 * each other, or a 2xx of a documented id list that leaves B's ids out); anything the server's log shows
 * stopped only by the database ('database rejected client data') or unhandled, named with the request
 * as sent (told by the client address it named: method, path and body) and the logged error (a failed
 * query's params and the database's own words).
 *
 * B's evaluation ids are never sent to the public routes: a link's id is its respondent's credential.
 * Every request names its own client address (`X-Forwarded-For`, the server trusting one hop), so the
 * per-address rate limits let it reach its handler.
 *
 * Options: `--seed=N` (default 23: the same requests every run), `--per-route=N` (default 24),
 * `--concurrency=N` (requests in flight, default 4), `--postgres` (a scratch PostgreSQL database
 * instead of PGlite).
 */
import { seededRandom } from '../lib/random.ts';
import { percentile } from '../lib/stats.ts';
import type { HostileOptions, HostilePart, HostileReport } from './report.ts';
import { api, signIn, setUpWorld, startTarget, type Answer, type CompanyIds, type RawRequest, type Target, type World } from './target.ts';
import { credentials } from '../lib/appServer.ts';

/** The seeded generator of the run: the same seed gives the same requests. */

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A seeded UUID (version 4 layout). */
function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------------------------------
// The OpenAPI document

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  nullable?: boolean;
  pattern?: string;
}
interface Parameter {
  in: string;
  name: string;
  schema?: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
}

/** One route of the document. */
export interface Route {
  method: string;
  /** The OpenAPI path, `/api/users/list/{companyId}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: Schema;
  /** A multipart upload (the spreadsheet import): its body is sent as the wrong content type. */
  multipart: boolean;
  /** Signed-in (the document names a security scheme). */
  secured: boolean;
}

export function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: content['application/json']?.schema,
        multipart: Object.keys(content).some((type) => type.startsWith('multipart/')),
        secured: (operation.security ?? []).length > 0,
      });
    }
  }
  // Signing out ends the role's sessions: last, so the role's other requests keep their token.
  return routes.sort((a, b) => Number(a.path === '/api/sessions' && a.method === 'DELETE') - Number(b.path === '/api/sessions' && b.method === 'DELETE'));
}

// ---------------------------------------------------------------------------------------------------
// Valid requests of a role

export type Role = 'anonymous' | 'respondent' | 'companyA' | 'companyB' | 'staff';
const ROLES: Role[] = ['anonymous', 'respondent', 'companyA', 'companyB', 'staff'];
const ROLE_LABELS: Record<Role, string> = {
  anonymous: 'anônimo',
  respondent: 'respondente (link válido)',
  companyA: 'usuário da empresa A',
  companyB: 'usuário da empresa B',
  staff: 'equipe',
};

/** Who sends: a token or none, its own ids, and the other company's (the hostile ids). */
export interface Actor {
  role: Role;
  token: string | null;
  own: CompanyIds;
  foreign: CompanyIds;
  /** The respondent's evaluation (the link's id) for the public routes. */
  linkId: string;
}

type IdKind = 'company' | 'person' | 'account' | 'sector' | 'position' | 'course' | 'usercourse' | 'cycle' | 'evaluation' | 'number';

/** What an id named so holds (the routes' naming is consistent enough to tell). */
function idKind(name: string, path: string): IdKind {
  const key = name.toLowerCase();
  if (key.startsWith('type') || key.endsWith('_type') || key === 'version' || key === 'validate') return 'number';
  if (key.includes('company')) return 'company';
  if (key.includes('sector')) return 'sector';
  if (key.includes('position')) return 'position';
  if (key === 'usercourse_id' || (key === 'id' && path.startsWith('/api/usercourses'))) return 'usercourse';
  // (A round's id is not a person's: with the demo's 20 rounds, company B's people ids were company A's rounds.)
  if (key.includes('cycle') || (key === 'id' && path.startsWith('/api/cycles'))) return 'cycle';
  if (key.includes('course')) return 'course';
  if (key.includes('evaluation') || key === 'alignment_id' || (key === 'id' && /\/(evaluation|tableresponse\/report)\//.test(path))) return 'evaluation';
  if (/^(user_?id|rated|ratedid|rated_id|evaluated|evaluatoruserid|evaluator_user_id|person_id|id)$/.test(key)) return 'person';
  return 'number';
}

function idOf(kind: IdKind, ids: CompanyIds, index = 0): number | string {
  const lists: Record<IdKind, (number | string)[]> = {
    company: [ids.companyId],
    person: ids.people,
    account: [ids.userId],
    sector: ids.sectors,
    position: ids.positions,
    course: ids.courses,
    usercourse: ids.usercourses,
    cycle: ids.cycles,
    evaluation: ids.evaluations,
    number: [1],
  };
  const list = lists[kind];
  return list[index % Math.max(list.length, 1)] ?? 1;
}

const isIdSchema = (schema: Schema | undefined) => {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') && schema.minimum === 1 && (schema.maximum ?? 0) >= 2147483647;
};

/** A valid-looking value for a schema, its ids taken from `ids`; `all` fills optional properties too. */
export function sample(schema: Schema | undefined, name: string, path: string, ids: CompanyIds, all: boolean): unknown {
  if (!schema) return 'x';
  if (isIdSchema(schema)) return idOf(idKind(name, path), ids);
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (alternative) return sample({ ...alternative, properties: { ...alternative.properties, ...schema.properties } }, name, path, ids, all);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const jsonType = types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : 'null');
  switch (jsonType) {
    case 'object': {
      const keys = all ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
      return Object.fromEntries(keys.map((key) => [key, sample(schema.properties?.[key], key, path, ids, all)]));
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items, name, path, ids, all));
    case 'integer':
    case 'number':
      if (idKind(name, path) !== 'number') return idOf(idKind(name, path), ids);
      if (/type_evaluation|evaluation_type/.test(name)) return 13;
      if (name === 'validate') return 30;
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      if (schema.pattern?.includes('[0-9a-fA-F]{8}')) return idOf('evaluation', ids);
      if (/email/i.test(name)) return 'ninguem@exemplo.test';
      if (/phone/i.test(name)) return '(11) 98765-4321';
      if (/cnpj/i.test(name)) return '11222333000181';
      if (/password/i.test(name)) return 'Senha-forte-2026!';
      if (/type_evaluation|evaluation_type/.test(name)) return '13';
      if (/(^|_)(from|to|date)$/.test(name)) return '2026-01-01';
      return 'texto';
  }
}

/** The path parameters of a valid request of the actor. */
export function validParams(route: Route, actor: Actor): Record<string, string> {
  const params: Record<string, string> = {};
  for (const parameter of route.pathParams) {
    const kind = idKind(parameter.name, route.path);
    if (!route.secured && kind === 'evaluation') params[parameter.name] = actor.linkId;
    else if (route.path.startsWith('/api/dashboards/') && parameter.name === 'id') params[parameter.name] = '13';
    else if (parameter.name === 'filter') params[parameter.name] = 'sector';
    else if (parameter.name === 'type' && parameter.schema?.type === 'string') params[parameter.name] = 'pdf';
    else if (parameter.name === 'email') params[parameter.name] = 'ninguem%40exemplo.test';
    else if (parameter.schema?.type === 'string') params[parameter.name] = kind === 'evaluation' ? String(idOf(kind, actor.own)) : '00000000-0000-4000-8000-000000000001';
    else params[parameter.name] = String(sample(parameter.schema, parameter.name, route.path, actor.own, false));
  }
  return params;
}

export const fill = (path: string, params: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');

// ---------------------------------------------------------------------------------------------------
// Hostile values

const FORMULAS = ['=1+1', '＝1+1', '+1', '＋1', '-2+3', '－2+3', '@SUM(A1)', '＠SUM(A1)', '=HYPERLINK("http://x.test","clique")', '\t=1+1', '=cmd|\' /C calc\'!A0'];
const SCRIPTS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '</textarea><svg onload=alert(1)>'];
const SQL = ["' OR '1'='1", "1; DROP TABLE users; --", "x' UNION SELECT password_hash FROM users --", "\\'; SELECT pg_sleep(5); --"];

/** Path parameter texts, as they go in the URL (already encoded, or deliberately not). */
function hostileParam(random: Random, actor: Actor, kind: IdKind, secured: boolean): string {
  const choices: (() => string)[] = [
    () => pick(random, ['%zz', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF%FE']),
    () => 'x'.repeat(pick(random, [101, 1000, 5000])),
    () => pick(random, ['Infinity', '-Infinity', 'NaN', '1e309', '-1e309', '1e3']),
    () => pick(random, ['%00', '1%00', '%001', 'a%00b']),
    () => pick(random, ['-1', '0', '-0', '2147483648', '99999999999999999999', '1.5', '+1', '%201', '1%20', '%EF%BC%91']),
    () => pick(random, ['0x10', '0b1', '0o7', '1_0', 'true', 'null', '[]', '%5B%223%22%5D', '__proto__', 'constructor']),
    () => encodeURIComponent(pick(random, SQL)),
    () => encodeURIComponent(pick(random, SCRIPTS)),
    () => pick(random, ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', '..', '.%2F']),
    // The other company's real ids; not its evaluation ids on the public routes, where a link's id is
    // the respondent's credential (whoever holds B's link is B's respondent).
    () =>
      !secured && kind === 'evaluation'
        ? seededUuid(random)
        : String(idOf(kind === 'number' ? pick(random, ['company', 'person', 'sector'] as const) : kind, actor.foreign, Math.floor(random() * 4))),
    () => seededUuid(random),
    () => encodeURIComponent(pick(random, FORMULAS)),
  ];
  return pick(random, choices)();
}

/** A string a hostile body puts in a text field. */
function hostileText(random: Random, mode: 'nul' | 'surrogate' | 'formula' | 'script' | 'sql' | 'huge' | 'long'): string {
  switch (mode) {
    case 'nul':
      return pick(random, ['a\u0000b', '\u0000', 'Nome\u0000; DROP', `ninguem\u0000@exemplo.test`]);
    case 'surrogate':
      return pick(random, ['\ud800', 'a\udc00b', 'fim\ud83d', '\ude00início']);
    case 'formula':
      return pick(random, FORMULAS);
    case 'script':
      return pick(random, SCRIPTS);
    case 'sql':
      return pick(random, SQL);
    case 'huge':
      return 'x'.repeat(1024 * 1024);
    case 'long':
      // 400 KB of two-byte characters (under the 1 MB body limit, with the rest of the body).
      return 'ç'.repeat(200_000);
  }
}

const WRONG_TYPES: unknown[] = [null, true, false, -1, 0, 1.5, 1e308, -2147483649, '', ' ', '1', 'Infinity', [], [1], ['3'], {}, { $gt: '' }];

/** Every string place of a value (path from the root), for the modes that put text in every string field. */
function stringPlaces(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'string') out.push(at);
  else if (Array.isArray(value)) value.forEach((item, index) => stringPlaces(item, [...at, index], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) stringPlaces(item, [...at, key], out);
  return out;
}
function leafPlaces(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(value)) value.forEach((item, index) => leafPlaces(item, [...at, index], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) leafPlaces(item, [...at, key], out);
  if (at.length > 0) out.push(at);
  return out;
}
function setAt(root: unknown, place: (string | number)[], value: unknown): unknown {
  if (place.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of place.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[place.at(-1)!] = value;
  return copy;
}
function deleteAt(root: unknown, place: (string | number)[]): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of place.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  if (Array.isArray(node)) node.splice(Number(place.at(-1)), 1);
  else delete node[place.at(-1)!];
  return copy;
}
/** Every place holding an id of the schema (for the other company's ids). */
function idPlaces(schema: Schema | undefined, value: unknown, path: string, at: (string | number)[] = [], out: [(string | number)[], IdKind][] = []): [(string | number)[], IdKind][] {
  if (!schema || value === undefined) return out;
  if (isIdSchema(schema)) {
    out.push([at, idKind(String(at.filter((key) => typeof key === 'string').at(-1) ?? 'id'), path)]);
    return out;
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, index) => idPlaces(schema.items, item, path, [...at, index], out));
  else if (value && typeof value === 'object' && schema.properties) {
    for (const [key, item] of Object.entries(value)) idPlaces(schema.properties[key], item, path, [...at, key], out);
  }
  return out;
}

/** A deeply nested value: arrays or objects `depth` levels down. */
function deep(depth: number, objects: boolean): string {
  return objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

/** One hostile request, and the text it carries that an error answer must not echo. */
interface Hostile {
  request: RawRequest;
  /** What was broken, for the failure lines: 'path', 'query', 'body:nul'… */
  kind: string;
  /** Hostile text of the path an error message must not repeat. */
  echo: string[];
}

type BodyMode = 'wrong-type' | 'missing' | 'extra' | 'nul' | 'surrogate' | 'huge' | 'long' | 'deep' | 'proto' | 'array' | 'formula' | 'script' | 'sql' | 'raw' | 'foreign';
const BODY_MODES: BodyMode[] = ['wrong-type', 'missing', 'extra', 'nul', 'surrogate', 'huge', 'long', 'deep', 'proto', 'array', 'formula', 'script', 'sql', 'raw', 'foreign'];

function hostileRequest(route: Route, actor: Actor, random: Random): Hostile {
  const params = validParams(route, actor);
  const headers: Record<string, string> = actor.token ? { authorization: `Bearer ${actor.token}` } : {};
  const validBody = route.body ? sample(route.body, 'body', route.path, actor.own, random() < 0.5) : undefined;
  const targets = [...(route.pathParams.length > 0 ? ['path', 'path'] : []), 'query', ...(route.body || route.multipart ? ['body', 'body', 'body', 'body'] : [])];
  const target = pick(random, targets);
  let path = fill(route.path, params);
  let body: string | undefined = validBody === undefined ? undefined : JSON.stringify(validBody);
  const echo: string[] = [];
  let kind = target;

  if (target === 'path') {
    const parameter = pick(random, route.pathParams);
    const value = hostileParam(random, actor, idKind(parameter.name, route.path), route.secured);
    path = fill(route.path, { ...params, [parameter.name]: value });
    echo.push(value, safeDecode(value));
  } else if (target === 'query') {
    const names = [...route.queryParams.map((parameter) => parameter.name), '__proto__[admin]', 'constructor[prototype][admin]', 'company_id', 'limit', '%zz'];
    const name = pick(random, names);
    const value = pick(random, [hostileParam(random, actor, idKind(name, route.path), route.secured), encodeURIComponent(pick(random, WRONG_TYPES.map(String)))]);
    const repeat = random() < 0.2 ? `&${name}=${value}` : '';
    path = `${path}?${name}=${value}${repeat}`;
  } else if (route.multipart) {
    kind = 'body:multipart';
    // The upload sent as JSON, as text, or as a truncated multipart body.
    const choice = pick(random, ['json', 'text', 'multipart'] as const);
    if (choice === 'multipart') {
      headers['content-type'] = 'multipart/form-data; boundary=xyz';
      body = `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.xlsx"\r\n\r\nPK\u0003\u0004`;
    } else {
      headers['content-type'] = choice === 'json' ? 'application/json' : 'text/plain';
      body = choice === 'json' ? '{"file":"x"}' : 'x';
    }
  } else {
    const mode = pick(random, BODY_MODES);
    kind = `body:${mode}`;
    const base = sample(route.body, 'body', route.path, actor.own, true);
    let value: unknown = base;
    switch (mode) {
      case 'wrong-type': {
        const places = leafPlaces(base);
        value = places.length === 0 ? pick(random, WRONG_TYPES) : setAt(base, pick(random, places), pick(random, WRONG_TYPES));
        break;
      }
      case 'missing': {
        const places = leafPlaces(validBody);
        value = places.length === 0 ? {} : deleteAt(validBody, pick(random, places));
        break;
      }
      case 'extra':
        value = base && typeof base === 'object' && !Array.isArray(base) ? { ...base, campo_desconhecido: pick(random, WRONG_TYPES), role: 1, type_account: 1 } : base;
        break;
      case 'nul':
      case 'surrogate':
      case 'formula':
      case 'script':
      case 'sql': {
        const places = stringPlaces(base);
        for (const place of places) value = setAt(value, place, hostileText(random, mode));
        if (places.length === 0) value = hostileText(random, mode);
        break;
      }
      case 'huge':
      case 'long': {
        const places = stringPlaces(base);
        value = places.length === 0 ? hostileText(random, mode) : setAt(base, pick(random, places), hostileText(random, mode));
        break;
      }
      case 'foreign': {
        const places = idPlaces(route.body, base, route.path);
        for (const [place, idKindOf] of places) value = setAt(value, place, idOf(idKindOf, actor.foreign, Math.floor(random() * 4)));
        break;
      }
      default:
        break;
    }
    body = JSON.stringify(value);
    if (mode === 'deep') {
      const nested = deep(pick(random, [64, 1000, 20_000]), random() < 0.5);
      const keys = base && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
      body = keys.length > 0 ? JSON.stringify({ ...(base as object), [pick(random, keys)]: '__DEEP__' }).replace('"__DEEP__"', nested) : nested;
    } else if (mode === 'proto') {
      const inner = JSON.stringify(base && typeof base === 'object' && !Array.isArray(base) ? base : {}).slice(1, -1);
      body = pick(random, [
        `{"__proto__":{"type_account":1,"isAdmin":true}${inner ? `,${inner}` : ''}}`,
        `{"constructor":{"prototype":{"type_account":1}}${inner ? `,${inner}` : ''}}`,
        `{${inner ? `${inner},` : ''}"__proto__":null}`,
      ]);
    } else if (mode === 'array') {
      body = JSON.stringify([base]);
    } else if (mode === 'raw') {
      body = pick(random, ['{', '{"a":', 'null', '""', '[', '\ufeff{}', "{'a':1}", '{"a":1,}', 'NaN', '1e309', '{"a":1}{"b":2}', '']);
      if (random() < 0.3) headers['content-type'] = pick(random, ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml']);
    }
    headers['content-type'] ??= 'application/json';
  }
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  return { request: { method: route.method, path, headers, body }, kind, echo: echo.filter((text) => text.length >= 4 && !/^[0-9a-f-]+$/i.test(text)) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// ---------------------------------------------------------------------------------------------------
// What an answer must be

/** English framework or runtime text in an error message. */
const ENGLISH = /\b(the|must|should|is|are|not|invalid|error|request|required|unexpected|cannot|failed|bad|found|body|params|querystring|headers|property|token|route|method|payload|unauthorized|forbidden|internal)\b/i;
const STACK = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|FST_[A-Z_]+|ERR_[A-Z_]+/;

/** Why an error answer is not the product's Portuguese `{message}`, or null. */
export function errorShapeProblem(answer: Answer, echo: string[]): string | null {
  if (!answer.contentType.includes('application/json')) return `não é JSON (${answer.contentType || 'sem Content-Type'})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return 'JSON inválido';
  }
  const message = (parsed as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message.trim() === '') return 'sem message';
  const extra = Object.keys(parsed as object).filter((key) => key !== 'message' && key !== 'errors');
  if (extra.length > 0) return `campos além de message: ${extra.join(', ')}`;
  if (STACK.test(answer.body)) return `pilha ou código interno: ${message.slice(0, 80)}`;
  if (message.includes('/api/')) return `repete o caminho: ${message.slice(0, 80)}`;
  for (const text of echo) if (message.includes(text)) return `repete o texto enviado: ${message.slice(0, 80)}`;
  const words = message.replace(/\{[^}]*\}/g, '');
  if (ENGLISH.test(words)) return `texto em inglês: ${message.slice(0, 80)}`;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Company B's data, read as staff

async function snapshotB(target: Target, world: World): Promise<string> {
  const token = (await signIn(target, credentials.admin.email, credentials.admin.password)).token;
  const b = world.b;
  const parts = [
    (await api<{ id: number }[]>(target, 'GET', '/companies', token)).filter((company) => company.id === b.companyId),
    await api(target, 'GET', `/users/list/${b.companyId}`, token),
    await api(target, 'GET', `/sectors/list/${b.companyId}`, token),
    await api(target, 'GET', `/positions/list/${b.companyId}`, token),
    await api(target, 'POST', '/evaluation/find', token, { company_id: b.companyId, limit: 500 }),
    ...(await Promise.all(b.courses.map((course) => api(target, 'GET', `/usercourses/${course}`, token)))),
    ...(await Promise.all(b.people.map((person) => api(target, 'GET', `/users/full/${person}`, token)))),
  ];
  return JSON.stringify(parts);
}

// ---------------------------------------------------------------------------------------------------
// The server's log

/** A line of the server's JSON log (pino), the fields read here. */
interface LogEntry {
  reqId?: string;
  msg?: string;
  req?: { method: string; url: string; remoteAddress?: string };
  err?: { type?: string; message?: string; code?: string; params?: unknown; cause?: { message?: string; code?: string } };
}

/**
 * A logged error in full enough to reproduce: its type and code, its message (a failed query's SQL
 * shortened, its params whole) and its cause's (the database's own words).
 */
function errorDetail(err: LogEntry['err']): string {
  if (!err) return '(sem erro no registro)';
  const message = (err.message ?? '').replace(/^(Failed query: )([\s\S]*?)(\nparams: |$)/, (_, head: string, sql: string, tail: string) => `${head}${sql.replace(/\s+/g, ' ').slice(0, 300)}${sql.length > 300 ? '…' : ''}${tail}`);
  const params = err.params !== undefined && !message.includes('params: ') ? ` params: ${JSON.stringify(err.params)}` : '';
  const cause = err.cause?.message && !message.includes(err.cause.message) ? ` causa: ${err.cause.message}` : '';
  const code = err.code ?? err.cause?.code;
  return `${err.type ?? 'Error'}${code ? ` ${code}` : ''}: ${message.replaceAll('\n', ' | ').slice(0, 2000)}${params}${cause}`;
}

/**
 * What the server's log shows stopped only by the database ('database rejected client data') or
 * unhandled, each with the request that did it: the error's line comes before its request's 'request
 * completed' line, so the requests are read first; a request is told by its reqId, and the request sent
 * by the client address it named (`sent`, by address: the method, path and body as sent).
 */
export function loggedFailures(output: string, sent: Map<string, string>): { key: string; example: string; byDatabase: boolean }[] {
  const entries: LogEntry[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      entries.push(JSON.parse(line) as LogEntry);
    } catch {
      continue;
    }
  }
  const byRequest = new Map<string, NonNullable<LogEntry['req']>>();
  for (const entry of entries) if (entry.req && entry.reqId) byRequest.set(entry.reqId, entry.req);
  return entries.flatMap((entry) => {
    if (entry.msg !== 'database rejected client data' && entry.msg !== 'unhandled error') return [];
    const req = entry.req ?? byRequest.get(entry.reqId ?? '');
    const url = req ? `${req.method} ${req.url}` : '?';
    const request = req?.remoteAddress ? sent.get(req.remoteAddress) : undefined;
    const byDatabase = entry.msg === 'database rejected client data';
    return [
      {
        key: `${byDatabase ? 'parado só pelo banco de dados' : 'erro não tratado no servidor'} ${url.replace(/\/\d+/g, '/{n}').replace(/\?.*$/, '').slice(0, 90)}`,
        example: `${request ?? url.slice(0, 600)}\n    erro: ${errorDetail(entry.err)}`,
        byDatabase,
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------------
// Tally

interface Tally {
  sent: number;
  byClass: Record<string, number>;
  byCode: Map<number, number>;
  latencies: number[];
}
const newTally = (): Tally => ({ sent: 0, byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, byCode: new Map(), latencies: [] });
function count(tally: Tally, answer: Answer) {
  tally.sent += 1;
  const klass = `${Math.floor(answer.status / 100)}xx`;
  tally.byClass[klass] = (tally.byClass[klass] ?? 0) + 1;
  tally.byCode.set(answer.status, (tally.byCode.get(answer.status) ?? 0) + 1);
  tally.latencies.push(answer.ms);
}

/** Failures grouped by reason and route, each with its count and one example. */
class Failures {
  private groups = new Map<string, { count: number; example: string }>();
  add(key: string, example: string) {
    const group = this.groups.get(key);
    if (group) group.count += 1;
    else this.groups.set(key, { count: 1, example });
  }
  get total() {
    return [...this.groups.values()].reduce((sum, group) => sum + group.count, 0);
  }
  lines(): string[] {
    return [...this.groups.entries()].map(([key, group]) => `${key} (${group.count}×), ex.: ${group.example}`);
  }
}

const describeRequest = (request: RawRequest, max = 140) =>
  `${request.method} ${request.path.slice(0, max)}${request.body === undefined ? '' : ` ${String(request.body).slice(0, max).replaceAll('\u0000', '\\u0000')}`}`;

/** Runs requests `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next]!;
        next += 1;
        await work(item);
      }
    }),
  );
}

function routeLabel(route: Route) {
  return `${route.method} ${route.path}`;
}

// ---------------------------------------------------------------------------------------------------
// The run

async function run(options: HostileOptions): Promise<HostileReport> {
  const seed = options.number('seed', 23);
  const perRoute = options.number('per-route', 24);
  const concurrency = options.number('concurrency', 4);
  const started = Date.now();
  const target = await startTarget(options);
  const failures = new Failures();
  const tallies = new Map<Role | 'matrix', Tally>();
  const markerLeaks = { checked: 0, found: 0 };
  try {
    const random = seededRandom(seed);
    const marker = `MarcaB${Math.floor(random() * 0xffffff).toString(36)}Zq`;
    options.log(`${target.backend}; semente ${seed}, ${perRoute} por rota e papel; marcador da empresa B ${marker}`);
    const world = await setUpWorld(target, marker);
    const doc = (await (await fetch(`${target.server.baseUrl}/docs/json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const routes = routesOf(doc);
    options.log(`${routes.length} rotas no documento OpenAPI`);
    const markers = world.markers.map((text) => text.toLowerCase());
    /** Each request sent, by the client address it named (the server logs it as `req.remoteAddress`). */
    const sentFrom = new Map<string, string>();

    const actors: Record<Role, Actor> = {
      anonymous: { role: 'anonymous', token: null, own: world.a, foreign: world.b, linkId: seededUuid(random) },
      respondent: { role: 'respondent', token: null, own: world.a, foreign: world.b, linkId: world.link.id },
      companyA: { role: 'companyA', token: world.a.token, own: world.a, foreign: world.b, linkId: world.link.id },
      companyB: { role: 'companyB', token: world.b.token, own: world.b, foreign: world.a, linkId: world.b.evaluations[0]! },
      staff: { role: 'staff', token: world.staff.token, own: world.a, foreign: world.b, linkId: world.link.id },
    };

    /** Sends one request of a role and checks its answer. */
    const check = async (role: Role | 'matrix', route: Route, hostile: Hostile, sender: Role) => {
      let answer: Answer;
      try {
        answer = await target.send(hostile.request);
      } catch (error) {
        failures.add(`sem resposta (${(error as Error).message.slice(0, 60)}) ${routeLabel(route)}`, describeRequest(hostile.request));
        return undefined;
      }
      sentFrom.set(answer.address, `[${role === 'matrix' ? 'matriz' : role}, ${hostile.kind}] ${describeRequest(hostile.request, 600)}`);
      const tally = tallies.get(role) ?? newTally();
      tallies.set(role, tally);
      count(tally, answer);
      if (answer.status >= 500) failures.add(`${answer.status} ${routeLabel(route)} [${hostile.kind}]`, `${describeRequest(hostile.request)} → ${answer.body.slice(0, 160)}`);
      else if (answer.status >= 400) {
        const problem = errorShapeProblem(answer, hostile.echo);
        if (problem) failures.add(`resposta de erro fora do padrão (${problem.split(':')[0]}) ${routeLabel(route)} ${answer.status}`, `${describeRequest(hostile.request)} → ${answer.body.slice(0, 160)}`);
      }
      if (sender !== 'companyB' && sender !== 'staff') {
        markerLeaks.checked += 1;
        const lower = answer.body.toLowerCase();
        if (markers.some((text) => lower.includes(text))) {
          markerLeaks.found += 1;
          failures.add(`dado da empresa B na resposta a ${ROLE_LABELS[sender]} ${routeLabel(route)}`, `${describeRequest(hostile.request)} → ${answer.status} ${answer.body.slice(0, 160)}`);
        }
      }
      return answer;
    };

    // 1. The matrix: company user A with company B's ids, every route that takes one.
    const before = await snapshotB(target, world);
    const matrix = { calls: 0, refused: 0, mismatch: 0, leftOut: 0, writesChecked: 0, byStatus: new Map<number, number>() };
    const a = actors.companyA;
    for (const route of routes) {
      if (!route.secured || (route.method === 'DELETE' && route.path === '/api/sessions')) continue;
      const params = validParams(route, a);
      const idParams = route.pathParams.filter((parameter) => isIdSchema(parameter.schema) || idKind(parameter.name, route.path) === 'evaluation');
      const validBody = route.body ? sample(route.body, 'body', route.path, a.own, true) : undefined;
      const bodyIds = idPlaces(route.body, validBody, route.path).filter(([, kind]) => kind !== 'number');
      if (idParams.length + bodyIds.length === 0) continue;
      // `listOnly`: B's ids only in id lists, which the result calls document as left out silently.
      const variants: { params: Record<string, string>; body: unknown; listOnly: boolean }[] = [];
      const inList = (place: (string | number)[]) => place.some((key) => typeof key === 'number');
      const foreignParams = Object.fromEntries(idParams.map((parameter) => [parameter.name, String(idOf(idKind(parameter.name, route.path), world.b))]));
      let foreignBody = validBody;
      for (const [place, kind] of bodyIds) foreignBody = setAt(foreignBody, place, idOf(kind, world.b));
      variants.push({ params: { ...params, ...foreignParams }, body: foreignBody, listOnly: idParams.length === 0 && bodyIds.every(([place]) => inList(place)) });
      if (idParams.length + bodyIds.length > 1) {
        for (const parameter of idParams) variants.push({ params: { ...params, [parameter.name]: foreignParams[parameter.name]! }, body: validBody, listOnly: false });
        for (const [place, kind] of bodyIds) variants.push({ params, body: setAt(validBody, place, idOf(kind, world.b)), listOnly: inList(place) });
      }
      for (const variant of variants) {
        const request: RawRequest = {
          method: route.method,
          path: fill(route.path, variant.params),
          headers: { authorization: `Bearer ${a.token}`, ...(variant.body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: variant.body === undefined ? (route.multipart ? '' : undefined) : JSON.stringify(variant.body),
        };
        if (route.multipart) request.headers!['content-type'] = 'multipart/form-data; boundary=xyz';
        const answer = await check('matrix', route, { request, kind: 'matriz', echo: [] }, 'companyA');
        matrix.calls += 1;
        if (!answer) continue;
        matrix.byStatus.set(answer.status, (matrix.byStatus.get(answer.status) ?? 0) + 1);
        if (answer.status === 403 || answer.status === 404) matrix.refused += 1;
        // A mismatch between the request's ids (B's beside A's) is the documented 400, nothing written.
        else if (answer.status === 400) matrix.mismatch += 1;
        else if (answer.status < 300 && variant.listOnly) matrix.leftOut += 1;
        else failures.add(`matriz: A com ids de B respondeu ${answer.status} ${routeLabel(route)}`, `${describeRequest(request)} → ${answer.body.slice(0, 160)}`);
        if (route.method !== 'GET') {
          matrix.writesChecked += 1;
          if ((await snapshotB(target, world)) !== before) {
            failures.add(`matriz: dados da empresa B alterados por ${routeLabel(route)}`, describeRequest(request));
            break;
          }
        }
      }
    }
    options.log(`matriz: ${matrix.calls} chamadas, ${matrix.refused} recusadas com 403/404`);

    // 2. The generated requests, role by role; B's data must be unchanged after anonymous, respondent and A.
    for (const role of ROLES) {
      const roleRandom = seededRandom(seed * 31 + ROLES.indexOf(role) + 1);
      const list: [Route, Hostile][] = [];
      for (const route of routes) for (let index = 0; index < perRoute; index += 1) list.push([route, hostileRequest(route, actors[role], roleRandom)]);
      const roleStarted = Date.now();
      await pool(list, concurrency, async ([route, hostile]) => {
        await check(role, route, hostile, role);
      });
      options.log(`${ROLE_LABELS[role]}: ${list.length} pedidos em ${((Date.now() - roleStarted) / 1000).toFixed(0)} s`);
      if (role === 'companyA') {
        if ((await snapshotB(target, world)) !== before) failures.add('dados da empresa B alterados pelos pedidos de anônimo, respondente ou A', 'listagens de B lidas pela equipe antes e depois');
      }
    }

    // 3. What only the database stopped, and errors the server logged: from its log.
    const logged = loggedFailures(target.server.output(), sentFrom);
    for (const failure of logged) failures.add(failure.key, failure.example);
    const stoppedByDatabase = logged.filter((failure) => failure.byDatabase).length;

    // 4. The figures.
    const all = newTally();
    for (const tally of tallies.values()) {
      all.sent += tally.sent;
      for (const [klass, n] of Object.entries(tally.byClass)) all.byClass[klass] = (all.byClass[klass] ?? 0) + n;
      for (const [code, n] of tally.byCode) all.byCode.set(code, (all.byCode.get(code) ?? 0) + n);
      all.latencies.push(...tally.latencies);
    }
    const rows = [...ROLES, 'matrix' as const].map((role) => {
      const tally = tallies.get(role) ?? newTally();
      const sorted = [...tally.latencies].sort((x, y) => x - y);
      const codes = [...tally.byCode.entries()].sort((x, y) => x[0] - y[0]).map(([code, n]) => `${code}: ${n}`).join(', ');
      return `| ${role === 'matrix' ? 'matriz (A com ids de B)' : ROLE_LABELS[role]} | ${tally.sent} | ${tally.byClass['2xx']} | ${tally.byClass['3xx']} | ${tally.byClass['4xx']} | ${tally.byClass['5xx']} | ${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 95).toFixed(0)} | ${codes} |`;
    });
    const sortedAll = [...all.latencies].sort((x, y) => x - y);
    const seconds = (Date.now() - started) / 1000;
    const markdown = [
      `${all.sent} pedidos hostis gerados (semente ${seed}, ${perRoute} por rota e papel, ${routes.length} rotas do documento OpenAPI, ${ROLES.length} papéis) e a matriz de duas empresas, em ${target.backend}, em ${seconds.toFixed(0)} s.`,
      '',
      '| papel | pedidos | 2xx | 3xx | 4xx | 5xx | p50 / p95 (ms) | por código |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...rows,
      `| **total** | ${all.sent} | ${all.byClass['2xx']} | ${all.byClass['3xx']} | ${all.byClass['4xx']} | ${all.byClass['5xx']} | ${percentile(sortedAll, 50).toFixed(0)} / ${percentile(sortedAll, 95).toFixed(0)} | |`,
      '',
      `Matriz: ${matrix.calls} chamadas de A com ids de B: ${matrix.refused} recusadas com 403/404, ${matrix.mismatch} com 400 (ids de B ao lado dos de A: a incoerência documentada), ` +
        `${matrix.leftOut} respondidas sem os ids de B (listas de ids das chamadas de resultados, deixadas de fora como documentado), nenhuma com dado de B; os dados de B conferidos depois de cada uma das ${matrix.writesChecked} escritas. ` +
        `Respostas a anônimo, respondente e A conferidas quanto aos marcadores de B: ${markerLeaks.checked}, vazamentos: ${markerLeaks.found}. ` +
        `Entradas paradas só pelo banco de dados (registradas pelo servidor): ${stoppedByDatabase}. ` +
        `Falhas (5xx, respostas de erro fora do padrão \`{message}\` em português, vazamentos, escritas recusadas que gravaram): ${failures.total}.`,
    ].join('\n');
    return { part: 'requests', title: `Pedidos hostis gerados (${target.backend})`, markdown, failures: failures.lines() };
  } finally {
    await target.stop();
  }
}

export const requests: HostilePart = {
  name: 'requests',
  summary: 'pedidos hostis gerados sobre cada rota do documento OpenAPI e cada papel, e a matriz de duas empresas (--seed, --per-route, --postgres)',
  run,
};
