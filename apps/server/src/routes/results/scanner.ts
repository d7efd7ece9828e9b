import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DashboardDefinition, DashboardFilters, Row } from '../../../../../engine/definition/dashboard.ts';
import { messages } from '../../../../../engine/messages.ts';
import { visibleUsers } from '../../access.ts';
import { HttpError } from '../../errors.ts';
import { checkFilters } from '../../results/filters.ts';
import { filterConditions } from '../../repositories/results/scope.ts';
import { bearer, errorResponses, idSchema } from '../../schemas/common.ts';
import { groupBy, MAX_IDS, nullableText, number, numberArray, rowsOf, stringArray, text, USED, type ResultContext } from './shared.ts';

/** The evaluation types of the scanner (dashboard -2's per-person datasets), by the answer's keys. */
const SCANNER_DATASETS = { 3: 'alpha', 4: 'via', 5: 'temperaments', 6: 'motivational', 9: 'objections' } as const;

const MAX_FILTER_IDS = 100;
/** Evaluation ids passed to one computation of the scanner respondents (each is one SQL parameter). */
const RESPONDENTS_CHUNK = 5000;

const evaluationSchema = {
  type: 'object',
  required: ['name', 'type_evaluation', 'created_at', 'expire_at', 'done', 'response_at'],
  properties: {
    name: { type: 'string', description: 'Nome do tipo de avaliação' },
    type_evaluation: { type: 'integer' },
    created_at: { type: 'string' },
    expire_at: { type: ['string', 'null'] },
    done: { type: 'boolean' },
    response_at: { type: ['string', 'null'], description: 'Data da resposta (null se pendente)' },
  },
} as const;

const alphaPairSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['style', 'label', 'force', 'risk'],
    properties: { style: { type: 'string' }, label: { type: 'string' }, force: { type: ['number', 'null'] }, risk: { type: ['number', 'null'] } },
  },
} as const;
const temperamentSchema = {
  type: 'array',
  items: { type: 'object', required: ['label', 'count', 'color'], properties: { label: { type: 'string' }, count: { type: 'number' }, color: { type: ['string', 'null'] } } },
} as const;

/** Force and risk per style from rows split into `style`/`measure` (the Alpha datasets). */
function alphaPairs(rows: Row[]) {
  return [...groupBy(rows, 'style')].map(([style, group]) => ({
    style,
    label: text(group[0]!.styleLabel ?? style),
    force: group.find((row) => row.measure === 'forca')?.value ?? null,
    risk: group.find((row) => row.measure === 'risco')?.value ?? null,
  }));
}

/** One evaluation of a `people` dataset row as the scanner calls show it. */
function evaluationOf(row: Row) {
  return {
    name: text(row.typeName),
    type_evaluation: number(row.type),
    created_at: text(row.createdAt),
    expire_at: nullableText(row.expireAt),
    done: row.done === true,
    response_at: nullableText(row.respondedAt),
  };
}

/** The evaluation types the query datasets of a view read. */
const typesOfView = (dashboard: DashboardDefinition, names: string[]) =>
  [...new Set(names.flatMap((name) => { const dataset = dashboard.datasets[name]!; return 'from' in dataset ? [] : dataset.types; }))];

const typeList = (types: number[]) => sql.join(types.map((type) => sql`${type}`), sql`, `);

/** Registers the scanner calls (dashboards -2 and -1): the consolidated scanner, its respondents and a person's evaluations. */
export function scannerRoutes(app: FastifyInstance, { staff, view, computeAll, datasets, inScoreOrder }: ResultContext) {
  async function select<T>(query: SQL): Promise<T[]> {
    return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  app.post<{ Body: { user_ids: number[] } }>(
    '/tableresponse/scanner/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Scanner consolidado das pessoas indicadas (a última avaliação respondida de cada teste de cada pessoa)',
        security: bearer,
        body: { type: 'object', required: ['user_ids'], properties: { user_ids: { type: 'array', maxItems: MAX_IDS, items: idSchema } } },
        response: {
          200: {
            type: 'object',
            required: ['consolidated', 'scannerUsers'],
            properties: {
              consolidated: {
                type: 'object',
                required: ['alpha', 'via', 'temperamentos', 'motivacional', 'objecoes'],
                properties: {
                  alpha: { ...alphaPairSchema, description: 'Média de força e risco de cada estilo' },
                  via: {
                    type: 'array',
                    description: 'Pessoas com cada força entre as cinco de assinatura',
                    items: { type: 'object', required: ['strength', 'quantity'], properties: { strength: { type: 'string' }, quantity: { type: 'integer' } } },
                  },
                  temperamentos: { ...temperamentSchema, description: 'Média de palavras de cada temperamento' },
                  motivacional: { ...numberArray, description: 'Média de cada tipo (%), na ordem intrínseca … externa' },
                  objecoes: { ...numberArray, description: 'Média de cada estilo, na ordem Divergente, Conflitante, Convergente, Concorrente' },
                },
              },
              scannerUsers: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'user_id', 'evaluations'],
                  properties: {
                    name: { type: 'string' },
                    user_id: { type: 'integer' },
                    evaluations: {
                      type: 'object',
                      required: ['3', '4', '5', '6', '9'],
                      properties: {
                        3: { anyOf: [alphaPairSchema, { type: 'null' }] },
                        4: { anyOf: [stringArray, { type: 'null' }] },
                        5: { anyOf: [temperamentSchema, { type: 'null' }] },
                        6: { anyOf: [numberArray, { type: 'null' }] },
                        9: { anyOf: [numberArray, { type: 'null' }] },
                      },
                    },
                  },
                },
              },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const dashboard = view(-2);
      const filters = await checkFilters(app.db, account, dashboard, {});
      const personIds = [...new Set(request.body.user_ids)];
      // Each person's latest done evaluation of each test: a repeated scanner counts once, with its newest answers.
      const types = typesOfView(dashboard, USED[-2]!);
      const latest = personIds.length === 0 ? [] : await select<{ id: string }>(
        sql`select distinct on (evaluations.user_id, evaluations.type_evaluation) evaluations.id from evaluations
          where evaluations.done = true and evaluations.type_evaluation in (${typeList(types)})
          ${sql.join(filterConditions({ company_id: filters.company_id, person_ids: personIds }).map((condition) => sql` and ${condition}`), sql``)}
          order by evaluations.user_id, evaluations.type_evaluation, evaluations.created_at desc, evaluations.id desc`,
      );
      const computed = await computeAll(dashboard, { ...filters, person_ids: personIds, evaluation_ids: latest.map((row) => String(row.id)) }, USED[-2]!);
      const numbers = (type: number, rows: Row[]) => inScoreOrder(type, rows).map((row) => number(row.value));
      const temperaments = (rows: Row[]) => inScoreOrder(5, rows).map((row) => ({ label: text(row.label), count: number(row.value), color: nullableText(row.color) }));
      const perPerson = Object.fromEntries(Object.values(SCANNER_DATASETS).map((name) => [name, groupBy(rowsOf(computed, name), 'person')])) as Record<string, Map<string, Row[]>>;
      const scannerUsers = [...groupBy(rowsOf(computed, 'people'), 'person')].map(([person, rows]) => {
        const of = (name: string) => perPerson[name]!.get(person);
        const alpha = of('alpha');
        const via = of('via');
        const temperament = of('temperaments');
        const motivational = of('motivational');
        const objections = of('objections');
        return {
          name: text(rows[0]!.name),
          user_id: Number(person),
          evaluations: {
            3: alpha ? alphaPairs(inScoreOrder(3, alpha)) : null,
            4: via ? [...via].sort((a, b) => number(a.position) - number(b.position)).map((row) => text(row.value)) : null,
            5: temperament ? temperaments(temperament) : null,
            6: motivational ? numbers(6, motivational) : null,
            9: objections ? numbers(9, objections) : null,
          },
        };
      });
      return {
        consolidated: {
          alpha: alphaPairs(inScoreOrder(3, rowsOf(computed, 'groupAlpha'))),
          via: rowsOf(computed, 'groupVia').map((row) => ({ strength: text(row.optionLabel), quantity: number(row.people) })),
          temperamentos: temperaments(rowsOf(computed, 'groupTemperaments')),
          motivacional: numbers(6, rowsOf(computed, 'groupMotivational')),
          objecoes: numbers(9, rowsOf(computed, 'groupObjections')),
        },
        scannerUsers,
      };
    },
  );

  const respondentSchema = {
    type: 'array',
    items: {
      type: 'object',
      required: ['user_id', 'name', 'all_done', 'evaluations'],
      properties: {
        user_id: { type: 'integer' },
        name: { type: 'string' },
        all_done: { type: 'boolean', description: 'Todas as avaliações da pessoa respondidas (linha verde; senão amarela)' },
        evaluations: { type: 'array', items: evaluationSchema },
      },
    },
  } as const;

  app.post<{ Body: { sector_ids?: number[]; course_ids?: number[]; company_ids?: number[] } }>(
    '/evaluation/scanner/respondents',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary:
          'Respondentes do scanner com cada avaliação (respondida ou pendente). Listas dadas se combinam: setores (qualquer um) e cursos (qualquer um) e empresas (qualquer uma)',
        security: bearer,
        body: {
          type: 'object',
          properties: {
            sector_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
            course_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
            company_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
          },
        },
        response: { 200: respondentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const account = request.account!;
      const body = request.body;
      const lists: [keyof DashboardFilters, number[]][] = [
        ['sector_id', [...new Set(body.sector_ids ?? [])]],
        ['course_id', [...new Set(body.course_ids ?? [])]],
        ['company_id', [...new Set(body.company_ids ?? [])]],
      ];
      if (lists.every(([, ids]) => ids.length === 0)) throw new HttpError(400, messages.api.scannerFiltersRequired);
      const dashboard = view(-1);
      const filters = await checkFilters(app.db, account, dashboard, {});
      // The engine's own filter conditions, any id of a list, every list given; ids of another company match nothing.
      const conditions = lists
        .filter(([, ids]) => ids.length > 0)
        .map(([field, ids]) => sql`(${sql.join(ids.map((id) => sql.join(filterConditions({ [field]: id }), sql` and `)), sql` or `)})`);
      const found = await select<{ id: string; user_id: number }>(
        sql`select evaluations.id, evaluations.user_id from evaluations join users u on u.id = evaluations.user_id
          where evaluations.type_evaluation in (${typeList(typesOfView(dashboard, ['people']))})
          ${sql.join([...filterConditions({ company_id: filters.company_id }), ...conditions].map((condition) => sql` and ${condition}`), sql``)}
          order by u.name, evaluations.user_id`,
      );
      // Computed a few thousand evaluations at a time, never splitting a person (whose rows say whether all are done).
      const chunks: string[][] = [];
      let current: string[] = [];
      found.forEach((row, index) => {
        current.push(String(row.id));
        const personEnds = index === found.length - 1 || found[index + 1]!.user_id !== row.user_id;
        if (personEnds && current.length >= RESPONDENTS_CHUNK) {
          chunks.push(current);
          current = [];
        }
      });
      if (current.length > 0) chunks.push(current);
      const rows: Row[] = [];
      for (const ids of chunks) rows.push(...rowsOf(await computeAll(dashboard, { ...filters, evaluation_ids: ids }, ['people']), 'people'));
      return [...groupBy(rows, 'person')].map(([person, group]) => ({
        user_id: Number(person),
        name: text(group[0]!.name),
        all_done: group.every((row) => row.done === true),
        evaluations: group.map(evaluationOf),
      }));
    },
  );

  app.get<{ Params: { userId: number } }>(
    '/evaluation/find/scanner/:userId',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Avaliações do scanner (Alpha, VIA, Temperamentos, Motivacional, Objeções) de uma pessoa, respondidas ou pendentes',
        security: bearer,
        params: { type: 'object', required: ['userId'], properties: { userId: idSchema } },
        response: { 200: { type: 'array', items: evaluationSchema }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      await visibleUsers(app.db, request.account!, [userId]);
      const computed = await datasets(request.account!, -1, {}, ['people'], { person_ids: [userId] });
      return rowsOf(computed, 'people').map(evaluationOf);
    },
  );
}
