import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { FILTER_FIELDS, type FilterField } from '../../../../engine/filters.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { dashboardDataSchema, dashboardParamsSchema, filterOptionsSchema, filterParamsSchema, filtersBodySchema, queryFiltersSchema } from '../contract/dashboards.ts';
import { HttpError } from '../errors.ts';
import { dashboardData } from '../results/dashboards.ts';
import { checkFilters, filterChoices, offersFilter, requireCompanyChoice } from '../results/filters.ts';
import { dashboardNamed } from '../results/views.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';

/**
 * The dashboards' generic calls: `POST /dashboards/{id}/data` computes every dataset of a view on the
 * server under the filters; `GET /dashboards/{id}/options/{filter}` lists a filter's choices. Both keep
 * a company user to its own company.
 */
export async function dashboardRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

  app.post(
    '/dashboards/:id/data',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Dados agregados de um painel sob os filtros',
        security: bearer,
        params: dashboardParamsSchema,
        body: filtersBodySchema,
        response: { 200: dashboardDataSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const dashboard = dashboardNamed(app.definitions, request.params.id);
      const filters = await checkFilters(app.db, request.account!, dashboard, request.body ?? {});
      requireCompanyChoice(dashboard, filters);
      return dashboardData(app.db, app.definitions, dashboard, filters, { timeZone: app.settings.timeZone });
    },
  );

  app.get(
    '/dashboards/:id/options/:filter',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Opções de um filtro de um painel',
        security: bearer,
        params: filterParamsSchema,
        querystring: queryFiltersSchema,
        response: { 200: filterOptionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const dashboard = dashboardNamed(app.definitions, request.params.id);
      const filter = request.params.filter as FilterField;
      const named = FILTER_FIELDS.includes(filter);
      // A filter of the vocabulary is named; any other text of the path is not repeated.
      if (!named || !offersFilter(dashboard, filter)) throw new HttpError(404, named ? format(messages.api.unknownFilter, { filter }) : messages.api.notFound);
      const filters = await checkFilters(app.db, request.account!, dashboard, request.query);
      return { options: await filterChoices(app.db, app.settings.timeZone, request.account!, dashboard, filter, filters) };
    },
  );
}
