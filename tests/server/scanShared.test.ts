/**
 * A view reads each scope's answers once: its means, band counts and groups by sector of one type under
 * one scope come from one scoring statement, whatever the number of datasets asking for them (the
 * rounds and the norm, other scopes, have their own). Counted on the demo company's answers by watching
 * the statements the data calls send; the numbers must be those of the datasets computed one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { companies } from '../../apps/server/src/db/schema.ts';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { computeDatasets, dashboardData } from '../../apps/server/src/results/dashboards.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { createTestDatabase, seedOptions, type TestDatabase } from './testApp.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';

const definitions = loadDefinitions();
const dialect = new PgDialect();
let database: TestDatabase;
let companyId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db, { ...seedOptions, demoResults: true });
  const [company] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.commercialName, 'Empresa Demonstração'));
  companyId = company!.id;
}, 120000);

afterAll(async () => {
  await database?.drop();
});

/** The database, counting the scoring statements (those joining the answers with a scoring key) sent through it. */
function watched(db: Db): { db: Db; scans: () => number } {
  let scans = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'execute' || typeof value !== 'function') return value;
      return (query: SQL) => {
        if (dialect.sqlToQuery(query).sql.includes('jsonb_to_recordset')) scans += 1;
        return (value as (query: SQL) => unknown).call(target, query);
      };
    },
  });
  return { db: proxy, scans: () => scans };
}

/** A row with its numbers to 9 decimals. */
const rounded = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? Math.round(value * 1e9) / 1e9 : value]));

describe('a view scores each scope once', () => {
  it.each([
    // 16: statements, overall and bySector share one scan; byCycle (every round) and the norm (the other companies) one each.
    [16, 3],
    // 12: variables, bands and bySector share one; byCycle one.
    [12, 2],
    // 13: summary, bands and bandsBySector share one; byCycle one; the norm one; the page of respondents one.
    [13, 4],
  ])('/dash/%i: %i scoring statements, the same numbers as one dataset at a time', async (type, expected) => {
    const dashboard = definitions.dashboards.get(type)!;
    const { db, scans } = watched(database.db);
    const together = await dashboardData(db, definitions, dashboard, { company_id: companyId });
    expect(scans()).toBe(expected);
    for (const [name, dataset] of Object.entries(together.datasets)) {
      const alone = (await computeDatasets(database.db, definitions, dashboard, { company_id: companyId }, [name])).get(name);
      // The same numbers, not the same last bit: a mean summed in another order (one scan or two) may differ there.
      expect(alone?.map(rounded), name).toEqual(dataset.rows.map(rounded));
    }
  });
});
