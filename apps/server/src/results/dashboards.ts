import type { DashboardData, DashboardDefinition, DashboardFilters, Row, WithheldGroup } from '../../../../engine/definition/dashboard.ts';
import { FILTER_KEYS } from '../../../../engine/filters.ts';
import type { Db } from '../db/client.ts';
import type { Definitions } from '../definitions.ts';
import { countAnswered } from '../repositories/results/datasetRows.ts';
import { countedScope } from '../repositories/results/scope.ts';
import { computeViewDatasets } from './datasets.ts';
import { viewEditions } from './editions.ts';
import { typesOf } from './views.ts';

/*
 * A dashboard's data under checked filters (`filters.ts`), for any definition: the editions it reads
 * (`editions.ts`), every dataset computed by the database and transformed on the server
 * (`datasets.ts`), and only the finished tables leave, with who is counted.
 */

export { dashboardOfType, typesOf } from './views.ts';

/** Every dataset of the view under checked filters (`period`: when the counted evaluations were answered, for a report; `timeZone`: the app's, for daily counts). */
export async function dashboardData(db: Db, definitions: Definitions, dashboard: DashboardDefinition, filters: DashboardFilters, options: { period?: boolean; timeZone?: string } = {}): Promise<DashboardData> {
  if (dashboard.requires && filters[FILTER_KEYS[dashboard.requires.filter]] === undefined) return { respondents: 0, datasets: {} };
  const queried = Object.values(dashboard.datasets).flatMap((dataset) => ('from' in dataset ? [] : [dataset]));
  // Every evaluation the view reads, the alignment's side included.
  const types = [...new Set([...typesOf(dashboard), ...queried.flatMap((dataset) => dataset.alignWith ?? [])])];
  const editions = await viewEditions(db, definitions, dashboard, filters);
  // The answered evaluations the view's group datasets count, so the header says who is counted.
  const counted = await countAnswered(db, countedScope(queried, editions.filters, types), options.period === true);
  const totals = new Map<string, number>();
  const withheld: WithheldGroup[] = [];
  const computed = await computeViewDatasets(db, definitions, dashboard, Object.keys(dashboard.datasets), { ...editions, totals, withheld, ...(options.timeZone ? { timeZone: options.timeZone } : {}) });
  const datasets: DashboardData['datasets'] = {};
  for (const [name, dataset] of Object.entries(dashboard.datasets)) {
    if (dataset.internal) continue;
    const total = totals.get(name);
    datasets[name] = { rows: computed.get(name)!, ...(total === undefined ? {} : { page: Math.max(0, filters.pages?.[name] ?? 0), total }) };
  }
  return {
    respondents: Number(counted?.n ?? 0),
    datasets,
    ...(editions.editions.length > 0 ? { editions: editions.editions } : {}),
    ...(withheld.length > 0 ? { withheld } : {}),
    ...(counted?.first && counted.last ? { period: { first: new Date(counted.first).toISOString(), last: new Date(counted.last).toISOString(), people: Number(counted.people ?? 0) } } : {}),
  };
}

/**
 * Computes some datasets of a view (and the datasets they derive from) under checked filters, in
 * declaration order, with the editions the view reads (the result calls reshape their rows).
 */
export async function computeDatasets(
  db: Db,
  definitions: Definitions,
  dashboard: DashboardDefinition,
  filters: DashboardFilters,
  names: string[],
  totals = new Map<string, number>(),
  timeZone?: string,
): Promise<Map<string, Row[]>> {
  const editions = await viewEditions(db, definitions, dashboard, filters);
  return computeViewDatasets(db, definitions, dashboard, names, { ...editions, totals, ...(timeZone ? { timeZone } : {}) });
}
