import type { FastifyInstance } from 'fastify';
import { expiryFor } from '../../../../engine/lifecycle/linkState.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { planEvaluations } from '../../../../engine/lifecycle/creationPlan.ts';
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
import { isUuid } from '../../../../engine/rules/uuid.ts';
import { bearer, errorResponses, messageSchema, type ContractProvider } from '../contract/common.ts';
import {
  evaluationCreateSchema,
  evaluationLinkParamsSchema,
  evaluationLinkSchema,
  evaluationParamsSchema,
  evaluationRenewSchema,
  evaluationsCreatedSchema,
  evaluationsRenewedSchema,
  versionListSchema,
  versionParamsSchema,
} from '../contract/evaluations.ts';
import { cyclesForBatch } from '../cycles.ts';
import { evaluationLink } from '../respondent/evaluationLink.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

/**
 * Staff calls of evaluations: create (`POST /evaluation`, the catalogue's rules, scanner bundles,
 * e-mail jobs in the same transaction), renew (`PATCH /evaluation`), delete (administrators) and the
 * versions of a 360; and the public `GET /evaluation/find/{id}` a respondent link reads.
 */
export async function evaluationRoutes(server: FastifyInstance, options: { findLimit: number }) {
  const app = server.withTypeProvider<ContractProvider>();
  app.post(
    '/evaluation',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['evaluations'],
        summary: 'Criar avaliações (uma transação; e-mails em fila)',
        security: bearer,
        body: evaluationCreateSchema,
        response: {
          201: evaluationsCreatedSchema,
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
      const timeZone = app.settings.timeZone;
      const planned = plan.items.map((item) => {
        const participation = item.usercourseId ? participations.get(item.usercourseId)! : undefined;
        const owner = participation ? { courseId: participation.courseId, companyId: participation.courseCompanyId } : { courseId: null, companyId: found.get(item.userId)!.companyId };
        return { ...item, owner, expireAt: item.days === null ? null : expiryFor(now, item.days, timeZone) };
      });
      const choice = { cycleId: request.body.cycle_id, cycleName: request.body.cycle_name };
      const typeName = (type: number) => app.definitions.types.get(type)?.name ?? String(type);
      const created = await app.db.transaction(async (tx) => {
        const cycleIds = await cyclesForBatch(tx, choice, planned, { account, now, timeZone, typeName });
        const rows = planned.map((item, index) => ({
          userId: item.userId,
          rated: item.rated,
          ratedSector: item.ratedSector,
          typeEvaluation: item.typeEvaluation,
          version: item.version,
          expireAt: item.expireAt,
          usercourseId: item.usercourseId,
          cycleId: cycleIds[index] ?? null,
        }));
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
        // The rounds this call made (any, unless it joined an existing one) are audited as made.
        const newCycles = new Map(choice.cycleId === undefined ? planned.flatMap((item, index) => (cycleIds[index] == null ? [] : [[cycleIds[index]!, item.owner] as const])) : []);
        await recordAudit(tx, request, [
          ...[...newCycles].map(([id, owner]) => ({ action: 'cycle.create' as const, companyId: owner.companyId, target: `cycle:${id}`, details: { course_id: owner.courseId, by: 'evaluation.create' } })),
          ...inserted.map((row) => ({
            action: 'evaluation.create' as const,
            companyId: found.get(row.userId)!.companyId,
            target: `evaluation:${row.id}`,
            details: { type_evaluation: row.typeEvaluation, user_id: row.userId, rated: row.rated, cycle_id: row.cycleId },
          })),
        ]);
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
          cycle_id: row.cycleId,
        })),
      });
    },
  );

  app.patch(
    '/evaluation',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['evaluations'],
        summary: 'Renovar avaliações: novo vencimento a partir de hoje (e-mails em fila)',
        security: bearer,
        body: evaluationRenewSchema,
        response: {
          200: evaluationsRenewedSchema,
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

  app.delete(
    '/evaluation/:id',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['evaluations'],
        summary: 'Deletar uma avaliação e suas respostas (administrador; irreversível)',
        security: bearer,
        params: evaluationParamsSchema,
        response: {
          200: messageSchema,
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

  app.get(
    '/evaluation/versions/:companyId/:rated/:type',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['evaluations'],
        summary: 'Versões de um tipo de avaliação já dadas a um avaliado (ex.: 360, tipo 2)',
        security: bearer,
        params: versionParamsSchema,
        response: {
          200: versionListSchema,
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

  app.get(
    '/evaluation/find/:id',
    {
      config: { rateLimit: { max: options.findLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['evaluations'],
        summary: 'Dados de um link de avaliação (público)',
        params: evaluationLinkParamsSchema,
        response: {
          200: evaluationLinkSchema,
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
