import type { FastifyInstance } from 'fastify';
import type { Row } from '../../../../../engine/definition/dashboard.ts';
import { messages } from '../../../../../engine/messages.ts';
import { visibleCompany } from '../../access.ts';
import { HttpError } from '../../errors.ts';
import { checkFilters, filterChoices } from '../../results/filters.ts';
import { bearer, errorResponses, idSchema, idNameListSchema } from '../../schemas/common.ts';
import type { Account } from '../../types.ts';
import { number, rowsOf, text, type ResultContext } from './shared.ts';

const versionSchema = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

/** Registers the result calls of the 360 evaluation (dashboard 2): the evaluated people, the counts and the answers of a question. */
export function evaluation360Routes(app: FastifyInstance, { staff, view, datasets }: ResultContext) {
  app.get<{ Params: { companyId: number } }>(
    '/tableresponse/respondents/:companyId/2',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Avaliados com avaliação 360 respondida de uma empresa (o filtro Avaliado do painel 2)',
        security: bearer,
        params: { type: 'object', required: ['companyId'], properties: { companyId: idSchema } },
        response: {
          200: idNameListSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const { companyId } = request.params;
      await visibleCompany(app.db, account, companyId);
      const dashboard = view(2);
      const filters = await checkFilters(app.db, account, dashboard, { company_id: companyId });
      const choices = await filterChoices(app.db, app.settings.timeZone, account, dashboard, 'evaluated', filters);
      return choices.map((choice) => ({ id: Number(choice.value), name: choice.label }));
    },
  );

  async function count360(account: Account, userId: number, version: number) {
    const computed = await datasets(account, 2, { evaluated_id: userId, version }, ['answered']);
    return { count: rowsOf(computed, 'answered').length };
  }

  const countSchema = (summary: string) => ({
    tags: ['results'],
    summary,
    security: bearer,
    params: { type: 'object', required: ['id', 'version'], properties: { id: idSchema, version: versionSchema } },
    response: { 200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } }, ...errorResponses(400, 401, 403, 404) },
  });

  // Version 1 of this path is the 360 interview's count (GET …/1/1, static, preferred by the router).
  app.get<{ Params: { id: number; version: number } }>(
    '/tableresponse/count/all/true/:id/1/:version',
    { preHandler: staff, schema: countSchema('Número de avaliações 360 respondidas de um avaliado numa versão (a versão 1 deste caminho é a da entrevista 360: use /tableresponse/count/360)') },
    async (request) => count360(request.account!, request.params.id, request.params.version),
  );

  app.get<{ Params: { id: number; version: number } }>(
    '/tableresponse/count/360/:id/:version',
    { preHandler: staff, schema: countSchema('Número de avaliações 360 respondidas (autoavaliação incluída) de um avaliado numa versão') },
    async (request) => count360(request.account!, request.params.id, request.params.version),
  );

  app.get<{ Params: { userId: number; question: number; version: number } }>(
    '/tableresponse/360/:userId/:question/:version',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Respostas de uma pergunta (1 a 14) da avaliação 360 de um avaliado numa versão: contagem por opção (1 a 10) ou textos (11 a 14)',
        security: bearer,
        params: {
          type: 'object',
          required: ['userId', 'question', 'version'],
          properties: { userId: idSchema, question: { type: 'integer', minimum: 1, maximum: 14 }, version: versionSchema },
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['response', 'qtt_response', 'selected_auto'],
              properties: {
                response: { type: 'string', description: 'Valor da opção (1 a 10) ou o texto (11 a 14)' },
                qtt_response: { type: 'integer' },
                selected_auto: { type: 'boolean', description: 'true: autoavaliação' },
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { userId, question, version } = request.params;
      const id = String(question);
      const dashboard = view(2);
      // The dataset listing the question: option counts (statements) or free texts (open).
      const name = ['statements', 'open'].find((candidate) => {
        const dataset = dashboard.datasets[candidate]!;
        return !('from' in dataset) && 'questions' in dataset && (dataset.questions ?? []).includes(id);
      });
      const computed = name ? await datasets(request.account!, 2, { evaluated_id: userId, version }, [name]) : new Map<string, Row[]>();
      const rows = rowsOf(computed, name ?? '').filter((row) => row.question === id);
      let answer: { response: string; qtt_response: number; selected_auto: boolean; order: number }[];
      if (name === 'statements') {
        // One row per option and role; the self-evaluation may come from two types (1, and 2 about oneself).
        const byOption = new Map<string, { response: string; qtt_response: number; selected_auto: boolean; order: number }>();
        for (const row of rows) {
          const key = `${text(row.option)}/${row.self === true}`;
          const entry = byOption.get(key) ?? { response: text(row.option), qtt_response: 0, selected_auto: row.self === true, order: number(row.optionOrder) };
          entry.qtt_response += number(row.count);
          byOption.set(key, entry);
        }
        answer = [...byOption.values()].filter((entry) => entry.qtt_response > 0).sort((a, b) => a.order - b.order || Number(a.selected_auto) - Number(b.selected_auto));
      } else {
        answer = rows.map((row, order) => ({ response: text(row.text), qtt_response: 1, selected_auto: row.self === true, order }));
        answer.sort((a, b) => Number(a.selected_auto) - Number(b.selected_auto) || a.order - b.order);
      }
      if (answer.length === 0) throw new HttpError(404, messages.api.resultDataNotFound);
      return answer.map(({ response, qtt_response, selected_auto }) => ({ response, qtt_response, selected_auto }));
    },
  );
}
