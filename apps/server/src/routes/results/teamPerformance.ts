import type { FastifyInstance } from 'fastify';
import { bearer, errorResponses, idSchema } from '../../schemas/common.ts';
import { number, numberArray, rowsOf, text, type ResultContext } from './shared.ts';

/** Registers the team performance call (dashboard 7). */
export function teamPerformanceRoutes(app: FastifyInstance, { staff, datasets }: ResultContext) {
  app.get<{ Params: { userId: number } }>(
    '/tableresponse/desempenho_equipe/:userId',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Desempenho líder vs equipe da última avaliação respondida por um colaborador: notas por tema (0 a 10) e somas',
        security: bearer,
        params: { type: 'object', required: ['userId'], properties: { userId: idSchema } },
        response: {
          200: {
            type: 'object',
            required: ['team', 'personal', 'teamSum', 'personalSum'],
            properties: { team: numberArray, personal: numberArray, teamSum: { type: 'number' }, personalSum: { type: 'number' } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 7, { colleague_id: request.params.userId }, ['themes', 'totals']);
      const themes = rowsOf(computed, 'themes');
      // The scores "team.{question}" and "personal.{question}", in question order.
      const part = (score: string) =>
        themes
          .filter((row) => text(row.score).startsWith(`${score}.`))
          .sort((a, b) => number(a.question) - number(b.question))
          .map((row) => number(row.value));
      const total = (score: string) => number(rowsOf(computed, 'totals').find((row) => row.score === score)?.value);
      return { team: part('team'), personal: part('personal'), teamSum: total('teamSum'), personalSum: total('personalSum') };
    },
  );
}
