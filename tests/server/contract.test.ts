/**
 * The wire contract: every route under /api declares the answer of its success status as a JSON schema
 * (the handlers are typed from it, the OpenAPI document lists it, the web client imports its type), and
 * its error answers. The routes that answer a file (PDF, spreadsheet, a JSON download, an attachment)
 * are listed below with their reason: their success is declared as binary, their error answers as JSON.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testApp.ts';

/** Routes whose success answer is a file, not JSON: `METHOD /path` → why. */
const FILE_ANSWERS: Record<string, string> = {
  'GET /api/users/:id/personal-data': 'LGPD export: a JSON or PDF file to keep, not an answer the app reads',
  'GET /api/users/excel/template/:companyId': 'the employees spreadsheet template (.xlsx)',
  'GET /api/users/excel/:companyId': 'the employees of a company as a spreadsheet (.xlsx)',
  'GET /api/outbox/:id/attachments/:position': 'a file attached to an outbox e-mail, with its own content type',
  'GET /api/interview/report/:ratedId': 'the 360 interview report (PDF)',
  'POST /api/dashboards/:id/report': "a dashboard's PDF report",
  'POST /api/dashboards/:id/exports/:index': "a file of a dashboard's print dialog (PDF or .xlsx)",
  'POST /api/tableresponse/report/download': "a person's report (PDF) from their personal page",
  'GET /api/tableresponse/report/:id/:type': 'the report of one answered evaluation (PDF)',
  'GET /api/risk/inventories/:id/pdf': 'a published psychosocial risk inventory (PDF)',
  'GET /api/risk/inventories/:id/xlsx': 'a published psychosocial risk inventory (.xlsx)',
};

interface Collected {
  route: string;
  /** The response schemas by status. */
  responses: Record<string, { type?: unknown; format?: unknown }>;
}

let t: TestApp;
const collected: Collected[] = [];

function collect(route: RouteOptions) {
  if (!route.url.startsWith('/api')) return;
  const responses = (route.schema?.response ?? {}) as Collected['responses'];
  for (const method of [route.method].flat()) {
    if (method === 'HEAD') continue;
    collected.push({ route: `${method} ${route.url}`, responses });
  }
}

const success = (status: string) => /^2(\d\d|xx)$/.test(status);
const failure = (status: string) => /^[45](\d\d|xx)$/.test(status);
const binary = (schema: { type?: unknown; format?: unknown }) => schema.type === 'string' && schema.format === 'binary';
/** The schemas of the success statuses of a route. */
const successes = (entry: Collected) => Object.entries(entry.responses).filter(([status]) => success(status)).map(([, schema]) => schema);

beforeAll(async () => {
  t = await buildTestApp({ seeded: false, onRoute: collect });
});

afterAll(async () => {
  await t?.close();
});

describe('the wire contract', () => {
  it('collects the routes', () => {
    expect(collected.length).toBeGreaterThan(80);
  });

  it('gives every /api route a JSON response schema for its success status, unless it answers a file', () => {
    const missing = collected.filter((entry) => !(entry.route in FILE_ANSWERS) && (successes(entry).length === 0 || successes(entry).some(binary)));
    expect(missing.map((entry) => entry.route)).toEqual([]);
  });

  it('declares the success of a file answer as binary', () => {
    const files = collected.filter((entry) => entry.route in FILE_ANSWERS);
    expect(files.filter((entry) => successes(entry).length === 0 || !successes(entry).every(binary)).map((entry) => entry.route)).toEqual([]);
  });

  it('gives every /api route, files too, the schemas of its error answers', () => {
    const missing = collected.filter((entry) => !Object.keys(entry.responses).some(failure)).map((entry) => entry.route);
    expect(missing).toEqual([]);
  });

  it('lists as file answers only routes that exist, each with a reason', () => {
    const routes = new Set(collected.map((entry) => entry.route));
    expect(Object.keys(FILE_ANSWERS).filter((route) => !routes.has(route))).toEqual([]);
    for (const reason of Object.values(FILE_ANSWERS)) expect(reason.length).toBeGreaterThan(10);
  });
});
