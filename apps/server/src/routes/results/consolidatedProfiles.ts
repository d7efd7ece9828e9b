import type { FastifyInstance } from 'fastify';
import { bearer, errorResponses } from '../../schemas/common.ts';
import { evaluationIds, MAX_IDS, number, numberArray, rowsOf, stringArray, text, type ResultContext } from './shared.ts';

const evaluationsBody = {
  type: 'object',
  required: ['evaluations'],
  properties: { evaluations: { type: 'array', maxItems: MAX_IDS, items: { type: 'string', maxLength: 64 } } },
} as const;

/** Registers the consolidated profiles of the evaluations a body lists (dashboards 3, 4, 5, 6 and 9). */
export function consolidatedProfileRoutes(app: FastifyInstance, { staff, datasets, inScoreOrder }: ResultContext) {
  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/cloud',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Nuvem de palavras das forças de assinatura (top 5 de cada pessoa) das avaliações VIA indicadas',
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'object',
            required: ['words'],
            properties: { words: { type: 'array', items: { type: 'object', required: ['word', 'quantity'], properties: { word: { type: 'string' }, quantity: { type: 'integer' } } } } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 4, {}, ['top5'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return { words: rowsOf(computed, 'top5').map((row) => ({ word: text(row.optionLabel), quantity: number(row.people) })) };
    },
  );

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/alpha/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: "Consolidado Alpha das avaliações indicadas: por pessoa, se é alpha e os subtipos primário e secundário ('Empate: …' num lugar dividido, vazio sem lugar)",
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'array',
            items: { type: 'object', required: ['name', 'alpha', 'answers'], properties: { name: { type: 'string' }, alpha: { type: 'boolean' }, answers: stringArray } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 3, {}, ['peopleFlags'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return rowsOf(computed, 'peopleFlags').map((row) => ({ name: text(row.name), alpha: row.isAlpha === true, answers: [text(row['primary.1']), text(row['primary.2'])] }));
    },
  );

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/comunicacao/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary:
          "Consolidado de Tratamento de Objeções: pessoas por estilo principal (Divergente, Conflitante, Convergente, Concorrente, e por último as empatadas no primeiro lugar; quem não respondeu não conta) e os dois estilos de cada pessoa ('Empate: …' num lugar dividido, vazio sem lugar)",
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'object',
            required: ['consolidated', 'users'],
            properties: {
              consolidated: numberArray,
              users: { type: 'array', items: { type: 'object', required: ['name', 'communication'], properties: { name: { type: 'string' }, communication: stringArray } } },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 9, {}, ['people', 'first'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return {
        consolidated: rowsOf(computed, 'first').map((row) => number(row.count)),
        users: rowsOf(computed, 'people').map((row) => ({ name: text(row.name), communication: [text(row['communication.1']), text(row['communication.2'])] })),
      };
    },
  );

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/motivacional/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: "Consolidado Motivacional: média de cada tipo (intrínseca, integrada, identificada, introjetada, externa, em %) e os dois tipos de cada pessoa ('Empate: …' num lugar dividido, vazio sem lugar)",
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'object',
            required: ['chart', 'consolidated'],
            properties: {
              chart: numberArray,
              consolidated: { type: 'array', items: { type: 'object', required: ['name', 'types'], properties: { name: { type: 'string' }, types: stringArray } } },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 6, {}, ['people', 'group'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return {
        chart: inScoreOrder(6, rowsOf(computed, 'group')).map((row) => number(row.value)),
        consolidated: rowsOf(computed, 'people').map((row) => ({ name: text(row.name), types: [text(row['types.1']), text(row['types.2'])] })),
      };
    },
  );

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/temperamentos/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: "Consolidado de Temperamentos: os temperamentos primário e secundário de cada pessoa ('Empate: …' num lugar dividido, vazio sem lugar)",
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'first', 'second', 'primary', 'secondary'],
              properties: { name: { type: 'string' }, first: { type: 'string' }, second: { type: 'string' }, primary: { type: 'string' }, secondary: { type: 'string' } },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 5, {}, ['people'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return rowsOf(computed, 'people').map((row) => {
        const first = text(row['primary.1']);
        const second = text(row['primary.2']);
        return { name: text(row.name), first, second, primary: first, secondary: second };
      });
    },
  );
}
