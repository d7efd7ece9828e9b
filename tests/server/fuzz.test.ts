/**
 * Generated fuzz test over the route schemas of the OpenAPI document: every route gets wrong types,
 * missing and unknown fields, huge strings and hostile text, in its body, path and query, from an
 * administrator (so requests reach the handlers). No answer may be a 5xx, and every error answer
 * carries a Portuguese message.
 */
import { describe, expect, it } from 'vitest';
import type { Operation, Schema } from '../../scripts/hostile/requests.ts';
import { bearer } from './testApp.ts';
import { adminToken, setUpWorld, t } from './world.ts';

setUpWorld();

const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2 ** 53,
  '',
  ' ',
  'x'.repeat(100_000),
  "' OR '1'='1'; DROP TABLE users; --",
  '<img src=x onerror=alert(1)><script>alert(1)</script>',
  'a\u0000b',
  '\ud83d\ude00 ção',
  '2026-13-45',
  [],
  // A one-item list of text: Fastify's Ajv unwraps it for a plain string field, but not through an
  // anyOf, so a handler that trusts the schema gets an array where it expects text.
  ['x'],
  [[[[]]]],
  {},
  { $gt: '' },
];

const HOSTILE_PARAMS = ['0', '-1', '2147483648', '99999999999999999999', 'abc', "1' OR '1'='1", '%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000), '1.5'];

/** A plausible value for a schema: required fields only, minimum numbers, placeholder strings. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return sample(alternative);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? 'null';
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(schema.properties?.[key])]));
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Bodies that break the schema one field at a time, plus whole-body shapes. */
function hostileBodies(schema: Schema): unknown[] {
  const valid = sample(schema);
  const bodies: unknown[] = [valid, {}, [], 'texto', 42, null, { ...(valid as object), campo_desconhecido: 'x'.repeat(5000) }];
  for (const key of Object.keys(schema.properties ?? {})) {
    for (const value of HOSTILE) bodies.push({ ...(valid as object), [key]: value });
    const property = schema.properties![key]!;
    // One level down: the items of an array field (the batch calls) get each hostile value per field.
    if (property.items?.properties) {
      const item = sample(property.items) as object;
      for (const inner of Object.keys(property.items.properties)) {
        for (const value of HOSTILE) bodies.push({ ...(valid as object), [key]: [{ ...item, [inner]: value }] });
      }
    }
  }
  return bodies;
}

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
}

describe('fuzz over every route schema', () => {
  it('never answers 5xx and always explains a 4xx in Portuguese', { timeout: 600_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let requests = 0;
    const send = async (method: string, url: string, payload?: unknown) => {
      requests += 1;
      const response = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        // Each request from its own address, so the per-address rate limits let every one reach its handler.
        remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
        headers: { ...bearer(adminToken), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
      const label = `${method.toUpperCase()} ${url.slice(0, 120)} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 120)}`;
      if (response.statusCode >= 500) failures.push(`${response.statusCode} ${label}: ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
        const message = (response.json() as { message?: unknown }).message;
        if (typeof message !== 'string' || message === '') failures.push(`${response.statusCode} without message ${label}`);
      }
    };
    const routes = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(20);
    for (const [path, operations] of routes) {
      for (const [method, operation] of Object.entries(operations)) {
        const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        const queryParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
        const validParams = Object.fromEntries(pathParams.map((parameter) => [parameter.name, String(sample(parameter.schema))]));
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const validBody = bodySchema ? sample(bodySchema) : undefined;
        for (const parameter of pathParams) {
          for (const value of HOSTILE_PARAMS) await send(method, fill(path, { ...validParams, [parameter.name]: value }), validBody);
        }
        for (const parameter of queryParams) {
          for (const value of HOSTILE_PARAMS) await send(method, `${fill(path, validParams)}?${parameter.name}=${value}`, validBody);
        }
        if (bodySchema) {
          for (const body of hostileBodies(bodySchema)) await send(method, fill(path, validParams), body);
          await send(method, fill(path, validParams), { padding: 'x'.repeat(2 * 1024 * 1024) });
        } else if (method !== 'get' && method !== 'delete') {
          await send(method, fill(path, validParams), { campo_desconhecido: [1, { a: null }] });
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });
});
