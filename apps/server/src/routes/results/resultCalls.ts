import type { FastifyInstance } from 'fastify';
import { areaMapRoutes } from './areaMaps.ts';
import { consolidatedProfileRoutes } from './consolidatedProfiles.ts';
import { evaluation360Routes } from './evaluation360.ts';
import { scannerRoutes } from './scanner.ts';
import { scannerUserRoutes } from './scannerUsers.ts';
import { resultContext, USED } from './shared.ts';
import { teamPerformanceRoutes } from './teamPerformance.ts';
import { viewRespondentRoutes } from './viewRespondents.ts';

/*
 * The result calls of the specification (results, section 7) as thin adapters over the dashboards'
 * engine: each picks datasets of a dashboard definition by name, computes them with
 * `computeDatasets` under the account's checked filters (a company user is kept to its company by
 * `checkFilters`) plus evaluation or person ids, and only reshapes the finished rows into the answer
 * the specification shows. No score, mean or percentage is computed here.
 */

/** Registers the result calls of the specification's section 7 that the generic dashboard calls do not cover. */
export async function resultCallRoutes(app: FastifyInstance) {
  // A definition without a dataset a call reads is a deployment error: refuse to start.
  for (const [id, names] of Object.entries(USED)) {
    const dashboard = app.definitions.dashboards.get(Number(id));
    const missing = dashboard ? names.filter((name) => !dashboard.datasets[name]) : names;
    if (missing.length > 0) throw new Error(`dashboard ${id} lacks the datasets ${missing.join(', ')} that the result calls read`);
  }

  const context = resultContext(app);
  evaluation360Routes(app, context);
  teamPerformanceRoutes(app, context);
  areaMapRoutes(app, context);
  consolidatedProfileRoutes(app, context);
  scannerRoutes(app, context);
  viewRespondentRoutes(app, context);
  scannerUserRoutes(app, context);
}
