import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { canSeeCompany, companyScope, visibleCompany, visibleUsers } from '../access.ts';
import { HttpError } from '../errors.ts';
import { listEvaluations, type ListFilter } from '../repositories/evaluations.ts';
import { findCourse } from '../repositories/courses.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { evaluationFilterSchema, evaluationPageSchema } from '../contract/evaluations.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

/**
 * `POST /evaluation/find`: the data-management listing (spec "Gestão de Dados"), newest first and
 * paged. Filters: a user, or a company with an evaluation type (the "product"), or a course; a company
 * user is always confined to its own company.
 */
export async function evaluationListRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  app.post(
    '/evaluation/find',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['evaluations'],
        summary: 'Listar avaliações (Gestão de Dados), paginado',
        security: bearer,
        body: evaluationFilterSchema,
        response: {
          200: evaluationPageSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const body = request.body ?? {};
      const filter: ListFilter = { companyId: companyScope(account) };
      if (body.company_id !== undefined) {
        await visibleCompany(app.db, account, body.company_id);
        filter.companyId = body.company_id;
      }
      if (body.user_id !== undefined) {
        await visibleUsers(app.db, account, [body.user_id]);
        filter.userId = body.user_id;
      }
      if (body.course_id !== undefined) {
        const course = await findCourse(app.db, body.course_id);
        // A course of another company, or one across companies, is an administrator's.
        if (!course || !canSeeCompany(account, course.companyId)) throw new HttpError(404, format(messages.evaluation.courseNotFound, { id: body.course_id }));
        filter.courseId = body.course_id;
      }
      if (body.type_evaluation !== undefined) filter.typeEvaluation = Number(body.type_evaluation);
      if (body.done !== undefined) filter.done = body.done;
      const page = await listEvaluations(app.db, filter, { limit: body.limit ?? 50, offset: body.offset ?? 0 }, new Date());
      return {
        total: page.total,
        more: page.more,
        evaluations: page.rows.map((row) => ({
          evaluation_id: row.id,
          user_id: row.userId,
          user_name: row.userName,
          rated: row.rated,
          rated_name: row.ratedName,
          type: String(row.typeEvaluation),
          type_name: app.definitions.types.get(row.typeEvaluation)?.name ?? String(row.typeEvaluation),
          version: row.version,
          expire_at: row.expireAt ? new Date(row.expireAt).toISOString() : null,
          done: row.done,
          expired: Boolean(row.expired),
          created_at: new Date(row.createdAt).toISOString(),
        })),
      };
    },
  );
}
