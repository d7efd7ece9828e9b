import type { FromSchema } from 'json-schema-to-ts';
import { filterProperties } from '../../../../engine/filters.ts';

/*
 * The dashboards' calls' filters and data, as JSON Schemas (`as const`). The filters' fields and their
 * schemas come from the filter vocabulary (`engine/filters.ts`).
 */

/** The filters of the data, report and export calls (body). */
export const filtersSchema = {
  type: 'object',
  properties: {
    ...filterProperties,
    pages: { type: 'object', maxProperties: 20, additionalProperties: { type: 'integer', minimum: 0, maximum: 100000 } },
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

/** The same filters, or no body at all. */
export const filtersBodySchema = { ...filtersSchema, type: ['object', 'null'] } as const;

/** The options call takes the filters in its query string (no pages, no editions). */
export const queryFiltersSchema = { ...filtersSchema, properties: filterProperties } as const;

/** A view's id in a path ("13", "-1"); anything else is a 404. */
export const dashboardParamsSchema = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 20 } } } as const;

/** A filter of a view in a path (`/dashboards/{id}/options/{filter}`). */
export const filterParamsSchema = {
  type: 'object',
  required: ['id', 'filter'],
  properties: { id: { type: 'string', maxLength: 20 }, filter: { type: 'string', maxLength: 20 } },
} as const;

const rowSchema = { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } } as const;

/** The data call's answer: every dataset of the view, computed and transformed on the server. */
export const dashboardDataSchema = {
  type: 'object',
  required: ['respondents', 'datasets'],
  additionalProperties: false,
  properties: {
    respondents: { type: 'integer' },
    datasets: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['rows'],
        additionalProperties: false,
        properties: { rows: { type: 'array', items: rowSchema }, page: { type: 'integer' }, total: { type: 'integer' } },
      },
    },
    editions: {
      type: 'array',
      description: 'Tipos cujas respostas vêm de versões do questionário com pontuações diferentes: os números usam só a versão `chosen`',
      items: {
        type: 'object',
        required: ['type', 'name', 'chosen', 'available'],
        additionalProperties: false,
        properties: {
          type: { type: 'integer' },
          name: { type: 'string' },
          chosen: { type: 'integer' },
          available: { type: 'array', items: { type: 'object', required: ['major', 'respondents'], additionalProperties: false, properties: { major: { type: 'integer' }, respondents: { type: 'integer' } } } },
        },
      },
    },
    withheld: {
      type: 'array',
      description: 'Conjuntos anônimos retidos: menos respondentes que o mínimo da empresa (`message` diz por quê); suas linhas não vêm (a autoavaliação do 360, sim)',
      items: {
        type: 'object',
        required: ['dataset', 'respondents', 'minimum', 'message'],
        additionalProperties: false,
        properties: { dataset: { type: 'string' }, respondents: { type: 'integer' }, minimum: { type: 'integer' }, message: { type: 'string' } },
      },
    },
  },
} as const;

/** The options call's answer: a filter's choices. */
export const filterOptionsSchema = {
  type: 'object',
  required: ['options'],
  additionalProperties: false,
  properties: {
    options: {
      type: 'array',
      items: { type: 'object', required: ['value', 'label'], additionalProperties: false, properties: { value: { type: ['integer', 'string'] }, label: { type: 'string' } } },
    },
  },
} as const;

/** A filter's choices, as the options call answers them. */
export type FilterOptions = FromSchema<typeof filterOptionsSchema>;
