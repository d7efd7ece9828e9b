import type { FastifyInstance } from 'fastify';
import { expiryFor } from '../../../../engine/lifecycle/linkState.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { planEvaluations, type CreationRequest } from '../../../../engine/lifecycle/creationPlan.ts';
import { canSeeCompany, visibleCompany, visibleUsers } from '../access.ts';
import {
  deleteEvaluation,
  findEvaluation,
  findEvaluations,
  findParticipations,
  insertEvaluations,
  listVersions,
  renewEvaluations,
} from '../repositories/evaluations.ts';
import { findSectors } from '../repositories/sectors.ts';
import { bearer, errorResponses, idSchema, isUuid, nullableIdSchema } from '../schemas/common.ts';
import { evaluationLink } from '../respondent/evaluationLink.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

/** One evaluation to create, as `POST /evaluation` receives it. */
interface EvaluationRequest extends CreationRequest {
  user_name?: string;
  evaluated_name?: string | null;
}

/** One evaluation to renew, as `PATCH /evaluation` receives it. */
interface RenewRequest {
  evaluation_id: string;
  validate: number;
  user_name?: string;
  evaluated_name?: string | null;
  type_evaluation?: number | string;
  expire_at?: string | null;
}

const MAX_BATCH = 1000;
const nameField = { type: ['string', 'null'], maxLength: 200 } as const;
const createdSchema = {
  type: 'object',
  required: ['evaluation_id', 'user_id', 'rated', 'type_evaluation', 'expire_at'],
  properties: {
    evaluation_id: { type: 'string' },
    user_id: { type: 'integer' },
    rated: { type: ['integer', 'null'] },
    type_evaluation: { type: 'integer' },
    expire_at: { type: ['string', 'null'] },
  },
} as const;

/**
 * Staff calls of evaluations: create (`POST /evaluation`, the catalogue's rules, scanner bundles,
 * e-mail jobs in the same transaction), renew (`PATCH /evaluation`), delete (administrators) and the
 * versions of a 360; and the public `GET /evaluation/find/{id}` a respondent link reads.
 */
export async function evaluationRoutes(app: FastifyInstance, options: { findLimit: number }) {
  app.post<{ Body: { users: EvaluationRequest[] } }>(
    '/evaluation',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['evaluations'],
        summary: 'Criar avaliações (uma transação; e-mails em fila)',
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
                required: ['user_id'],
                properties: {
                  user_id: idSchema,
                  user_name: { type: 'string', maxLength: 200 },
                  type_evaluation: { type: ['integer', 'null'], minimum: -1000, maximum: 1000 },
                  validate: { type: ['integer', 'null'], minimum: -100000, maximum: 100000 },
                  evaluated: nullableIdSchema,
                  evaluated_name: nameField,
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
            required: ['message', 'evaluations'],
            properties: { message: { type: 'string' }, evaluations: { type: 'array', items: createdSchema } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const account = request.account!;
      const requests = request.body.users.map((item) => ({ ...item, type_evaluation: item.type_evaluation ?? null }));
      const plan = planEvaluations(requests, app.definitions.types);
      if (!plan.ok) throw new HttpError(400, plan.message);
      const found = await visibleUsers(app.db, account, plan.items.flatMap((item) => [item.userId, item.rated]));
      const sectorIds = [...new Set(plan.items.flatMap((item) => (item.ratedSector ? [item.ratedSector] : [])))];
      const sectors = new Map((await findSectors(app.db, sectorIds)).map((sector) => [sector.id, sector]));
      for (const id of sectorIds) {
        if (!canSeeCompany(account, sectors.get(id)?.companyId)) throw new HttpError(404, format(messages.api.sectorNotFound, { id }));
      }
      // The evaluated person and the rated sector belong to the evaluator's company: otherwise their
      // names would show in another company's listings (an administrator sees every company).
      for (const item of plan.items) {
        const evaluator = found.get(item.userId)!;
        const rated = found.get(item.rated)!;
        if (rated.companyId !== evaluator.companyId) {
          throw new HttpError(400, format(messages.evaluation.ratedOtherCompany, { rated: rated.name, evaluator: evaluator.name }));
        }
        const sector = item.ratedSector === null ? undefined : sectors.get(item.ratedSector);
        if (sector && sector.companyId !== evaluator.companyId) {
          throw new HttpError(400, format(messages.evaluation.sectorOtherCompany, { sector: sector.sectorName, evaluator: evaluator.name }));
        }
      }
      const participations = new Map(
        (await findParticipations(app.db, [...new Set(plan.items.flatMap((item) => (item.usercourseId ? [item.usercourseId] : [])))])).map((row) => [row.id, row]),
      );
      for (const item of plan.items) {
        if (item.usercourseId && participations.get(item.usercourseId)?.userId !== item.userId) {
          throw new HttpError(400, format(messages.evaluation.courseMismatch, { id: item.usercourseId }));
        }
      }
      const now = new Date();
      const rows = plan.items.map((item) => ({
        userId: item.userId,
        rated: item.rated,
        ratedSector: item.ratedSector,
        typeEvaluation: item.typeEvaluation,
        version: item.version,
        expireAt: item.days === null ? null : expiryFor(now, item.days, app.settings.timeZone),
        usercourseId: item.usercourseId,
      }));
      const created = await app.db.transaction(async (tx) => {
        const inserted = await insertEvaluations(tx, rows);
        // Only evaluations with a link are e-mailed (the interview is conducted by staff).
        const mailed = inserted.filter((row) => app.definitions.types.get(row.typeEvaluation)?.slug);
        if (mailed.length > 0) {
          await app.jobs.enqueueEvaluationEmails(
            tx,
            'createEvaluation',
            mailed.map((row) => ({
              evaluation_id: row.id,
              type_evaluation: row.typeEvaluation,
              user_name: found.get(row.userId)!.name,
              evaluated_name: row.rated !== null && row.rated !== row.userId ? (found.get(row.rated)?.name ?? null) : null,
            })),
          );
        }
        await recordAudit(
          tx,
          request,
          inserted.map((row) => ({
            action: 'evaluation.create' as const,
            companyId: found.get(row.userId)!.companyId,
            target: `evaluation:${row.id}`,
            details: { type_evaluation: row.typeEvaluation, user_id: row.userId, rated: row.rated },
          })),
        );
        return inserted;
      });
      const message = created.length === 1 ? messages.evaluation.createdOne : format(messages.evaluation.createdMany, { count: created.length });
      return reply.code(201).send({
        message,
        evaluations: created.map((row) => ({
          evaluation_id: row.id,
          user_id: row.userId,
          rated: row.rated,
          type_evaluation: row.typeEvaluation,
          expire_at: row.expireAt ? row.expireAt.toISOString() : null,
        })),
      });
    },
  );

  app.patch<{ Body: { evaluations: RenewRequest[] } }>(
    '/evaluation',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['evaluations'],
        summary: 'Renovar avaliações: novo vencimento a partir de hoje (e-mails em fila)',
        security: bearer,
        body: {
          type: 'object',
          required: ['evaluations'],
          properties: {
            evaluations: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_BATCH,
              items: {
                type: 'object',
                required: ['evaluation_id', 'validate'],
                properties: {
                  evaluation_id: { type: 'string', maxLength: 64 },
                  validate: { type: 'integer', minimum: -100000, maximum: 100000 },
                  user_name: nameField,
                  evaluated_name: nameField,
                  type_evaluation: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 8 }] },
                  expire_at: { type: ['string', 'null'], maxLength: 64 },
                },
              },
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['message', 'evaluations'],
            properties: {
              message: { type: 'string' },
              evaluations: {
                type: 'array',
                items: { type: 'object', required: ['evaluation_id', 'expire_at'], properties: { evaluation_id: { type: 'string' }, expire_at: { type: 'string' } } },
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const items = request.body.evaluations;
      for (const item of items) {
        if (item.validate < 1 || item.validate > 365) throw new HttpError(400, messages.api.validateDays);
      }
      const ids = [...new Set(items.map((item) => item.evaluation_id.toLowerCase()))];
      const found = new Map((await findEvaluations(app.db, ids.filter(isUuid))).map((row) => [row.id, row]));
      for (const id of ids) {
        const row = found.get(id);
        if (!row || !canSeeCompany(account, row.companyId)) throw new HttpError(404, messages.api.evaluationNotFound);
        const entry = app.definitions.types.get(row.typeEvaluation);
        if (entry?.create?.noExpiry) throw new HttpError(400, format(messages.evaluation.renewNoExpiry, { name: entry.name }));
        if (row.done) throw new HttpError(400, format(messages.evaluation.renewDone, { id }));
      }
      const now = new Date();
      const updates = items.map((item) => ({ id: item.evaluation_id.toLowerCase(), expireAt: expiryFor(now, item.validate, app.settings.timeZone) }));
      await app.db.transaction(async (tx) => {
        await renewEvaluations(tx, updates);
        await app.jobs.enqueueEvaluationEmails(
          tx,
          'updateEvaluation',
          ids.map((id) => {
            const row = found.get(id)!;
            return {
              evaluation_id: id,
              type_evaluation: row.typeEvaluation,
              user_name: row.evaluatorName,
              evaluated_name: row.ratedName !== null && row.ratedName !== row.evaluatorName ? row.ratedName : null,
            };
          }),
        );
        await recordAudit(
          tx,
          request,
          updates.map((update) => ({
            action: 'evaluation.renew' as const,
            companyId: found.get(update.id)!.companyId,
            target: `evaluation:${update.id}`,
            details: { expire_at: update.expireAt.toISOString() },
          })),
        );
      });
      return {
        message: messages.evaluation.renewed,
        evaluations: updates.map((update) => ({ evaluation_id: update.id, expire_at: update.expireAt.toISOString() })),
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/evaluation/:id',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['evaluations'],
        summary: 'Deletar uma avaliação e suas respostas (administrador; irreversível)',
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        response: {
          200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const deleted =
        isUuid(id) &&
        (await app.db.transaction(async (tx) => {
          const [row] = await findEvaluations(tx, [id]);
          if (!row || !(await deleteEvaluation(tx, id))) return false;
          await recordAudit(tx, request, { action: 'evaluation.delete', companyId: row.companyId, target: `evaluation:${id}`, details: { type_evaluation: row.typeEvaluation, done: row.done } });
          return true;
        }));
      if (!deleted) throw new HttpError(404, messages.api.evaluationNotFound);
      return { message: messages.evaluation.deleted };
    },
  );

  app.get<{ Params: { companyId: number; rated: number; type: number } }>(
    '/evaluation/versions/:companyId/:rated/:type',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['evaluations'],
        summary: 'Versões de um tipo de avaliação já dadas a um avaliado (ex.: 360, tipo 2)',
        security: bearer,
        params: {
          type: 'object',
          required: ['companyId', 'rated', 'type'],
          properties: { companyId: idSchema, rated: idSchema, type: { type: 'integer', minimum: -1000, maximum: 1000 } },
        },
        response: {
          200: {
            type: 'array',
            items: { type: 'object', required: ['id', 'version', 'created_at'], properties: { id: { type: 'integer' }, version: { type: 'integer' }, created_at: { type: 'string' } } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { companyId, rated, type } = request.params;
      const account = request.account!;
      await visibleCompany(app.db, account, companyId);
      const users = await visibleUsers(app.db, account, [rated]);
      if (users.get(rated)!.companyId !== companyId) throw new HttpError(404, format(messages.api.userNotFound, { id: rated }));
      const versions = await listVersions(app.db, rated, type);
      return versions.map((row) => ({ id: row.version, version: row.version, created_at: new Date(row.createdAt).toISOString() }));
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
            required: ['id', 'user_id', 'rated', 'rated_sector', 'rated_sector_name', 'type_evaluation', 'version', 'done', 'expire_at', 'evaluator_name', 'rated_name'],
            properties: {
              id: { type: 'string' },
              user_id: { type: 'integer' },
              rated: { type: ['integer', 'null'] },
              rated_sector: { type: ['integer', 'null'] },
              rated_sector_name: { type: ['string', 'null'], description: 'Nome do setor avaliado (mapas de área), ou null' },
              type_evaluation: { type: 'integer' },
              version: { type: ['integer', 'null'] },
              definition_version: { type: ['string', 'null'], description: 'Versão do questionário com que a avaliação foi criada ("2.1")' },
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
      return evaluationLink(evaluation);
    },
  );
}
