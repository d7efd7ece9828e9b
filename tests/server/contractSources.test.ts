/**
 * One contract, read from the sources: a route module declares no shape of its own (no generic
 * `app.post<{ Body: … }>`, no body interface, no inline params/body/query schema, no inline JSON answer),
 * it takes them from `apps/server/src/contract/`; and the web client types its calls with the contract's
 * types instead of writing the shapes again. `contract.test.ts` checks the registered routes themselves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const routesDir = join(root, 'apps/server/src/routes');
const apiDir = join(root, 'apps/web/src/api');

/** Route modules not yet on the contract, with the reason. */
const NOT_YET: Record<string, string> = {};

/** Web client modules whose own exported types are no wire shape, with the reason. */
const WEB_OWN_TYPES: Record<string, string> = {
  RequestOptions: "the options of one call of the client (method, body, session, signal)",
  ApiData: "the state of a screen's load (data, loading, error, reload)",
  DownloadedFile: 'a downloaded file and the name the server gave it',
  NameRow: "a row of the sector and position dialogs (an id when it exists, the name as typed)",
  ApiError: 'the error of a failed call',
  UploadError: 'the error of a failed upload, with its rows',
  RowsError: 'the error of a refused registration save, with its rows',
};

/** What a route module's source declares by itself instead of taking it from the contract. */
export function ownShapes(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\b\w+\.(get|post|put|patch|delete|route)<\s*\{[^\n]*/g)) found.push(`generic route: ${match[0].slice(0, 80)}`);
  for (const match of source.matchAll(/\binterface\s+(\w*(Body|Query|Params|Request|Input))\b/g)) found.push(`interface ${match[1]}`);
  for (const match of source.matchAll(/^\s+(body|params|querystring|headers):\s*\{[^\n]*/gm)) found.push(`inline ${match[1]}: ${match[0].trim().slice(0, 80)}`);
  for (const match of source.matchAll(/\b(2\d\d):\s*\{\s*type:\s*'(object|array)'/g)) found.push(`inline ${match[1]} answer`);
  return found;
}

/** What a web client module's source declares by itself: exported interfaces and inline answer types. */
export function webShapes(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^export\s+(?:interface|class)\s+(\w+)/gm)) if (!(match[1]! in WEB_OWN_TYPES)) found.push(`export ${match[1]}`);
  for (const match of source.matchAll(/\b(request|callApi|useApiData|upload)<\s*\{[^\n]*/g)) found.push(`inline answer: ${match[0].slice(0, 80)}`);
  return found;
}

describe('the contract in the sources', () => {
  it('finds a shape a route module writes itself', () => {
    expect(ownShapes("  app.post<{ Body: { name: string } }>(\n")).toHaveLength(1);
    expect(ownShapes('interface SaveBody {\n  name: string;\n}\n')).toEqual(['interface SaveBody']);
    expect(ownShapes("        body: { type: 'object', properties: {} },\n")).toHaveLength(1);
    expect(ownShapes("        response: { 200: { type: 'object', properties: {} } },\n")).toEqual(['inline 200 answer']);
    expect(ownShapes("        body: userCreateSchema,\n        response: { 201: userSavedSchema },\n  app.post(\n")).toEqual([]);
    // A file answer is binary, not a shape of the contract's.
    expect(ownShapes("        response: { 200: { description: 'O arquivo', type: 'string', format: 'binary' } },\n")).toEqual([]);
  });

  it('finds a shape the web client writes itself', () => {
    expect(webShapes('export interface CompanyRecord {\n  id: number;\n}\n')).toEqual(['export CompanyRecord']);
    expect(webShapes("  const answer = await request<{ state?: string }>('/x');\n")).toHaveLength(1);
    expect(webShapes("import type { Company } from '../../../server/src/contract/companies';\nexport interface NameRow {\n")).toEqual([]);
  });

  it('leaves every route module but the listed ones to the contract', () => {
    const modules = readdirSync(routesDir).filter((name) => name.endsWith('.ts') && !(name in NOT_YET));
    const found = Object.fromEntries(modules.map((name) => [name, ownShapes(readFileSync(join(routesDir, name), 'utf8'))]).filter(([, shapes]) => shapes!.length > 0));
    expect(found).toEqual({});
  });

  it('types every call of the web client with the contract', () => {
    const modules = readdirSync(apiDir).filter((name) => name.endsWith('.ts'));
    const found = Object.fromEntries(modules.map((name) => [name, webShapes(readFileSync(join(apiDir, name), 'utf8'))]).filter(([, shapes]) => shapes!.length > 0));
    expect(found).toEqual({});
    for (const reason of [...Object.values(NOT_YET), ...Object.values(WEB_OWN_TYPES)]) expect(reason.length).toBeGreaterThan(10);
  });
});
