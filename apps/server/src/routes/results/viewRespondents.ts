import type { FastifyInstance } from 'fastify';
import type { DashboardFilters } from '../../../../../engine/definition/dashboard.ts';
import { format, messages } from '../../../../../engine/messages.ts';
import { HttpError } from '../../errors.ts';
import { bearer, errorResponses, idSchema } from '../../schemas/common.ts';
import { groupBy, rowsOf, text, type ResultContext } from './shared.ts';

const filtersQuery = {
  type: 'object',
  properties: { company_id: idSchema, course_id: idSchema, sector_id: idSchema },
} as const;

/** Registers the respondents of a view with a list of respondents. */
export function viewRespondentRoutes(app: FastifyInstance, { staff, datasets }: ResultContext) {
  app.get<{ Params: { dashboardId: number }; Querystring: Pick<DashboardFilters, 'company_id' | 'course_id' | 'sector_id'> }>(
    '/tableresponse/answeredReport/:dashboardId',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Respondentes de um painel com lista de respondentes (-2, -1, 8, 10) sob os filtros: nome e se respondeu tudo',
        security: bearer,
        params: { type: 'object', required: ['dashboardId'], properties: { dashboardId: { type: 'integer', minimum: -1000, maximum: 1000 } } },
        querystring: filtersQuery,
        response: {
          200: { type: 'array', items: { type: 'object', required: ['name', 'done'], properties: { user_id: { type: 'integer' }, name: { type: 'string' }, done: { type: 'boolean' } } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { dashboardId } = request.params;
      const dashboard = app.definitions.dashboards.get(dashboardId);
      if (!dashboard) throw new HttpError(404, format(messages.api.dashboardNotFound, { id: dashboardId }));
      // The view's own list of people (never an internal one).
      const name = Object.entries(dashboard.datasets).find(([, dataset]) => !('from' in dataset) && dataset.query === 'people' && !dataset.internal)?.[0];
      if (!name) throw new HttpError(404, format(messages.api.noRespondentList, { id: dashboardId }));
      const computed = await datasets(request.account!, dashboardId, request.query, [name]);
      return [...groupBy(rowsOf(computed, name), 'person')].map(([person, rows]) => ({
        user_id: Number(person),
        name: text(rows[0]!.name),
        done: rows.every((row) => row.done === true),
      }));
    },
  );
}
