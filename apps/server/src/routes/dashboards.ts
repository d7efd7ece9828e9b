import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import type { DashboardDefinition, DashboardFilters, FilterName } from '../../../../engine/definition/dashboard.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import { checkFilters, dashboardData, filterChoices, requireCompanyChoice } from '../results/dashboards.ts';
import { bearer, errorResponses, idSchema as id } from '../schemas/common.ts';

/** Every filter name the options call knows (the grammar's filters and "course"). */
const FILTERS: (FilterName | 'course')[] = ['company', 'course', 'sector', 'colleague', 'evaluated', 'version', 'alignment'];

/** The filters of the data and options calls (query string or body). */
export const filtersSchema = {
  type: 'object',
  properties: {
    company_id: id,
    course_id: id,
    all_companies: { type: 'boolean', description: "Todas as empresas clientes juntas, pedido explícito da equipe ('Todas as empresas'); sem empresa, curso ou isto, os dados de um painel com o filtro de empresa respondem 400" },
    sector_id: id,
    colleague_id: id,
    evaluated_id: id,
    version: { type: 'integer', minimum: 0, maximum: 2147483647 },
    pages: { type: 'object', maxProperties: 20, additionalProperties: { type: 'integer', minimum: 0, maximum: 100000 } },
    alignment_id: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
    editions: {
      type: 'object',
      description: 'Versão principal do questionário cujas respostas o painel lê, por tipo de avaliação ("13": 1), quando há respostas de versões com pontuações diferentes',
      maxProperties: 20,
      propertyNames: { pattern: '^-?[0-9]{1,4}$' },
      additionalProperties: { type: 'integer', minimum: 1, maximum: 1000 },
    },
  },
  additionalProperties: false,
} as const;

/** The options call takes the filters in its query string (no pages). */
const { pages: _pages, editions: _editions, ...queryProperties } = filtersSchema.properties;
const queryFiltersSchema = { ...filtersSchema, properties: queryProperties } as const;

const rowSchema = { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } } as const;

/**
 * The view a route's `:id` names ("13", "-1"), else a 404: 'Painel 99 não encontrado' for a number, and
 * the plain not-found answer for anything else (the path's text is never repeated).
 */
export function dashboardFromParam(app: FastifyInstance, raw: string): DashboardDefinition {
  const numeric = /^-?\d{1,4}$/.test(raw);
  const dashboard = numeric ? app.definitions.dashboards.get(Number(raw)) : undefined;
  if (!dashboard) throw new HttpError(404, numeric ? format(messages.api.dashboardNotFound, { id: raw }) : messages.api.notFound);
  return dashboard;
}

/**
 * The dashboards' generic calls: `POST /dashboards/{id}/data` computes every dataset of a view on the
 * server under the filters; `GET /dashboards/{id}/options/{filter}` lists a filter's choices. Both keep
 * a company user to its own company.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

  const dashboardOf = (raw: string) => dashboardFromParam(app, raw);

  app.post<{ Params: { id: string }; Body: DashboardFilters | undefined }>(
    '/dashboards/:id/data',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Dados agregados de um painel sob os filtros',
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 20 } } },
        body: { ...filtersSchema, type: ['object', 'null'] },
        response: {
          200: {
            type: 'object',
            required: ['respondents', 'datasets'],
            properties: {
              respondents: { type: 'integer' },
              datasets: {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  required: ['rows'],
                  properties: { rows: { type: 'array', items: rowSchema }, page: { type: 'integer' }, total: { type: 'integer' } },
                },
              },
              editions: {
                type: 'array',
                description: 'Tipos cujas respostas vêm de versões do questionário com pontuações diferentes: os números usam só a versão `chosen`',
                items: {
                  type: 'object',
                  required: ['type', 'name', 'chosen', 'available'],
                  properties: {
                    type: { type: 'integer' },
                    name: { type: 'string' },
                    chosen: { type: 'integer' },
                    available: { type: 'array', items: { type: 'object', required: ['major', 'respondents'], properties: { major: { type: 'integer' }, respondents: { type: 'integer' } } } },
                  },
                },
              },
              withheld: {
                type: 'array',
                description: 'Conjuntos anônimos retidos: menos respondentes que o mínimo da empresa (`message` diz por quê); suas linhas não vêm (a autoavaliação do 360, sim)',
                items: {
                  type: 'object',
                  required: ['dataset', 'respondents', 'minimum', 'message'],
                  properties: { dataset: { type: 'string' }, respondents: { type: 'integer' }, minimum: { type: 'integer' }, message: { type: 'string' } },
                },
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const dashboard = dashboardOf(request.params.id);
      const filters = await checkFilters(app.db, request.account!, dashboard, request.body ?? {});
      requireCompanyChoice(dashboard, filters);
      return dashboardData(app.db, app.definitions, dashboard, filters);
    },
  );

  app.get<{ Params: { id: string; filter: string }; Querystring: DashboardFilters }>(
    '/dashboards/:id/options/:filter',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Opções de um filtro de um painel',
        security: bearer,
        params: { type: 'object', required: ['id', 'filter'], properties: { id: { type: 'string', maxLength: 20 }, filter: { type: 'string', maxLength: 20 } } },
        querystring: queryFiltersSchema,
        response: {
          200: {
            type: 'object',
            required: ['options'],
            properties: {
              options: {
                type: 'array',
                items: { type: 'object', required: ['value', 'label'], properties: { value: { type: ['integer', 'string'] }, label: { type: 'string' } } },
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const dashboard = dashboardOf(request.params.id);
      const filter = request.params.filter as FilterName | 'course';
      const known = FILTERS.includes(filter) && (dashboard.filters.includes(filter as FilterName) || (filter === 'course' && dashboard.filters.includes('company')));
      // A filter of the grammar is named; any other text of the path is not repeated.
      if (!known) throw new HttpError(404, FILTERS.includes(filter) ? format(messages.api.unknownFilter, { filter }) : messages.api.notFound);
      const filters = await checkFilters(app.db, request.account!, dashboard, request.query);
      return { options: await filterChoices(app.db, request.account!, dashboard, filter, filters) };
    },
  );
}
