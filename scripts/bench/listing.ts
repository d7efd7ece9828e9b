/**
 * Benchmark of the data-management listing (`POST /api/evaluation/find`) over 100,000 evaluations:
 * the demo data is seeded by a first start, the evaluations are inserted with one SQL statement, and
 * the real server answers pages by company, by company and type, by user, and a deep page.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { companies } from '../../apps/server/src/db/schema.ts';
import { credentials, startAppServer, type AppServer } from '../lib/appServer.ts';
import { percentile } from '../lib/stats.ts';

/** One measured query shape. */
export interface ListingCase {
  name: string;
  total: number;
  /** More matches than the listing counts (10,000). */
  more: boolean;
  p50: number;
  p95: number;
  perSecond: number;
}

/** The figures of one database. */
export interface ListingResult {
  backend: string;
  rows: number;
  insertSeconds: number;
  cases: ListingCase[];
}

const INSERT = `
  INSERT INTO evaluations (user_id, rated, type_evaluation, done, expire_at, created_at)
  SELECT ids[1 + g % cardinality(ids)], ids[1 + g % cardinality(ids)], (ARRAY[13, 16, 12, 14, 15])[1 + g % 5], g % 3 = 0,
         now() + ((g % 60) - 20) * interval '1 day', now() - g * interval '1 minute'
  FROM generate_series(1, {rows}) AS g,
       (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE type_account = 3 AND company_id = {company}) AS employees`;

async function api<T>(server: AppServer, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function measure(server: AppServer, rows: number, backend: string, insertSeconds: number): Promise<ListingResult> {
  const { token } = await api<{ token: string }>(server, '/sessions', credentials.admin);
  const companies = (await (await fetch(`${server.baseUrl}/api/companies`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: number }[];
  const companyId = companies[0]!.id;
  const first = await api<{ total: number; evaluations: { user_id: number }[] }>(server, '/evaluation/find', { company_id: companyId, limit: 1 }, token);
  const userId = first.evaluations[0]!.user_id;
  const shapes: [string, unknown][] = [
    ['company, first page of 50', { company_id: companyId, limit: 50 }],
    ['company and type, first page of 50', { company_id: companyId, type_evaluation: 13, limit: 50 }],
    ['one user, first page of 50', { user_id: userId, limit: 50 }],
    ['company, page at offset 50,000', { company_id: companyId, limit: 50, offset: 50_000 }],
  ];
  const cases: ListingCase[] = [];
  for (const [name, body] of shapes) {
    const latencies: number[] = [];
    let total = 0;
    let more = false;
    const started = performance.now();
    // Four clients at a time, 40 requests: latency and throughput of the shape.
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < 40) {
          next += 1;
          const t0 = performance.now();
          ({ total, more } = await api<{ total: number; more: boolean }>(server, '/evaluation/find', body, token));
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    cases.push({ name, total, more, p50: percentile(latencies, 50), p95: percentile(latencies, 95), perSecond: latencies.length / seconds });
  }
  return { backend, rows, insertSeconds, cases };
}

/** Inserts `rows` evaluations of the company's employees; the numbers are ours, so they are inlined. */
async function insertRows(query: (text: string) => Promise<unknown>, companyId: number, rows: number): Promise<number> {
  const t0 = performance.now();
  await query(INSERT.replace('{rows}', String(Math.trunc(rows))).replace('{company}', String(Math.trunc(companyId))));
  return (performance.now() - t0) / 1000;
}

/** Embedded PGlite: seed by a first start, insert with the server stopped (one process per data dir), measure. */
export async function benchListingPglite(rows = 100_000): Promise<ListingResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'avalia-listing-'));
  const seeding = await startAppServer({ env: { DATA_DIR: dataDir } });
  await seeding.waitForLinks('estresse');
  await seeding.stop();
  let database: Database | undefined;
  let insertSeconds: number;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir });
    const db = database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
    insertSeconds = await insertRows((text) => db.execute(sql.raw(text)), company!.id, rows);
  } finally {
    await database?.close();
  }
  const server = await startAppServer({ env: { DATA_DIR: dataDir } });
  try {
    return await measure(server, rows, 'PGlite', insertSeconds);
  } finally {
    await server.stop();
  }
}

/** PostgreSQL: a fresh database on `baseUrl`'s server, dropped afterwards. */
export async function benchListingPostgres(baseUrl: string, rows = 100_000): Promise<ListingResult> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const name = `avalia_listing_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const server = await startAppServer({ env: { DATABASE_URL: url.toString() } });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await server.waitForLinks('estresse');
    await client.connect();
    const company = (await client.query<{ id: number }>(`SELECT id FROM companies ORDER BY id LIMIT 1`)).rows[0]!;
    const insertSeconds = await insertRows((text) => client.query(text), company.id, rows);
    await client.query('ANALYZE');
    return await measure(server, rows, 'PostgreSQL 15', insertSeconds);
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
