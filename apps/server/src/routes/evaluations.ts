import type { FastifyInstance } from 'fastify';
import { expiryFor } from '../../../../engine/lifecycle/linkState.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import { findEvaluation, insertEvaluations } from '../repositories/evaluations.ts';
import { findSectors } from '../repositories/sectors.ts';
import { findUsers } from '../repositories/users.ts';
import { bearer, errorResponses, idSchema, isUuid, nullableIdSchema } from '../schemas/common.ts';

/** One evaluation to create, as `POST /evaluation` receives it. */
interface EvaluationRequest {
  user_id: number;
  user_name?: string;
  type_evaluation: number;
  validate: number;
  evaluated?: number | null;
  evaluated_name?: string | null;
  version?: number | null;
  usercourse_id?: number | null;
  rated_sector?: number | null;
}

const MAX_BATCH = 1000;

/** `POST /evaluation` (staff) creates evaluations; `GET /evaluation/find/{id}` (public) reads a link. */
export async function evaluationRoutes(app: FastifyInstance, options: { findLimit: number }) {
  app.post<{ Body: { users: EvaluationRequest[] } }>(
    '/evaluation',
    {
      preHandler: [app.authenticate, app.requireTypes(1, 2)],
      schema: {
        tags: ['evaluations'],
        summary: 'Criar avaliações (uma transação)',
        security: bearer,
        body: {
          type: 'object',
          required: ['users'],
          properties: {
            users: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_BATCH,
              items: {
                type: 'object',
                required: ['user_id', 'type_evaluation', 'validate'],
                properties: {
                  user_id: idSchema,
                  user_name: { type: 'string', maxLength: 200 },
                  type_evaluation: { type: 'integer', minimum: -1000, maximum: 1000 },
                  validate: { type: 'integer', minimum: -100000, maximum: 100000 },
                  evaluated: nullableIdSchema,
                  evaluated_name: { type: ['string', 'null'], maxLength: 200 },
                  version: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
                  usercourse_id: nullableIdSchema,
                  rated_sector: nullableIdSchema,
                },
              },
            },
          },
        },
        response: {
          201: {
            type: 'object',
            required: ['evaluations'],
            properties: {
              evaluations: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['evaluation_id', 'user_id', 'type_evaluation', 'expire_at'],
                  properties: {
                    evaluation_id: { type: 'string' },
                    user_id: { type: 'integer' },
                    type_evaluation: { type: 'integer' },
                    expire_at: { type: 'string' },
                  },
                },
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const account = request.account!;
      const requests = request.body.users;
      for (const item of requests) {
        if (!app.definitions.types.has(item.type_evaluation)) {
          throw new HttpError(400, format(messages.api.unknownType, { type: item.type_evaluation }));
        }
        if (item.validate < 1 || item.validate > 365) throw new HttpError(400, messages.api.validateDays);
      }
      const userIds = [...new Set(requests.flatMap((item) => [item.user_id, ...(item.evaluated ? [item.evaluated] : [])]))];
      const found = new Map((await findUsers(app.db, userIds)).map((user) => [user.id, user]));
      for (const id of userIds) {
        const user = found.get(id);
        // A company user learns nothing about users outside its company: absent and foreign look alike.
        if (account.typeAccount !== 1 && (!user || user.companyId === null || user.companyId !== account.companyId)) {
          throw new HttpError(404, format(messages.api.userNotFound, { id }));
        }
        if (!user) throw new HttpError(400, format(messages.api.userNotFound, { id }));
      }
      const sectorIds = [...new Set(requests.flatMap((item) => (item.rated_sector ? [item.rated_sector] : [])))];
      const sectors = new Map((await findSectors(app.db, sectorIds)).map((sector) => [sector.id, sector]));
      for (const id of sectorIds) {
        const sector = sectors.get(id);
        if (!sector || (account.typeAccount !== 1 && sector.companyId !== account.companyId)) {
          throw new HttpError(404, format(messages.api.sectorNotFound, { id }));
        }
      }
      const now = new Date();
      const rows = requests.map((item) => ({
        userId: item.user_id,
        rated: item.evaluated ?? item.user_id,
        ratedSector: item.rated_sector ?? null,
        typeEvaluation: item.type_evaluation,
        version: item.version ?? null,
        expireAt: expiryFor(now, item.validate, app.settings.timeZone),
        usercourseId: item.usercourse_id ?? null,
      }));
      const created = await app.db.transaction((tx) => insertEvaluations(tx, rows));
      return reply.code(201).send({
        evaluations: created.map((row) => ({
          evaluation_id: row.id,
          user_id: row.userId,
          type_evaluation: row.typeEvaluation,
          expire_at: row.expireAt!.toISOString(),
        })),
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/evaluation/find/:id',
    {
      config: { rateLimit: { max: options.findLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['evaluations'],
        summary: 'Dados de um link de avaliação (público)',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        response: {
          200: {
            type: 'object',
            required: ['id', 'user_id', 'rated', 'rated_sector', 'type_evaluation', 'version', 'done', 'expire_at', 'evaluator_name', 'rated_name'],
            properties: {
              id: { type: 'string' },
              user_id: { type: 'integer' },
              rated: { type: ['integer', 'null'] },
              rated_sector: { type: ['integer', 'null'] },
              type_evaluation: { type: 'integer' },
              version: { type: ['integer', 'null'] },
              done: { type: 'boolean' },
              expire_at: { type: ['string', 'null'] },
              evaluator_name: { type: 'string' },
              rated_name: { type: ['string', 'null'] },
            },
          },
          ...errorResponses(404, 429),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const evaluation = isUuid(id) ? await findEvaluation(app.db, id.toLowerCase()) : null;
      if (!evaluation) throw new HttpError(404, messages.api.evaluationNotFound);
      return {
        id: evaluation.id,
        user_id: evaluation.userId,
        rated: evaluation.rated,
        rated_sector: evaluation.ratedSector,
        type_evaluation: evaluation.typeEvaluation,
        version: evaluation.version,
        done: evaluation.done,
        expire_at: evaluation.expireAt ? evaluation.expireAt.toISOString() : null,
        evaluator_name: evaluation.evaluatorName,
        rated_name: evaluation.ratedName,
      };
    },
  );
}
